import type { User, VerifyEmailRequest } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

/** Confirms a new email address with the code mailed to it (decision 025). */
export function verifyEmail(input: VerifyEmailRequest) {
  return api<User>('/v2/auth/profile/verify-email', { method: 'POST', body: input });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (user) => {
      useAuthStore.getState().setUser(user);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
