import { defaultTenantId } from '@orderfront/core';
import { hashPassword } from '../../modules/auth/crypto.js';
import type { Db } from '../database.js';

/** The demo's back-office team (decision 017): the owner (accounts seed) manages every restaurant. */
export const demoStaff = [
  {
    role: 'manager',
    name: 'Marco Rossi',
    email: 'manager@bellanonna.example',
    phone_no: '0413 222 333',
    password: 'BellaNonna-Manager-2026',
    restaurants: ['surry-hills', 'parramatta'],
  },
  {
    role: 'staff',
    name: 'Lucia Ferri',
    email: 'staff@bellanonna.example',
    phone_no: '0414 444 555',
    password: 'BellaNonna-Staff-2026',
    restaurants: ['surry-hills'],
  },
] as const;

export async function seedStaff(db: Db): Promise<void> {
  const restaurants = await db
    .selectFrom('restaurants')
    .select(['id', 'slug'])
    .where('tenant_id', '=', defaultTenantId)
    .execute();
  for (const { password, restaurants: slugs, ...account } of demoStaff) {
    const { id } = await db
      .insertInto('users')
      .values({ ...account, tenant_id: defaultTenantId, password_hash: await hashPassword(password) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('staff_restaurants')
      .values(
        restaurants
          .filter((r) => (slugs as readonly string[]).includes(r.slug))
          .map((r) => ({ tenant_id: defaultTenantId, user_id: id, restaurant_id: r.id })),
      )
      .execute();
  }
  if (!process.env.VITEST) {
    const lines = demoStaff.map((a) => `  ${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
    process.stdout.write(`Back-office accounts of tenant ${defaultTenantId}:\n${lines.join('\n')}\n`);
  }
}
