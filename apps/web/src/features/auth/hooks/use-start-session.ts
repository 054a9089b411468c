import type { Session } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '@/lib/auth-store';

/**
 * Stores a new session. The server has ended any guest identity the caller held (after the cart
 * merged it), so the guest is cleared here too; every cached answer is refetched for the new identity.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return (session: Session) => {
    const auth = useAuthStore.getState();
    auth.clearGuest();
    auth.setSession(session.token, session.user);
    void queryClient.invalidateQueries();
  };
}
