import type { User } from '@orderfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export interface ProfileInput {
  name?: string;
  email?: string;
  phone_no?: string;
}

export function updateProfile(input: ProfileInput) {
  return api<User>('/v2/auth/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      useAuthStore.getState().setUser(user);
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
    },
  });
}
