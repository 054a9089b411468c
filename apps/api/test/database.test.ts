import { NO_MIGRATIONS, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, openDatabase } from '../src/db/database.js';
import { isUniqueViolation } from '../src/db/dialect.js';
import { migrateToLatest, migrator } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import { seedDemo } from '../src/db/seed/demo.js';
import { createTestDatabase, type TestDatabase, testDialect } from './support/database.js';

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe(`migrations and seed on ${testDialect}`, () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.target);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it.runIf(testDialect === 'postgres')(
    'outlives the server ending an idle connection, and the next query gets another',
    async () => {
      const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
      try {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        const pid = rows[0]?.pid;
        const other = openDatabase(database.target);
        try {
          await sql`select pg_terminate_backend(${pid})`.execute(other);
        } finally {
          await other.destroy();
        }
        await vi.waitFor(() =>
          expect(warnings).toHaveBeenCalledWith(expect.stringContaining('ended an idle connection')),
        );
        const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        expect(again.rows[0]?.pid).not.toBe(pid);
      } finally {
        warnings.mockRestore();
      }
    },
  );

  it('migrates a fresh database, then finds nothing left to do', async () => {
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('migrates its own schema even when another database on the same server is migrated already', async () => {
    const other = await createTestDatabase();
    const otherDb = openDatabase(other.target);
    try {
      expect(await migrateToLatest(otherDb)).toEqual(Object.keys(migrations));
      expect(await seedDemo(otherDb)).toBe(true);
      // Ours was migrated by the test above; the other's tables must not be mistaken for ours.
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await db.selectFrom('tenants').select('id').execute()).toEqual([]);
    } finally {
      await otherDb.destroy();
      await other.drop();
    }
  });

  it('rolls every migration back and applies it again', async () => {
    const down = await (await migrator(db)).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
  });

  it('seeds the demo business once: tenant 139, two active restaurants and one inactive', async () => {
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false);

    const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', 139).executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({
      currency: 'AUD',
      locale: 'en-AU',
      timezone: 'Australia/Sydney',
      tax_mode: 'inclusive',
    });
    expect(tenant.tax_rate_bps).toBe(1000);
    expect(tenant.created_at).toMatch(isoUtc);

    const restaurants = await db
      .selectFrom('restaurants')
      .select(['id', 'status', 'image_path', 'latitude', 'timezone'])
      .where('tenant_id', '=', 139)
      .orderBy('id')
      .execute();
    expect(restaurants.map((r) => r.status)).toEqual([1, 1, 0]);
    for (const r of restaurants) {
      expect(r.image_path).toMatch(/^\/images\/restaurants\/.+\.svg$/);
      expect(r.timezone).toBe('Australia/Sydney');
    }
    expect(restaurants[0]?.latitude).toBeCloseTo(-33.88614, 5);

    const hours = await db
      .selectFrom('restaurant_hours')
      .select((eb) => ['restaurant_id', eb.fn.countAll<number>().as('count')])
      .groupBy('restaurant_id')
      .execute();
    expect(hours.map((h) => Number(h.count))).toEqual([21, 21, 21]); // 3 methods × 7 days

    const settings = await db.selectFrom('app_settings').selectAll().where('tenant_id', '=', 139).execute();
    expect(settings).toHaveLength(1);
    expect(settings[0]?.restaurant_id).toBeNull();
    expect(JSON.parse(settings[0]?.payment_gateway_config ?? '{}')).toEqual({
      provider: 'sandbox',
      mode: 'test',
      publishable_key: 'pk_sandbox_bella_nonna',
    });
  });

  it('allows one tenant-level settings row and one per restaurant', async () => {
    const tenantLevel = db.insertInto('app_settings').values({
      tenant_id: 139,
      restaurant_id: null,
      web_config: '{}',
      payment_gateway_config: '{}',
      is_online_order_enabled: 1,
    });
    const error = await tenantLevel.execute().catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);

    const restaurant = await db.selectFrom('restaurants').select('id').executeTakeFirstOrThrow();
    const perRestaurant = () =>
      db
        .insertInto('app_settings')
        .values({
          tenant_id: 139,
          restaurant_id: restaurant.id,
          web_config: '{}',
          payment_gateway_config: '{}',
          is_online_order_enabled: 0,
        })
        .execute();
    await perRestaurant();
    expect(isUniqueViolation(await perRestaurant().catch((e: unknown) => e))).toBe(true);
  });

  it('enforces foreign keys and checks', async () => {
    const base = {
      name: 'X',
      slug: 'x',
      street_name: '1 X St',
      suburb: 'X',
      city: 'X',
      state: 'NSW',
      postcode: '2000',
      country: 'AU',
      phone: '0',
      email: 'x@example.com',
      latitude: 0,
      longitude: 0,
      timezone: 'Australia/Sydney',
      image_path: null,
    };
    await expect(
      db
        .insertInto('restaurants')
        .values({ ...base, tenant_id: 999, status: 1 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('restaurants')
        .values({ ...base, tenant_id: 139, status: 2 })
        .execute(),
    ).rejects.toThrow();
  });
});
