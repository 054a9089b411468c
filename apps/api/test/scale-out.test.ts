import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { OrderEventData } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { createTestDatabase, type TestDatabase, testDialect } from './support/database.js';
import { call, guestOrder, shopAt, simpleProduct, userWithRole } from './support/orders.js';
import { type ApiProcess, ownApiProcess, startApiProcess, urlOf } from './support/processes.js';
import { eventReader } from './support/sse.js';

const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Several API processes on PostgreSQL and Redis behind one load balancer (decision 030).
describe.skipIf(testDialect !== 'postgres' || !redisUrl)('two API processes on one database and Redis', () => {
  let database: TestDatabase;
  let db: ReturnType<typeof openDatabase>;
  const processes: ApiProcess[] = [];
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.target);
    const env = {
      DATABASE_URL: urlOf(database),
      REDIS_URL: redisUrl as string,
      // This run's own keys and channel in the shared Redis.
      REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`,
      SWEEP_EVERY_SECONDS: '1',
      RATE_LIMIT_MAX: '150',
      AUTH_RATE_LIMIT_MAX: '1000',
    };
    a = await startApiProcess(env, db);
    processes.push(a);
    b = await startApiProcess(env, db);
    processes.push(b);
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });

  it('an order placed through A and moved through B reaches the customer streaming from A', async () => {
    const shop = await shopAt(a.ctx);
    const { guest, placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    const id = placed.order.id;
    const controller = new AbortController();
    const stream = await fetch(`${a.base}/api/v2/orders/${id}/events`, {
      headers: { authorization: `Bearer ${guest.token}` },
      signal: controller.signal,
    });
    const events = eventReader(stream);
    expect((await events.next<OrderEventData>('order')).status).toBe('placed');

    const staff = await userWithRole(b.ctx, 'staff');
    const moved = await call(b.ctx, 'PATCH', `/v2/admin/orders/${id}/status`, staff.token, {
      status: 'accepted',
      prep_minutes: 15,
    });
    expect(moved.statusCode).toBe(200);
    expect((await events.next<OrderEventData>('order')).status).toBe('accepted');
    controller.abort();
  });

  it('a price changed through B is what the next menu read on A shows', async () => {
    const shop = await shopAt(a.ctx);
    const product = simpleProduct(shop.menu);
    const manager = await userWithRole(b.ctx, 'manager');
    const price = product.unit_price + 111;
    const changed = await call(b.ctx, 'PATCH', `/v2/admin/products/${product.id}`, manager.token, {
      restaurant_id: shop.restaurantId,
      price,
      online_price: price,
    });
    expect(changed.statusCode).toBe(200);
    const menu = (
      await a.ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${shop.restaurantId}/menu` })
    ).json().data;
    expect(menu.products.find((p: { id: number }) => p.id === product.id).unit_price).toBe(price);
  });

  it('a rate limit reached through one process holds on the other', async () => {
    let status = 200;
    for (let i = 0; i < 200 && status !== 429; i++) status = (await fetch(`${a.base}/api/health`)).status;
    expect(status).toBe(429);
    expect((await fetch(`${b.base}/api/health`)).status).toBe(429);
  });

  it('each job runs once per period across both, and passes to B when its holder dies', async () => {
    const runsOf = async () =>
      (await db.selectFrom('job_runs').selectAll().where('name', '=', 'orders.sweep-abandoned').executeTakeFirst()) ??
      null;
    const before = await runsOf();
    await sleep(4000);
    const after = await runsOf();
    // One period is one second; two processes each running it would give about eight.
    const runs = (after?.runs ?? 0) - (before?.runs ?? 0);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(5);

    const holderPid = Number(after?.holder?.split(':')[1]);
    const holder = processes.find((p) => p.child.pid === holderPid);
    const other = processes.find((p) => p !== holder);
    if (!holder || !other) throw new Error(`holder ${after?.holder} is neither process`);
    holder.child.kill('SIGKILL');
    await holder.exited;
    await sleep(3000);
    const later = await runsOf();
    expect(later?.holder?.split(':')[1]).toBe(String(other.child.pid));
    expect((later?.runs ?? 0) - (after?.runs ?? 0)).toBeGreaterThanOrEqual(1);
  });

  // Three processes each load the app through tsx: about 15 s on a loaded 2-core machine.
  it('WORKERS=2 runs two processes on one port and stops them all on SIGTERM', async () => {
    const cluster = await startApiProcess(
      {
        DATABASE_URL: urlOf(database),
        REDIS_URL: redisUrl as string,
        REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:`,
        WORKERS: '2',
        SHUTDOWN_GRACE_SECONDS: '0',
      },
      db,
    );
    processes.push(cluster);
    for (let i = 0; i < 50 && !cluster.output().includes('2 processes'); i++) await sleep(100);
    expect(cluster.output()).toContain('2 processes');
    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
  }, 90_000);
});

// A load balancer takes a process out of rotation before it stops (both dialects, one process).
describe('graceful shutdown', () => {
  const server = ownApiProcess();
  let api: ApiProcess | undefined;

  beforeAll(async () => {
    api = await server.start({ SHUTDOWN_GRACE_SECONDS: '2' });
  }, 120_000);

  it('fails readiness while it drains, keeps serving, ends event streams with a retry hint and exits 0', async () => {
    const proc = api as ApiProcess;
    const shop = await shopAt(proc.ctx);
    const { guest, placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    const stream = await fetch(`${proc.base}/api/v2/orders/${placed.order.id}/events`, {
      headers: { authorization: `Bearer ${guest.token}` },
    });
    const events = eventReader(stream);
    await events.next('order');

    proc.child.kill('SIGTERM');
    let ready = 200;
    for (let i = 0; i < 50 && ready === 200; i++) {
      ready = (await fetch(`${proc.base}/api/ready`)).status;
      if (ready === 200) await sleep(50);
    }
    expect(ready).toBe(503);
    expect((await fetch(`${proc.base}/api/health`)).status).toBe(200);

    await expect(events.next('order', 10_000)).rejects.toThrow('stream ended');
    expect(events.seen.at(-1)).toBe('retry: 500');
    expect(await proc.exited).toBe(0);
  });
});

// Ctrl-C while a browser is mid-load: its answer still goes out, and its socket never holds the stop.
describe('a stop with a request in flight', () => {
  const server = ownApiProcess();

  it('answers it with connection: close and exits at once, though the client keeps its socket open', async () => {
    const proc = await server.start();
    const { hostname, port } = new URL(proc.base);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const body = JSON.stringify({ tenant_id: 139, status: 1 });
    // Headers and half the body: the request is in flight, its body still to come.
    socket.write(
      `POST /api/restaurants-with-images HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 5)}`,
    );
    // A whole request on another connection: by its answer the server has read the first one's headers.
    expect((await fetch(`${proc.base}/api/health`)).status).toBe(200);

    proc.child.kill('SIGINT');
    // The stop has begun once readiness fails or new connections are refused.
    const ready = () =>
      fetch(`${proc.base}/api/ready`).then(
        (r) => r.status,
        () => 'refused',
      );
    await expect.poll(ready, { interval: 20, timeout: 10_000 }).not.toBe(200);
    socket.write(body.slice(5));
    const stopped = await Promise.race([proc.exited, sleep(20_000).then(() => 'still running')]);
    expect(stopped).toBe(0);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    socket.destroy();
  }, 60_000);
});
