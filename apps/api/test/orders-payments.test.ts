import { type Order, type PlacedOrder, sandboxTestCards } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider, signSandboxWebhook } from '../src/modules/payments/sandbox.js';
import type { TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  addToCart,
  type Caller,
  call,
  confirmSandbox,
  firstTime,
  guestDetails,
  guestOrder,
  historyOf,
  menuOf,
  newGuest,
  openAllDay,
  orderRow,
  pickupOrder,
  pickupTimes,
  placeOrder,
  restaurantIds,
  type Shop,
  sandboxCard,
  simpleProduct,
  startShop,
  userWithRole,
} from './support/orders.js';

let shop: Shop;
let ctx: TestContext;
let restaurantId: number;
let staff: Caller;
const webhookSecret = 'whsec_sandbox_test_secret';

beforeAll(async () => {
  shop = await startShop();
  ({ ctx, restaurantId } = shop);
  staff = await userWithRole(ctx, 'staff');
  await ctx.db
    .updateTable('app_settings')
    .set({ payment_gateway_secrets: JSON.stringify({ webhook_secret: webhookSecret }) })
    .where('tenant_id', '=', tenantId)
    .where('restaurant_id', 'is', null)
    .execute();
});
afterAll(async () => ctx?.close());

const cardOrder = (options: { payment_method?: string } = {}) =>
  guestOrder(shop, { payment_method: options.payment_method ?? 'card' });

const changeStatus = (token: string, id: number, body: Record<string, unknown>) =>
  call(ctx, 'PATCH', `/v2/admin/orders/${id}/status`, token, body);

async function paidOrder() {
  const { guest, placed } = await cardOrder();
  const paymentId = placed.payment?.payment_id as string;
  const res = await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.success);
  expect(res.json().data.status).toBe('succeeded');
  return { guest, placed, paymentId };
}

