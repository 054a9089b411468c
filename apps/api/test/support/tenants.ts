import type { App } from '../../src/app.js';
import type { Db } from '../../src/db/database.js';
import type { NewRestaurant, NewTenant } from '../../src/db/schema.js';
import { hashPassword } from '../../src/modules/auth/crypto.js';
import { signIn } from './auth.js';

/** Another business on the same server: Luigi of Auckland (tenant 7, NZD, tax exclusive) unless told. */
export async function addTenant(db: Db, values: Partial<NewTenant> = {}) {
  const tenant: NewTenant = {
    id: 7,
    name: 'Luigi',
    short_name: 'Luigi',
    slug: 'luigi',
    host: 'luigi.example',
    currency: 'NZD',
    locale: 'en-NZ',
    timezone: 'Pacific/Auckland',
    tax_mode: 'exclusive',
    tax_rate_bps: 1500,
    ...values,
  };
  await db.insertInto('tenants').values(tenant).execute();
  return tenant.id as number;
}

/** An Australian business like the demo's (AUD, GST inclusive), for tests across tenants. */
export const addAustralianTenant = (db: Db, id: number, values: Partial<NewTenant> = {}) =>
  addTenant(db, {
    id,
    name: 'Other',
    short_name: 'Other',
    slug: 'other',
    host: 'other.example',
    currency: 'AUD',
    locale: 'en-AU',
    timezone: 'Australia/Sydney',
    tax_mode: 'inclusive',
    tax_rate_bps: 1000,
    ...values,
  });

/** Luigi's restaurant in Ponsonby (tenant 7 unless told); answers its id. */
export async function addPonsonby(db: Db, values: Partial<NewRestaurant> = {}) {
  const row = await db
    .insertInto('restaurants')
    .values({
      tenant_id: 7,
      name: 'Luigi Ponsonby',
      slug: 'ponsonby',
      status: 1,
      street_name: '1 Ponsonby Rd',
      suburb: 'Ponsonby',
      city: 'Auckland',
      state: 'AUK',
      postcode: '1011',
      country: 'NZ',
      phone: '09 000 0000',
      email: 'p@luigi.example',
      latitude: -36.85,
      longitude: 174.75,
      timezone: 'Pacific/Auckland',
      image_path: null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Runs `fn` while the business takes no online orders, and turns them back on whatever happens. */
export async function whileOnlineOrderingOff<T>(db: Db, tenantId: number, fn: () => Promise<T>): Promise<T> {
  const set = (on: number) =>
    db.updateTable('app_settings').set({ is_online_order_enabled: on }).where('tenant_id', '=', tenantId).execute();
  await set(0);
  try {
    return await fn();
  } finally {
    await set(1);
  }
}

/** Luigi's business (tenant 7) with its Ponsonby restaurant and its owner signed in. */
export async function addLuigi(app: App, db: Db) {
  await addTenant(db);
  const restaurantId = await addPonsonby(db);
  await db
    .insertInto('users')
    .values({
      tenant_id: 7,
      email: 'owner@luigi.example',
      name: 'Luigi',
      role: 'owner',
      password_hash: await hashPassword('Luigi-Owner-2026'),
      google_sub: null,
    })
    .execute();
  return { restaurantId, ownerToken: await signIn(app, 'owner@luigi.example', 'Luigi-Owner-2026', 7) };
}
