import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { logoutEverywhere } from './logout-everywhere';

export function logout() {
  return api<null>('/v2/auth/logout', { method: 'POST' });
}

/** Ends the session (or every session) on the server, then clears every identity locally even if the call failed. */
export function useLogout(everywhere = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: everywhere ? logoutEverywhere : logout,
    onSettled: () => {
      useAuthStore.getState().clearAuth();
      queryClient.clear();
    },
  });
}
