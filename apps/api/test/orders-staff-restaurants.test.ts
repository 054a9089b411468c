import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { signInAs } from './support/auth.js';
import { type Caller, call, guestOrder, type Shop, shopAt, startShop, userWithRole } from './support/orders.js';

let ctx: TestContext;
let surry: number;
let parra: number;
const shops: Record<number, Shop> = {};

beforeAll(async () => {
  const surryHills = await startShop();
  ctx = surryHills.ctx;
  const parramatta = await shopAt(ctx, 'parramatta');
  surry = surryHills.restaurantId;
  parra = parramatta.restaurantId;
  shops[surry] = surryHills;
  shops[parra] = parramatta;
});
afterAll(async () => ctx?.close());

const cashOrderAt = async (restaurantId: number) =>
  (await guestOrder(shops[restaurantId] as Shop, { payment_method: 'cash_on_delivery' }, { quantity: 1 })).placed.order;

describe('staff see and move only the orders of restaurants they manage', () => {
  it('the seeded Surry Hills staff member works Surry Hills orders only (403 at Parramatta)', async () => {
    const token = await signInAs(ctx.app, 'staff');
    const here = await cashOrderAt(surry);
    const there = await cashOrderAt(parra);

    const own = await call(ctx, 'GET', `/v2/admin/orders?restaurant_id=${surry}&status=placed`, token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.items.map((o: { id: number }) => o.id)).toContain(here.id);

    expect((await call(ctx, 'GET', `/v2/admin/orders?restaurant_id=${parra}`, token)).statusCode).toBe(403);
    // Without a restaurant the list holds only their restaurants' orders.
    const all = (await call(ctx, 'GET', '/v2/admin/orders?per_page=100', token)).json().data;
    const restaurantsSeen = new Set(all.items.map((o: { restaurant: { id: number } }) => o.restaurant.id));
    expect([...restaurantsSeen]).toEqual([surry]);
    expect(all.items.map((o: { id: number }) => o.id)).not.toContain(there.id);

    expect((await call(ctx, 'GET', `/v2/admin/orders/${there.id}`, token)).statusCode).toBe(403);
    const refused = await call(ctx, 'PATCH', `/v2/admin/orders/${there.id}/status`, token, {
      status: 'accepted',
      prep_minutes: 15,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    const untouched = await ctx.db.selectFrom('orders').select('status').where('id', '=', there.id).executeTakeFirst();
    expect(untouched?.status).toBe('placed');

    const accepted = await call(ctx, 'PATCH', `/v2/admin/orders/${here.id}/status`, token, {
      status: 'accepted',
      prep_minutes: 15,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('accepted');
    expect((await call(ctx, 'GET', `/v2/admin/orders/${here.id}`, token)).statusCode).toBe(200);
  });

  it('a staff member of another restaurant gets 403 on the order, the list and the live feed; the owner may', async () => {
    const other: Caller = await userWithRole(ctx, 'staff', { restaurants: [parra] });
    const order = await cashOrderAt(surry);
    expect(
      (await call(ctx, 'PATCH', `/v2/admin/orders/${order.id}/status`, other.token, { status: 'accepted' })).statusCode,
    ).toBe(403);
    expect((await call(ctx, 'GET', `/v2/admin/orders/${order.id}`, other.token)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/v2/admin/orders?restaurant_id=${surry}`, other.token)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/v2/admin/orders/events?restaurant_id=${surry}`, other.token)).statusCode).toBe(
      403,
    );

    const unassigned = await userWithRole(ctx, 'staff', { restaurants: [] });
    const none = await call(ctx, 'GET', '/v2/admin/orders', unassigned.token);
    expect(none.statusCode).toBe(200);
    expect(none.json().data.items).toEqual([]);

    const owner = await signInAs(ctx.app, 'owner');
    const moved = await call(ctx, 'PATCH', `/v2/admin/orders/${order.id}/status`, owner, {
      status: 'cancelled',
      reason: 'Closed early',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.status).toBe('cancelled');
  });
});
