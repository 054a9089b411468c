import { api } from '@/lib/api-client';

export function logoutEverywhere() {
  return api<null>('/v2/auth/logout-all', { method: 'POST' });
}
