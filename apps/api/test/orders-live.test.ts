import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { OrderEventData } from '@orderfront/core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../src/lib/sse.js';
import { createOrderEvents, type OrderEvent } from '../src/modules/orders/events.js';
import type { TestContext } from './support/app.js';
import { type Caller, call, guestOrder, newGuest, type Shop, startShop, userWithRole } from './support/orders.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';
import { eventReader } from './support/sse.js';

let shop: Shop;
let ctx: TestContext;
let smtp: SmtpCapture;
let restaurantId: number;
let base: string;
let staff: Caller;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  shop = await startShop({
    env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://bellanonna.example.test' },
    // A stream with a short keep-alive, to see the comments without waiting 15 s.
    extend: (app) =>
      app.get('/test/keep-alive', async (request, reply) => {
        const stream = openEventStream(request, reply, { keepAliveMs: 30, open: app.orders.streams });
        stream.send('hello', { ok: true });
      }),
  });
  ({ ctx, restaurantId } = shop);
  staff = await userWithRole(ctx, 'staff');
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const cashOrder = (email?: string) => guestOrder(shop, { payment_method: 'cash_on_delivery' }, { email });

describe('live order status (server-sent events)', () => {
  it("streams the order's status to the link holder, and every change staff make", async () => {
    const { placed } = await cashOrder();
    const id = placed.order.id;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v2/orders/${id}/events`, {
      headers: { 'x-order-access': placed.access_token },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = eventReader(response);
    const first = await events.next<OrderEventData>('order');
    expect(first).toMatchObject({ order_id: id, status: 'placed', ready_at: null });

    const moved = await call(ctx, 'PATCH', `/v2/admin/orders/${id}/status`, staff.token, {
      status: 'accepted',
      prep_minutes: 15,
    });
    expect(moved.statusCode).toBe(200);
    const accepted = await events.next<OrderEventData>('order');
    expect(accepted.status).toBe('accepted');
    expect(accepted.ready_at).toBe(moved.json().data.ready_at);
    expect(accepted.status_history.map((h) => h.status)).toEqual(['placed', 'accepted']);

    await call(ctx, 'PATCH', `/v2/admin/orders/${id}/status`, staff.token, { status: 'preparing' });
    expect((await events.next<OrderEventData>('order')).status).toBe('preparing');

    // Closing the connection removes the listener.
    expect(ctx.app.orders.events.listenerCount(id)).toBe(1);
    controller.abort();
    await events.cancel().catch(() => undefined);
    for (let i = 0; i < 50 && ctx.app.orders.events.listenerCount(id) > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ctx.app.orders.events.listenerCount(id)).toBe(0);
  });

  it('accepts the bearer token of the owner; anyone else gets 404 and no stream', async () => {
    const { guest, placed } = await cashOrder();
    const controller = new AbortController();
    const own = await fetch(`${base}/api/v2/orders/${placed.order.id}/events`, {
      headers: { authorization: `Bearer ${guest.token}` },
      signal: controller.signal,
    });
    expect(own.status).toBe(200);
    expect((await eventReader(own).next<OrderEventData>('order')).order_id).toBe(placed.order.id);
    controller.abort();

    const stranger = await newGuest(ctx);
    const other = await fetch(`${base}/api/v2/orders/${placed.order.id}/events`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toContain('application/json');
    const wrong = await fetch(`${base}/api/v2/orders/${placed.order.id}/events`, {
      headers: { 'x-order-access': 'nope' },
    });
    expect(wrong.status).toBe(404);
  });

  it('tells the kitchen about new orders of its restaurant (staff only)', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v2/admin/orders/events?restaurant_id=${restaurantId}`, {
      headers: { authorization: `Bearer ${staff.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const events = eventReader(response);
    const { placed } = await cashOrder();
    const event = await events.next<OrderEventData & { type: string; restaurant_id: number }>('order');
    expect(event).toMatchObject({
      type: 'placed',
      order_id: placed.order.id,
      restaurant_id: restaurantId,
      status: 'placed',
    });
    controller.abort();

    const guest = await newGuest(ctx);
    const refused = await fetch(`${base}/api/v2/admin/orders/events`, {
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(refused.status).toBe(401);
    const customer = await userWithRole(ctx, 'customer');
    const forbidden = await fetch(`${base}/api/v2/admin/orders/events`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('event streams', () => {
  it('send keep-alive comments while idle', async () => {
    const response = await fetch(`${base}/test/keep-alive`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(': keep-alive')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    expect(text).toContain('event: hello\ndata: {"ok":true}\n\n');
    expect(text).toContain(': keep-alive\n\n');
    expect(ctx.app.orders.streams.size).toBeGreaterThanOrEqual(1);
    // Left open on purpose: closing the app must end it (afterAll would time out otherwise).
  });
});

describe('order mail over SMTP', () => {
  it('mails a guest the confirmation with lines, total and a working link to the order', async () => {
    const email = 'mailed-guest@example.test';
    const { placed } = await cashOrder(email);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe(`Order ${placed.order.order_number} at Bella Nonna Surry Hills is confirmed`);
    const line = placed.order.lines[0];
    expect(mail.text).toContain(`2 × ${line?.name}`);
    expect(mail.text).toContain(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(placed.order.totals.total / 100),
    );
    const link = /https:\/\/bellanonna\.example\.test\/order-confirmation\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(
      mail.text,
    );
    expect(link?.[1]).toBe(String(placed.order.id));
    const access = await call(ctx, 'POST', `/v2/orders/${link?.[1]}/access`, null, { token: link?.[2] });
    const res = await call(ctx, 'GET', `/v2/orders/${link?.[1]}`, null, undefined, {
      'x-order-access': access.json().data.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order_number).toBe(placed.order.order_number);
  });

  it('mails the ready time when accepted and the reason when cancelled', async () => {
    const email = 'status-mail@example.test';
    const { placed } = await cashOrder(email);
    await smtp.waitFor(email);
    await call(ctx, 'PATCH', `/v2/admin/orders/${placed.order.id}/status`, staff.token, {
      status: 'accepted',
      prep_minutes: 25,
    });
    await call(ctx, 'PATCH', `/v2/admin/orders/${placed.order.id}/status`, staff.token, {
      status: 'cancelled',
      reason: 'The oven broke down',
    });
    for (let i = 0; i < 100 && smtp.messages.filter((m) => m.to.includes(email)).length < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const mails = smtp.messages.filter((m) => m.to.includes(email));
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringContaining('is confirmed'),
      expect.stringMatching(/accepted: ready at about/),
      `Order ${placed.order.order_number} cancelled`,
    ]);
    expect(mails[2]?.text).toContain('Reason: The oven broke down');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

// Several API processes behind one Redis: a change made on one reaches streams open on another.
describe.skipIf(!redisUrl)('order events across processes through Redis', () => {
  it('delivers an event published by one bus to the listeners of another, once', async () => {
    const channel = `test:orders:${randomBytes(6).toString('hex')}`;
    const a = createOrderEvents({ redisUrl, channel });
    const b = createOrderEvents({ redisUrl, channel });
    const admin = new Redis(redisUrl as string);
    try {
      const onA: OrderEvent[] = [];
      const onB: OrderEvent[] = [];
      const next = (list: OrderEvent[], count: number) =>
        new Promise<void>((resolve) => {
          const check = () => (list.length >= count ? resolve() : setImmediate(check));
          check();
        });
      a.onOrder(42, (e) => onA.push(e));
      b.onOrder(42, (e) => onB.push(e));
      // Both buses subscribed (Redis counts them), so nothing published below can be missed.
      while (((await admin.pubsub('NUMSUB', channel)) as [string, number])[1] < 2) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      const event: OrderEvent = {
        type: 'status',
        tenantId: 139,
        restaurantId: 1,
        orderId: 42,
        orderNumber: '1042',
        method: 'pickup',
        status: 'accepted',
        ready_at: null,
        status_history: [],
      };
      a.publish(event);
      await next(onB, 1);
      expect(onB).toEqual([event]);
      // B answers after A's event went through Redis: were A's own message to come back to A, it
      // would arrive before B's (Redis keeps the order), so A holding exactly both proves it did not.
      const reply: OrderEvent = { ...event, status: 'ready' };
      b.publish(reply);
      await next(onA, 2);
      expect(onA).toEqual([event, reply]);
      expect(onB).toEqual([event, reply]);
    } finally {
      admin.disconnect();
      await a.close();
      await b.close();
    }
  });
});
