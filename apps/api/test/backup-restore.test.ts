import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlacedOrder } from '@orderfront/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { prepareDatabase } from '../src/bootstrap.js';
import type { Config } from '../src/config.js';
import { createBackup, type MadeBackup } from '../src/db/backup/backup.js';
import { restoreBackup } from '../src/db/backup/restore.js';
import type { Db } from '../src/db/database.js';
import { createEmptyInstallation, type TestDatabase } from './support/database.js';
import { issueGiftCard } from './support/gift-cards.js';
import {
  type Caller,
  call,
  guestOrder,
  newKey,
  pickupTimes,
  type Shop,
  startShop,
  userWithRole,
} from './support/orders.js';

/**
 * The restore drill of decision 027: orders keep coming while a backup is made; the backup restored
 * into a new installation holds every order answered before it began, ledgers that add up, and the
 * app starts and serves the menu from it.
 */

let shop: Shop;
let manager: Caller;
let customerId: number;
let work: string;
let backup: MadeBackup;
let before: PlacedOrder[] = [];
let times: { pickup_date: string; pickup_time: string }[] = [];
const image = 'products/drill.png';

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-drill-'));
  shop = await startShop({ env: { UPLOADS_DIR: path.join(work, 'uploads') } });
  manager = await userWithRole(shop.ctx, 'manager');
  const customer = await userWithRole(shop.ctx, 'customer');
  times = await pickupTimes(shop.ctx, shop.restaurantId);
  customerId = (customer.ids as { user_id: number }).user_id;
  const uploads = shop.ctx.config.uploadsDir;
  fs.mkdirSync(path.join(uploads, 'products'), { recursive: true });
  fs.writeFileSync(path.join(uploads, image), Buffer.from('89504e470d0a1a0a', 'hex'));
});

afterAll(async () => {
  await shop?.ctx.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** One order as a customer places it: some paid partly with a new $5 gift card; some points given too. */
async function oneSale(n: number): Promise<PlacedOrder> {
  if (n % 3 === 0) {
    const res = await call(
      shop.ctx,
      'POST',
      `/v2/admin/loyalty/${customerId}/adjust`,
      manager.token,
      {
        points: 10,
        reason: 'Drill',
      },
      { 'idempotency-key': newKey() },
    );
    if (res.statusCode !== 201) throw new Error(`adjust: ${res.statusCode} ${res.body}`);
  }
  const extra = n % 2 === 0 ? { gift_card_code: (await issueGiftCard(shop.ctx, manager.token, 500)).code } : {};
  // Each at its own pickup time: the kitchen's capacity per slot is not under test here.
  return (await guestOrder(shop, { ...extra, ...times[n % times.length] })).placed;
}

/** Workers placing orders until told to stop; every success is recorded with when it was answered. */
function keepOrdering(workers: number) {
  const answered: PlacedOrder[] = [];
  const failures: unknown[] = [];
  let stop = false;
  let n = 0;
  const running = Array.from({ length: workers }, async () => {
    while (!stop) {
      try {
        answered.push(await oneSale(n++));
      } catch (error) {
        failures.push(error);
      }
    }
  });
  return {
    answered,
    failures,
    async stop() {
      stop = true;
      await Promise.all(running);
    },
  };
}

async function until(condition: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function ledgersAddUp(db: Db) {
  const cards = await db.selectFrom('gift_cards').select(['id', 'balance']).execute();
  for (const card of cards) {
    const entries = await db
      .selectFrom('gift_card_ledger')
      .select('amount')
      .where('gift_card_id', '=', card.id)
      .execute();
    expect(
      entries.reduce((sum, e) => sum + e.amount, 0),
      `gift card ${card.id}`,
    ).toBe(card.balance);
  }
  const accounts = await db.selectFrom('loyalty_accounts').select(['id', 'balance']).execute();
  for (const account of accounts) {
    const entries = await db
      .selectFrom('loyalty_ledger')
      .select('points')
      .where('account_id', '=', account.id)
      .execute();
    expect(
      entries.reduce((sum, e) => sum + e.points, 0),
      `points account ${account.id}`,
    ).toBe(account.balance);
  }
  return { cards: cards.length, accounts: accounts.length };
}

describe('backup while taking orders, restore into a new installation', () => {
  it('makes a backup while orders keep being placed', async () => {
    const orders = keepOrdering(3);
    try {
      await until(() => orders.answered.length >= 4);
      before = [...orders.answered];
      backup = await createBackup(
        { db: shop.ctx.db, database: shop.ctx.config.database, uploadsDir: shop.ctx.config.uploadsDir },
        path.join(work, 'backups'),
      );
      const during = orders.answered.length - before.length;
      await until(() => orders.answered.length >= before.length + during + 2); // still taking orders after
    } finally {
      await orders.stop();
    }
    expect(orders.failures).toEqual([]);
    expect(backup.manifest.dialect).toBe(shop.ctx.config.database.dialect);
    expect(backup.manifest.schema_version).toBe(backup.manifest.migrations.at(-1));
    expect(path.basename(backup.dir)).toContain(backup.manifest.schema_version);
    expect(backup.manifest.files.map((f) => f.path)).toContain(`uploads/${image}`);
  });

  it('restores into a fresh installation that starts and serves what was ordered', async () => {
    const installation: TestDatabase = await createEmptyInstallation();
    const uploadsDir = path.join(work, 'restored-uploads');
    try {
      const done = await restoreBackup({ database: installation.target, uploadsDir }, backup.dir);
      expect(done.join('\n')).toMatch(/Restored the database/);
      expect(fs.existsSync(path.join(uploadsDir, image))).toBe(true);

      const config: Config = { ...shop.ctx.config, database: installation.target, uploadsDir, seedDemo: false };
      const { db, migrated } = await prepareDatabase(config);
      const app = await buildApp({ config, db, logger: false });
      try {
        expect(migrated).toEqual([]);
        if (installation.target.dialect === 'postgres') {
          // The planner's statistics were gathered with the rows (decision 079).
          const { rows: analysed } = await sql<{ table: string }>`
            select distinct tablename as table from pg_stats
            where schemaname = current_schema() and tablename in ('orders', 'order_status_history', 'products')
            order by 1`.execute(db);
          expect(analysed.map((r) => r.table)).toEqual(['order_status_history', 'orders', 'products']);
        }
        const ids = before.map((p) => p.order.id);
        const rows = await db
          .selectFrom('orders')
          .select(['id', 'order_number', 'total_cents'])
          .where('id', 'in', ids)
          .execute();
        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const placed of before) {
          expect(byId.get(placed.order.id), `order ${placed.order.order_number}`).toEqual({
            id: placed.order.id,
            order_number: placed.order.order_number,
            total_cents: placed.order.totals.total,
          });
        }
        const { cards, accounts } = await ledgersAddUp(db);
        expect(cards).toBeGreaterThan(0);
        expect(accounts).toBeGreaterThan(0);

        const menu = await app.inject({ method: 'GET', url: `/api/v2/restaurants/${shop.restaurantId}/menu` });
        expect(menu.statusCode).toBe(200);
        expect(menu.json().data.products.length).toBe(shop.menu.products.length);
        const upload = await app.inject({ method: 'GET', url: `/uploads/${image}` });
        expect(upload.statusCode).toBe(200);
        // A restored installation takes new orders: ids continue after the restored ones.
        const next = await app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: 139 } });
        expect(next.statusCode).toBe(201);
      } finally {
        await app.close();
        await db.destroy();
      }
    } finally {
      await installation.drop();
    }
  });
});