describe('card orders with the sandbox provider', () => {
  it('start pending_payment with a sandbox payment for the order total', async () => {
    const { placed } = await cardOrder();
    expect(placed.order).toMatchObject({
      status: 'pending_payment',
      payment_method: 'card',
      payment_status: 'pending',
    });
    expect(placed.payment).toMatchObject({
      provider: 'sandbox',
      status: 'requires_payment_method',
      amount: placed.order.totals.total,
      currency: 'AUD',
      client_secret: null,
      error: null,
    });
    // A pending card order is not the kitchen's yet.
    const list = (await call(ctx, 'GET', `/v2/admin/orders?restaurant_id=${restaurantId}`, staff.token)).json().data;
    expect(list.items.map((o: Order) => o.id)).not.toContain(placed.order.id);
  });

  it('checks the card: Luhn, expiry and security code, each with its field (400)', async () => {
    const { guest, placed } = await cardOrder();
    const paymentId = placed.payment?.payment_id as string;
    const cases: [Record<string, unknown>, string, string][] = [
      [sandboxCard('4242424242424241'), 'card_number', 'Your card number is invalid.'],
      [sandboxCard(sandboxTestCards.success, { exp_year: 2020 }), 'exp_month', 'Your card has expired.'],
      [sandboxCard(sandboxTestCards.success, { cvc: '1234' }), 'cvc', "Your card's security code is invalid."],
    ];
    for (const [body, field, message] of cases) {
      const res = await call(ctx, 'POST', '/v2/payments/sandbox/confirm', guest.token, {
        payment_id: paymentId,
        ...body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ message, fields: { [field]: expect.any(String) } });
    }
    const unknownField = await call(ctx, 'POST', '/v2/payments/sandbox/confirm', guest.token, {
      payment_id: paymentId,
      ...sandboxCard(sandboxTestCards.success),
      amount: 1,
    });
    expect(unknownField.statusCode).toBe(400);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');
  });

  it('a declined card leaves the order pending (retry with another card), then success places it once', async () => {
    const { guest, placed } = await cardOrder();
    const paymentId = placed.payment?.payment_id as string;
    const declined = await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.declined);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ status: 'requires_payment_method', error: 'Your card was declined.' });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'pending_payment', payment_status: 'failed' });
    const poor = await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.insufficientFunds);
    expect(poor.json().data.error).toBe('Your card has insufficient funds.');

    const ok = await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.success);
    expect(ok.json().data).toMatchObject({ status: 'succeeded', error: null });
    const again = await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.success);
    expect(again.json().data.status).toBe('succeeded');
    const refreshed = await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, guest.token);
    expect(refreshed.json().data.status).toBe('succeeded');
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });
    expect(await historyOf(ctx, placed.order.id)).toEqual(['pending_payment', 'placed']);
    const mails = await ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', placed.order.customer.email)
      .execute();
    expect(mails.filter((m) => m.subject.includes('confirmed'))).toHaveLength(1);
  });

  it('a challenge card needs approval: approved places the order, failed leaves it pending', async () => {
    const { guest, placed } = await cardOrder();
    const paymentId = placed.payment?.payment_id as string;
    const challenged = await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.challenge);
    expect(challenged.json().data.status).toBe('requires_action');
    const failed = await call(ctx, 'POST', '/v2/payments/sandbox/challenge', guest.token, {
      payment_id: paymentId,
      approve: false,
    });
    expect(failed.json().data).toMatchObject({
      status: 'requires_payment_method',
      error: expect.stringContaining('authenticate'),
    });
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');

    await confirmSandbox(ctx, guest, paymentId, sandboxTestCards.challenge);
    const approved = await call(ctx, 'POST', '/v2/payments/sandbox/challenge', guest.token, {
      payment_id: paymentId,
      approve: true,
    });
    expect(approved.json().data.status).toBe('succeeded');
    expect((await orderRow(ctx, placed.order.id)).status).toBe('placed');
  });

  it('a gateway without usable keys refuses card orders (503) before anything is reserved; cash still works', async () => {
    const parramatta = (await restaurantIds(ctx)).parramatta as number;
    await openAllDay(ctx, parramatta);
    const row = await ctx.db
      .insertInto('app_settings')
      .values({
        tenant_id: tenantId,
        restaurant_id: parramatta,
        web_config: '{}',
        payment_gateway_config: JSON.stringify({ provider: 'stripe', mode: 'test', publishable_key: 'pk_test_x' }),
        payment_gateway_secrets: null,
        is_online_order_enabled: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const guest = await newGuest(ctx);
      await addToCart(ctx, guest, parramatta, simpleProduct(await menuOf(ctx, parramatta)));
      const body = {
        restaurant_id: parramatta,
        method: 'pickup',
        ...(await firstTime(ctx, parramatta, 'pickup')),
        payment_method: 'card',
        guest_details: guestDetails(),
      };
      const res = await placeOrder(ctx, guest, body);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe('Card payments are not available at the moment');
      const orders = await ctx.db
        .selectFrom('orders')
        .select('id')
        .where('guest_id', '=', (guest.ids as { guest_id: number }).guest_id)
        .execute();
      expect(orders).toEqual([]);
      expect((await placeOrder(ctx, guest, { ...body, payment_method: 'cash_on_delivery' })).statusCode).toBe(201);
    } finally {
      await ctx.db.deleteFrom('app_settings').where('id', '=', row.id).execute();
    }
  });

  it("someone else's payment id is 404", async () => {
    const { placed } = await cardOrder();
    const stranger = await newGuest(ctx);
    const paymentId = placed.payment?.payment_id as string;
    expect((await confirmSandbox(ctx, stranger, paymentId, sandboxTestCards.success)).statusCode).toBe(404);
    expect((await call(ctx, 'POST', `/v2/payments/${paymentId}/refresh`, stranger.token)).statusCode).toBe(404);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');
  });

  it('the customer may give up a pending payment: cancelled, released, payment cancelled; not once placed', async () => {
    const { guest, placed } = await cardOrder();
    await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.declined);
    const res = await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, guest.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled' });
    const row = await orderRow(ctx, placed.order.id);
    expect(row.released_at).not.toBeNull();
    expect(row.status).not.toBe('placed');
    const payment = await ctx.db
      .selectFrom('sandbox_payments')
      .select('status')
      .where('id', '=', placed.payment?.payment_id as string)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('cancelled');
    expect((await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, guest.token)).statusCode).toBe(409);
    // A cancelled payment cannot be paid any more.
    expect(
      (await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.success)).statusCode,
    ).toBe(409);

    const { guest: other, placed: paid } = await paidOrder();
    expect((await call(ctx, 'POST', `/v2/orders/${paid.order.id}/cancel`, other.token)).statusCode).toBe(409);
  });

  it('a declined then abandoned card order gives its kitchen slot back to the next customer', async () => {
    const parramatta = (await restaurantIds(ctx)).parramatta as number;
    await openAllDay(ctx, parramatta);
    await ctx.db
      .updateTable('fulfilment_settings')
      .set({ max_orders_per_slot: 1 })
      .where('restaurant_id', '=', parramatta)
      .execute();
    const parraMenu = await menuOf(ctx, parramatta);
    const body = {
      restaurant_id: parramatta,
      method: 'pickup',
      ...(await firstTime(ctx, parramatta, 'pickup', { scheduled: true })),
      payment_method: 'card',
      guest_details: guestDetails(),
    };
    const first = await newGuest(ctx);
    await addToCart(ctx, first, parramatta, simpleProduct(parraMenu));
    const placed = (await placeOrder(ctx, first, body)).json().data as PlacedOrder;
    await confirmSandbox(ctx, first, placed.payment?.payment_id as string, sandboxTestCards.declined);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');

    const second = await newGuest(ctx);
    await addToCart(ctx, second, parramatta, simpleProduct(parraMenu));
    expect((await placeOrder(ctx, second, body)).statusCode).toBe(409);
    expect((await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, first.token)).statusCode).toBe(200);
    const retry = await placeOrder(ctx, second, body);
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it("a declined card order's coupon use is given back when it is abandoned, once", async () => {
    const guest = await newGuest(ctx);
    const coupon = () =>
      ctx.db.selectFrom('coupons').select(['id', 'times_used']).where('code', '=', 'CARD4').executeTakeFirstOrThrow();
    const before = (await coupon()).times_used;
    const res = await pickupOrder(shop, guest, { coupon_code: 'CARD4' }, { quantity: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data as PlacedOrder;
    expect(placed.order.totals.discount).toBe(400);
    expect(placed.payment?.amount).toBe(placed.order.totals.total);
    expect((await coupon()).times_used).toBe(before + 1);
    await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.declined);
    const redemption = () =>
      ctx.db
        .selectFrom('coupon_redemptions')
        .select('status')
        .where('order_id', '=', placed.order.id)
        .executeTakeFirstOrThrow();
    expect((await redemption()).status).toBe('reserved');
    expect((await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, guest.token)).statusCode).toBe(200);
    expect((await redemption()).status).toBe('released');
    expect((await coupon()).times_used).toBe(before);
    await ctx.app.orders.service.sweepAbandoned(new Date(Date.now() + 60 * 60_000));
    expect((await coupon()).times_used).toBe(before);
  });

  it('sweeps card orders abandoned for 30 minutes: cancelled and released; newer ones stay', async () => {
    const { placed } = await cardOrder();
    const created = Date.parse((await orderRow(ctx, placed.order.id)).created_at);
    expect(await ctx.app.orders.service.sweepAbandoned(new Date(created + 29 * 60_000))).toBe(0);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');
    expect(await ctx.app.orders.service.sweepAbandoned(new Date(created + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    const row = await orderRow(ctx, placed.order.id);
    expect(row).toMatchObject({ status: 'cancelled', cancel_reason: 'Payment not completed' });
    expect(row.released_at).not.toBeNull();
  });

  it('the sweep places an order whose payment went through but was never applied, instead of cancelling it', async () => {
    const { placed } = await cardOrder();
    const paymentId = placed.payment?.payment_id as string;
    await createSandboxProvider({ db: ctx.db, tenantId }).confirm(paymentId, sandboxCard(sandboxTestCards.success));
    const created = Date.parse((await orderRow(ctx, placed.order.id)).created_at);
    await ctx.app.orders.service.sweepAbandoned(new Date(created + 31 * 60_000));
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({
      status: 'placed',
      payment_status: 'paid',
      released_at: null,
    });
  });
});

describe('payment webhooks', () => {
  const post = (body: string, signature: string | null, provider = 'sandbox', tenant = tenantId) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v2/payments/webhooks/${provider}/${tenant}`,
      headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-signature': signature } : {}) },
      payload: body,
    });

  it('a forged or stale signature changes nothing; a signed event places the order once; a replay changes nothing', async () => {
    const { placed } = await cardOrder();
    const paymentId = placed.payment?.payment_id as string;
    // The customer paid, but their browser closed before our confirm call: only the webhook tells us.
    const sandbox = createSandboxProvider({ db: ctx.db, tenantId });
    await sandbox.confirm(paymentId, sandboxCard(sandboxTestCards.success));
    const body = JSON.stringify({
      id: `evt_${placed.order.id}`,
      type: 'payment_succeeded',
      data: { payment_id: paymentId, order_id: placed.order.id },
    });

    for (const signature of [
      null,
      signSandboxWebhook('not-the-secret', body),
      signSandboxWebhook(webhookSecret, body, new Date(Date.now() - 10 * 60_000)),
      signSandboxWebhook(webhookSecret, body).replace(/v1=(.)/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`),
    ]) {
      const res = await post(body, signature);
      expect(res.statusCode).toBe(400);
    }
    const tampered = body.replace(paymentId, 'sbx_pi_other');
    expect((await post(tampered, signSandboxWebhook(webhookSecret, body))).statusCode).toBe(400);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('pending_payment');

    const first = await post(body, signSandboxWebhook(webhookSecret, body));
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, applied: true });
    expect(await orderRow(ctx, placed.order.id)).toMatchObject({ status: 'placed', payment_status: 'paid' });

    const replay = await post(body, signSandboxWebhook(webhookSecret, body));
    expect(replay.json().data).toEqual({ received: true, applied: false });
    expect(await historyOf(ctx, placed.order.id)).toEqual(['pending_payment', 'placed']);
  });

  it('a refund made at the provider cancels and releases the order, once', async () => {
    const { placed, paymentId } = await paidOrder();
    const body = JSON.stringify({
      id: `evt_refund_${placed.order.id}`,
      type: 'refunded',
      data: { payment_id: paymentId, order_id: placed.order.id },
    });
    for (let i = 0; i < 2; i++) {
      const res = await post(body, signSandboxWebhook(webhookSecret, body));
      expect(res.json().data.applied).toBe(i === 0);
    }
    const row = await orderRow(ctx, placed.order.id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'refunded', cancel_reason: 'Payment refunded' });
    expect(row.released_at).not.toBeNull();
    // Reports count the refund on the day it was made (decision 044).
    expect(row.refunded_at).not.toBeNull();
    expect(await historyOf(ctx, placed.order.id)).toEqual(['pending_payment', 'placed', 'cancelled']);
  });

  it('an unknown tenant is 404 and a provider the tenant does not use is refused', async () => {
    const body = JSON.stringify({ id: 'evt_x', type: 'payment_succeeded', data: { payment_id: 'x', order_id: null } });
    expect((await post(body, signSandboxWebhook(webhookSecret, body), 'sandbox', 999_999)).statusCode).toBe(404);
    expect((await post(body, signSandboxWebhook(webhookSecret, body), 'paypal')).statusCode).toBe(400);
  });
});

