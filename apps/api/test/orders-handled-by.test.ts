import { orderAccessHeader, type StaffOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { signInAs } from './support/auth.js';
import {
  type Caller,
  call,
  guestOrder,
  historyOf,
  orderRow,
  type Shop,
  startShop,
  userWithRole,
} from './support/orders.js';

let shop: Shop;
let ctx: TestContext;
let ana: Caller;
let ben: Caller;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  ana = await userWithRole(ctx, 'staff', { name: 'Ana Kitchen' });
  ben = await userWithRole(ctx, 'staff', { name: 'Ben Counter' });
});
afterAll(async () => ctx?.close());

const move = (caller: Caller, id: number, status: string) =>
  call(ctx, 'PATCH', `/v2/admin/orders/${id}/status`, caller.token, { status });
const userIdOf = (caller: Caller) => (caller.ids as { user_id: number }).user_id;
const cashOrder = async () => (await guestOrder(shop, { payment_method: 'cash_on_delivery' })).placed;

describe('who handled an order (decision 047)', () => {
  it('is the staff member whose move first took it forward; later moves by others keep it', async () => {
    const placed = await cashOrder();
    const id = placed.order.id;
    const listed = await call(ctx, 'GET', `/v2/admin/orders?restaurant_id=${shop.restaurantId}`, ana.token);
    expect(listed.json().data.items.find((o: StaffOrder) => o.id === id)?.handled_by).toBeNull();

    const accepted = await move(ana, id, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.handled_by).toEqual({ id: userIdOf(ana), name: 'Ana Kitchen' });
    for (const status of ['ready', 'completed']) expect((await move(ben, id, status)).statusCode).toBe(200);

    expect((await orderRow(ctx, id)).handled_by_user_id).toBe(userIdOf(ana));
    const one = (await call(ctx, 'GET', `/v2/admin/orders/${id}`, ben.token)).json().data as StaffOrder;
    expect(one.handled_by).toEqual({ id: userIdOf(ana), name: 'Ana Kitchen' });
    const page = (await call(ctx, 'GET', `/v2/admin/orders?restaurant_id=${shop.restaurantId}`, ben.token)).json();
    expect(page.data.items.find((o: StaffOrder) => o.id === id)?.handled_by?.name).toBe('Ana Kitchen');
  });

  it('of two moves at once, the one that moves the order records who handled it, once', async () => {
    const { id } = (await cashOrder()).order;
    const [first, second] = await Promise.all([move(ana, id, 'accepted'), move(ben, id, 'accepted')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? ana : ben;
    expect((await orderRow(ctx, id)).handled_by_user_id).toBe(userIdOf(winner));
  });

  it('two different moves at once: the first to move the order records who handled it, the other never overwrites it', async () => {
    const { id } = (await cashOrder()).order;
    expect((await move(ana, id, 'accepted')).statusCode).toBe(200);
    // As if it had been accepted before who handled it was kept: both race to move it on.
    await ctx.db.updateTable('orders').set({ handled_by_user_id: null }).where('id', '=', id).execute();
    const answers = await Promise.all([move(ben, id, 'preparing'), move(ana, id, 'ready')]);
    // Ben's 'preparing' first lets Ana's 'ready' follow; Ana's 'ready' first refuses Ben's (409).
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const history = await historyOf(ctx, id);
    const firstMove = history[history.indexOf('accepted') + 1];
    const winner = firstMove === 'preparing' ? ben : ana;
    expect((await orderRow(ctx, id)).handled_by_user_id).toBe(userIdOf(winner));
    const next = (await orderRow(ctx, id)).status === 'preparing' ? 'ready' : 'completed';
    const later = await move(winner === ben ? ana : ben, id, next);
    expect(later.statusCode, later.body).toBe(200);
    expect((await orderRow(ctx, id)).handled_by_user_id).toBe(userIdOf(winner));
  });

  it('a cancelled order was not handled; customers never see who handled theirs and cannot move orders', async () => {
    const cancelled = await cashOrder();
    expect((await move(ana, cancelled.order.id, 'cancelled')).statusCode).toBe(200);
    expect((await orderRow(ctx, cancelled.order.id)).handled_by_user_id).toBeNull();

    const placed = await cashOrder();
    expect((await move(ana, placed.order.id, 'accepted')).statusCode).toBe(200);
    const own = await call(ctx, 'GET', `/v2/orders/${placed.order.id}`, null, undefined, {
      [orderAccessHeader]: placed.access_token,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).not.toHaveProperty('handled_by');
    const customer = await signInAs(ctx.app, 'customer');
    expect(
      (await call(ctx, 'PATCH', `/v2/admin/orders/${placed.order.id}/status`, customer, { status: 'ready' }))
        .statusCode,
    ).toBe(403);
    expect((await orderRow(ctx, placed.order.id)).status).toBe('accepted');
  });
});
