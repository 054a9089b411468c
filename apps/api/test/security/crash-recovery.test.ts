import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Menu } from '@orderfront/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/bootstrap.js';
import { loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/database.js';
import type { TestContext } from '../support/app.js';
import { createTestDatabase, testDialect } from '../support/database.js';
import { guestDetails, openAllDay, simpleProduct } from '../support/orders.js';

/**
 * Decision 026 (and 014): the server killed with SIGKILL in the middle of a burst of orders, then
 * started again on the same database: every order that was answered 201 is there and whole, and no
 * kitchen slot or coupon counter drifted from the orders and redemptions that hold it. On SQLite and
 * on PostgreSQL.
 */
const apiDir = path.resolve(import.meta.dirname, '../..');

/** A database URL the server process can be given: a SQLite file, or a fresh PostgreSQL database. */
async function serverDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testDialect === 'sqlite') {
    const target = await createTestDatabase('sqlite');
    if (target.target.dialect !== 'sqlite') throw new Error('unreachable');
    return { url: `sqlite:${target.target.file}`, drop: target.drop };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `crash_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        clearTimeout(timer);
        resolve({ child, base: `http://127.0.0.1:${port}` });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

describe(`kill -9 mid-burst of orders (${testDialect})`, () => {
  let database: { url: string; drop(): Promise<void> };
  let db: Db;
  let server: { child: ChildProcess; base: string } | null = null;
  let restaurantId: number;

  beforeAll(async () => {
    database = await serverDatabase();
    const config = loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
    ({ db } = await prepareDatabase(config));
    const row = await db
      .selectFrom('restaurants')
      .select('id')
      .where('slug', '=', 'surry-hills')
      .executeTakeFirstOrThrow();
    restaurantId = row.id;
    await openAllDay({ db } as TestContext, restaurantId);
  }, 180_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await db?.destroy().catch(() => undefined);
    await database?.drop().catch(() => undefined);
  });

  it('keeps every answered order whole and every counter in step after a restart', async () => {
    server = await startServer(database.url);
    const api = (
      base: string,
      url: string,
      init: { method?: string; token?: string; body?: unknown; key?: string } = {},
    ) =>
      fetch(`${base}/api${url}`, {
        method: init.method ?? 'GET',
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.key ? { 'idempotency-key': init.key } : {}),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
    const { base } = server;
    const menu = ((await (await api(base, `/v2/restaurants/${restaurantId}/menu`)).json()) as { data: Menu }).data;
    const product = simpleProduct(menu);
    // The first day with pickup slots left: late in the restaurant's evening, today has none.
    const timesUrl = `/v2/restaurants/${restaurantId}/fulfilment-times?method=pickup`;
    type Times = { data: { dates: string[]; times: { value: string }[] } };
    const first = ((await (await api(base, timesUrl)).json()) as Times).data;
    let slots: { date: string; value: string }[] = [];
    for (const date of first.dates) {
      const day = ((await (await api(base, `${timesUrl}&date=${date}`)).json()) as Times).data;
      slots = day.times
        .filter((t) => t.value !== 'asap')
        .slice(0, 3)
        .map((t) => ({ date, value: t.value }));
      if (slots.length > 0) break;
    }
    expect(slots.length).toBeGreaterThan(0);

    const answered: number[] = [];
    const victim = server.child;
    async function order(i: number) {
      const guest = (await (
        await api(base, '/v2/auth/guest', { method: 'POST', body: { tenant_id: 139 } })
      ).json()) as {
        data: { guest_token: string; guest: { guest_id: number } };
      };
      const token = guest.data.guest_token;
      const cart = await api(base, '/v2/cart', {
        method: 'POST',
        token,
        body: {
          restaurant_id: restaurantId,
          restaurant_product_id: product.id,
          product_id: product.product_id,
          quantity: 3,
          is_half_and_half: false,
          notes: '',
          modifiers: [],
          configurations: [],
          guest_id: guest.data.guest.guest_id,
        },
      });
      if (cart.status !== 201) return;
      const placed = await api(base, '/v2/orders', {
        method: 'POST',
        token,
        key: `crash_${i}_${Date.now()}`,
        body: {
          restaurant_id: restaurantId,
          method: 'pickup',
          pickup_date: slots[i % slots.length]?.date,
          pickup_time: slots[i % slots.length]?.value,
          payment_method: 'cash_on_delivery',
          guest_details: guestDetails(),
          ...(i % 2 === 0 ? { coupon_code: 'FIVEOFF' } : {}),
        },
      });
      if (placed.status === 201) {
        answered.push(((await placed.json()) as { data: { order: { id: number } } }).data.order.id);
        // Killed while the rest of the burst is in flight.
        if (answered.length === 6) victim.kill('SIGKILL');
      }
    }
    await Promise.allSettled(Array.from({ length: 30 }, (_v, i) => order(i)));
    await new Promise<void>((resolve) =>
      victim.exitCode !== null || victim.signalCode ? resolve() : victim.once('exit', () => resolve()),
    );
    expect(victim.signalCode).toBe('SIGKILL');
    expect(answered.length).toBeGreaterThanOrEqual(6);

    server = await startServer(database.url);
    expect((await api(server.base, '/health')).status).toBe(200);

    const orders = await db.selectFrom('orders').selectAll().execute();
    for (const id of answered) {
      const row = orders.find((o) => o.id === id);
      expect(row, `order ${id}`).toMatchObject({ status: 'placed', restaurant_id: restaurantId });
      const reread = await api(server.base, `/v2/orders/${id}`, { token: undefined });
      expect(reread.status).toBe(404); // still private after the restart
    }
    const live = orders.filter((o) => o.status !== 'cancelled');
    for (const slot of await db.selectFrom('kitchen_slots').selectAll().execute()) {
      const held = live.filter((o) => o.restaurant_id === slot.restaurant_id && o.slot_start === slot.slot_start);
      expect(slot.orders, `kitchen slot ${slot.slot_start}`).toBe(held.length);
    }
    const coupon = await db.selectFrom('coupons').selectAll().where('code', '=', 'FIVEOFF').executeTakeFirstOrThrow();
    const uses = await db
      .selectFrom('coupon_redemptions')
      .select('status')
      .where('coupon_id', '=', coupon.id)
      .where('status', '!=', 'released')
      .execute();
    expect(coupon.times_used).toBe(uses.length);
    expect(uses.length).toBe(live.filter((o) => o.coupon_code?.toUpperCase() === 'FIVEOFF').length);
  }, 240_000);
});
