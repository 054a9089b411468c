import { abilitiesOf, type StaffRole } from '@orderfront/core';
import { useAuthStore } from '@/lib/auth-store';
import { ok } from './api';

/**
 * Pat, signed in with `role` at the one restaurant Bella Nonna Surry Hills: sets the session and
 * answers the handler of `/admin/me` to put among a test's stubApi handlers.
 */
export function staffSession(role: StaffRole) {
  useAuthStore.setState({
    token: `${role}-token`,
    user: { id: 9, tenant_id: 139, name: 'Pat', email: 'p@x.test', phone_no: '', role, has_password: true },
  });
  return {
    '/api/v2/admin/me': () =>
      ok({
        user: { id: 9, name: 'Pat', email: 'p@x.test', role },
        abilities: abilitiesOf(role),
        restaurants: [{ id: 1, name: 'Bella Nonna Surry Hills', timezone: 'Australia/Sydney', status: 1 }],
      }),
  };
}