describe('staff moving orders (PATCH /v2/admin/orders/:id/status)', () => {
  it('needs staff, manager or owner of the order tenant: 401, 403 for customers and other businesses', async () => {
    const { guest, placed } = await cardOrder({ payment_method: 'cash_on_delivery' });
    const url = `/v2/admin/orders/${placed.order.id}/status`;
    expect((await call(ctx, 'PATCH', url, null, { status: 'accepted' })).statusCode).toBe(401);
    expect((await call(ctx, 'PATCH', url, guest.token, { status: 'accepted' })).statusCode).toBe(401);
    const customer = await userWithRole(ctx, 'customer');
    expect((await call(ctx, 'PATCH', url, customer.token, { status: 'accepted' })).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/v2/admin/orders', customer.token)).statusCode).toBe(403);
    await ctx.db
      .insertInto('tenants')
      .values({
        id: 140,
        name: 'Other Pizza',
        short_name: 'Other',
        slug: 'other',
        host: 'other.example.test',
        currency: 'AUD',
        locale: 'en-AU',
        timezone: 'Australia/Sydney',
        tax_mode: 'inclusive',
        tax_rate_bps: 1000,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const otherOwner = await userWithRole(ctx, 'owner', { tenant: 140 });
    expect((await call(ctx, 'PATCH', url, otherOwner.token, { status: 'accepted' })).statusCode).toBe(403);
    const otherList = (await call(ctx, 'GET', '/v2/admin/orders', otherOwner.token)).json().data;
    expect(otherList.items).toEqual([]);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('placed');
    const manager = await userWithRole(ctx, 'manager');
    expect((await changeStatus(manager.token, placed.order.id, { status: 'accepted' })).statusCode).toBe(200);
  });

  it('allows only legal moves (409 otherwise) and sets ready_at with prep minutes', async () => {
    const { placed } = await cardOrder({ payment_method: 'cash_on_delivery' });
    const id = placed.order.id;
    for (const status of ['ready', 'completed', 'refunded', 'placed', 'pending_payment']) {
      const res = await changeStatus(staff.token, id, { status });
      expect(res.statusCode, status).toBe(409);
    }
    expect((await changeStatus(staff.token, id, { status: 'accepted', extra: 1 })).statusCode).toBe(400);
    const before = Date.now();
    const accepted = await changeStatus(staff.token, id, { status: 'accepted', prep_minutes: 20 });
    expect(accepted.statusCode).toBe(200);
    const order = accepted.json().data as Order;
    expect(order.status).toBe('accepted');
    const readyAt = Date.parse(order.ready_at as string);
    // Late in the evening the first time offered is tomorrow's: an order for later is ready at its slot.
    const slot = order.pickup_time === 'asap' ? 0 : Date.parse(order.scheduled_for as string);
    if (slot > Date.now() + 20 * 60_000 + 1000) {
      expect(readyAt).toBe(slot);
    } else {
      expect(readyAt).toBeGreaterThanOrEqual(before + 20 * 60_000 - 1000);
      expect(readyAt).toBeLessThanOrEqual(Date.now() + 20 * 60_000 + 1000);
      expect(order.status_history.at(-1)).toMatchObject({ status: 'accepted', note: 'Ready in about 20 min' });
    }
    const mail = await ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', order.customer.email)
      .where('subject', 'like', '%accepted%')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('ready at about');
    // A pickup order is never out for delivery.
    expect((await changeStatus(staff.token, id, { status: 'out_for_delivery' })).statusCode).toBe(409);
    for (const status of ['preparing', 'ready', 'completed']) {
      expect((await changeStatus(staff.token, id, { status })).statusCode, status).toBe(200);
    }
    expect((await orderRow(ctx, id)).payment_status).toBe('paid');
    expect((await changeStatus(staff.token, id, { status: 'cancelled' })).statusCode).toBe(409);
  });

  it('an order for later, accepted now, is ready at its slot, not the prep time after accepting', async () => {
    const [later] = await pickupTimes(ctx, shop.restaurantId, 90);
    if (!later) throw new Error('no pickup time 90 minutes away');
    const { placed } = await guestOrder(shop, { ...later, payment_method: 'cash_on_delivery' });
    const accepted = await changeStatus(staff.token, placed.order.id, { status: 'accepted', prep_minutes: 20 });
    expect(accepted.statusCode).toBe(200);
    const order = accepted.json().data as Order;
    expect(order.ready_at).toBe(placed.order.scheduled_for);
    expect(order.status_history.at(-1)).toMatchObject({ status: 'accepted', note: 'Ready for the time you chose' });
  });

  it('cancelling a paid card order refunds it exactly once and releases it; the customer is told why', async () => {
    const { placed, paymentId } = await paidOrder();
    const id = placed.order.id;
    const [first, second] = await Promise.all([
      changeStatus(staff.token, id, { status: 'cancelled', reason: 'Out of dough' }),
      changeStatus(staff.token, id, { status: 'cancelled', reason: 'Out of dough' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const row = await orderRow(ctx, id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'refunded', cancel_reason: 'Out of dough' });
    expect(row.released_at).not.toBeNull();
    expect(row.refund_id).toMatch(/^sbx_re_/);
    const refunds = await ctx.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount_cents).toBe(placed.order.totals.total);
    const mail = await ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', placed.order.customer.email)
      .where('subject', 'like', '%cancelled%')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('Out of dough');
    expect(mail.body_text).toContain('refunded');
  });

  it('refunds a completed card order once (status refunded); a second refund is 409', async () => {
    const { placed, paymentId } = await paidOrder();
    const id = placed.order.id;
    for (const status of ['accepted', 'ready', 'completed']) {
      expect((await changeStatus(staff.token, id, { status })).statusCode).toBe(200);
    }
    const refunded = await changeStatus(staff.token, id, { status: 'refunded' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data).toMatchObject({ status: 'refunded', payment_status: 'refunded' });
    const refundedAt = (await orderRow(ctx, id)).refunded_at;
    expect(refundedAt).not.toBeNull();
    expect((await changeStatus(staff.token, id, { status: 'refunded' })).statusCode).toBe(409);
    expect((await orderRow(ctx, id)).refunded_at).toEqual(refundedAt);
    const refunds = await ctx.db
      .selectFrom('sandbox_refunds')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .execute();
    expect(refunds).toHaveLength(1);
  });

  it('lists orders for staff by restaurant, status and method', async () => {
    const { placed } = await cardOrder({ payment_method: 'cash_on_delivery' });
    const url = `/v2/admin/orders?restaurant_id=${restaurantId}&status=placed&method=pickup`;
    const list = (await call(ctx, 'GET', url, staff.token)).json().data;
    expect(list.items.map((o: Order) => o.id)).toContain(placed.order.id);
    expect(list.items.every((o: Order) => o.status === 'placed' && o.method === 'pickup')).toBe(true);
    const none = (
      await call(
        ctx,
        'GET',
        `/v2/admin/orders?restaurant_id=${restaurantId}&method=delivery&status=placed`,
        staff.token,
      )
    ).json().data;
    expect(none.items.map((o: Order) => o.id)).not.toContain(placed.order.id);
    expect((await call(ctx, 'GET', '/v2/admin/orders?restaurant_id=999999', staff.token)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/v2/admin/orders?status=lost', staff.token)).statusCode).toBe(400);
  });
});
