import { defaultTenantId } from '@orderfront/core';
import { hashPassword } from '../../modules/auth/crypto.js';
import type { Db } from '../database.js';

/** The demo accounts of tenant 139 (also in the README's demo section). */
export const demoAccounts = [
  {
    role: 'owner',
    name: 'Giulia Bianchi',
    email: 'owner@bellanonna.example',
    phone_no: '0412 345 678',
    password: 'BellaNonna-Owner-2026',
  },
  {
    role: 'customer',
    name: 'Sam Customer',
    email: 'customer@bellanonna.example',
    phone_no: '0498 765 432',
    password: 'BellaNonna-Customer-2026',
  },
] as const;

export async function seedDemoAccounts(db: Db): Promise<void> {
  for (const { password, ...account } of demoAccounts) {
    await db
      .insertInto('users')
      .values({ ...account, tenant_id: defaultTenantId, password_hash: await hashPassword(password) })
      .execute();
  }
  // Whoever runs the demo needs these to sign in (not printed during test runs).
  if (!process.env.VITEST) {
    const lines = demoAccounts.map((a) => `  ${a.role.padEnd(8)} ${a.email}  password: ${a.password}`);
    process.stdout.write(`Demo accounts of tenant ${defaultTenantId}:\n${lines.join('\n')}\n`);
  }
}
