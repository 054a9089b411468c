import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { prepareDatabase } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest, migrationStatus } from '../src/db/migrate.js';
import { migrations } from '../src/db/migrations/index.js';
import type { TestContext } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { installFixture, upgradeFixtures } from './support/fixture.js';
import { call, guestOrder, shopAt, userWithRole } from './support/orders.js';

/**
 * Upgrades keep data (decision 027): an installation of an earlier release, with orders, ledgers and
 * reservations, takes every later migration, keeps every row it had, and the app serves it.
 */

const fixtures = upgradeFixtures();

it('there is an upgrade fixture of a release', () => {
  expect(fixtures.length).toBeGreaterThan(0);
});

describe.each(fixtures)('upgrading $file', ({ fixture }) => {
  let database: TestDatabase;
  let ctx: TestContext;
  let applied: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = openDatabase(database.target);
    try {
      await installFixture(db, fixture);
      applied = await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '10000' }),
      database: database.target,
    };
    const prepared = await prepareDatabase(config);
    const app = await buildApp({ config, db: prepared.db, logger: false });
    await app.ready();
    ctx = { app, db: prepared.db, config, close: async () => undefined };
  });

  afterAll(async () => {
    await ctx?.app.close();
    await ctx?.db.destroy();
    await database?.drop();
  });

  it('applies every later migration and has none pending', async () => {
    expect(applied).toEqual(Object.keys(migrations).filter((name) => !fixture.migrations.includes(name)));
    const status = await migrationStatus(ctx.db);
    expect(status.filter((m) => !m.appliedAt)).toEqual([]);
    expect(status.map((m) => m.name)).toEqual(Object.keys(migrations));
  });

  it('keeps every row of every table', async () => {
    for (const { name, rows } of fixture.tables) {
      const now = (await ctx.db
        .selectFrom(name as 'orders')
        .selectAll()
        .execute()) as unknown as Record<string, unknown>[];
      const comparable = now.map((row) => Object.fromEntries(Object.keys(rows[0] ?? {}).map((k) => [k, row[k]])));
      expect(comparable, name).toEqual(expect.arrayContaining(rows));
    }
  });

  it('keeps gift card and points ledgers equal to their balances', async () => {
    const cards = await ctx.db.selectFrom('gift_cards').select(['id', 'balance']).execute();
    const accounts = await ctx.db.selectFrom('loyalty_accounts').select(['id', 'balance']).execute();
    expect(cards.length).toBeGreaterThan(0);
    expect(accounts.length).toBeGreaterThan(0);
    for (const card of cards) {
      const entries = await ctx.db
        .selectFrom('gift_card_ledger')
        .select('amount')
        .where('gift_card_id', '=', card.id)
        .execute();
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(card.balance);
    }
    for (const account of accounts) {
      const entries = await ctx.db
        .selectFrom('loyalty_ledger')
        .select('points')
        .where('account_id', '=', account.id)
        .execute();
      expect(entries.reduce((sum, e) => sum + e.points, 0)).toBe(account.balance);
    }
  });

  it('serves the menu and the orders, and takes new orders', async () => {
    const orders = fixture.tables.find((t) => t.name === 'orders')?.rows ?? [];
    expect(orders.length).toBeGreaterThan(0);
    const staff = await userWithRole(ctx, 'staff');
    const list = await call(ctx, 'GET', '/v2/admin/orders?per_page=100', staff.token);
    expect(list.statusCode).toBe(200);
    // Staff see every order but those still waiting for their payment.
    const seen = orders.filter((order) => order.status !== 'pending_payment');
    expect(seen.length).toBeGreaterThan(0);
    for (const order of seen) expect(list.body).toContain(`"order_number":"${order.order_number}"`);

    const shop = await shopAt(ctx);
    expect(shop.menu.products.length).toBeGreaterThan(0);
    const { placed } = await guestOrder(shop);
    expect(placed.order.id).toBeGreaterThan(Math.max(...orders.map((o) => Number(o.id))));
  });
});
