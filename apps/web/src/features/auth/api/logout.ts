import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export function logout() {
  return api<null>('/v2/auth/logout', { method: 'POST' });
}

export function logoutEverywhere() {
  return api<null>('/v2/auth/logout-all', { method: 'POST' });
}

/** Ends the session on the server, then clears every identity locally even if the call failed. */
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
