import type { User } from '@orderfront/core';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';

export interface ChangePasswordInput {
  current_password?: string;
  new_password: string;
}

export function changePassword(input: ChangePasswordInput) {
  return api<User>('/v2/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (user) => useAuthStore.getState().setUser(user) });
}
