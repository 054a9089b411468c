import { addDays, type Menu, type MenuProduct, type Order, type PlacedOrder, toZoned } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueService } from '../src/modules/catalogue/service.js';
import type { TestContext } from './support/app.js';
import { signUp, tenantId } from './support/auth.js';
import {
  address,
  addToCart,
  type Caller,
  call,
  firstTime,
  guestDetails,
  menuOf,
  newGuest,
  newKey,
  openAllDay,
  pickupTimes,
  placeOrder,
  restaurantIds,
  simpleProduct,
  startShop,
} from './support/orders.js';
import { whileOnlineOrderingOff } from './support/tenants.js';

let ctx: TestContext;
let ids: Record<string, number>;
let menu: Menu;
let restaurantId: number;

beforeAll(async () => {
  ({ ctx, restaurantId, menu } = await startShop());
  ids = await restaurantIds(ctx);
});
afterAll(async () => ctx?.close());

async function pickupBody(caller: Caller, extra: Record<string, unknown> = {}) {
  return {
    restaurant_id: restaurantId,
    method: 'pickup',
    ...(await firstTime(ctx, restaurantId, 'pickup')),
    payment_method: 'cash_on_delivery',
    ...('guest_id' in caller.ids ? { guest_details: guestDetails() } : {}),
    ...extra,
  };
}

async function cartTotal(caller: Caller) {
  const query = 'user_id' in caller.ids ? `user_id=${caller.ids.user_id}` : `guest_id=${caller.ids.guest_id}`;
  return (await call(ctx, 'GET', `/v2/cart?${query}&is_cash_on_delivery_opt=1`, caller.token)).json().data;
}

async function orderCount(caller: Caller) {
  const q = ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n'));
  const row = await ('user_id' in caller.ids
    ? q.where('user_id', '=', caller.ids.user_id)
    : q.where('guest_id', '=', caller.ids.guest_id)
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('placing an order (POST /v2/orders)', () => {
  it('places a signed-in cash pickup order at once, priced from the catalogue, and clears the cart', async () => {
    const session = await signUp(ctx.app, ctx.db, 'cash-pickup@example.test');
    const user: Caller = { token: session.token, ids: { user_id: session.user.id } };
    const product = simpleProduct(menu);
    await addToCart(ctx, user, restaurantId, product, 2);
    const cart = await cartTotal(user);
    const res = await placeOrder(ctx, user, await pickupBody(user, { special_instructions: 'Extra napkins' }));
    expect(res.statusCode).toBe(201);
    const { order, payment, access_token } = res.json().data as PlacedOrder;
    expect(payment).toBeNull();
    expect(access_token.length).toBeGreaterThan(20);
    expect(order).toMatchObject({
      status: 'placed',
      method: 'pickup',
      payment_method: 'cash_on_delivery',
      payment_status: 'unpaid',
      currency: 'AUD',
      special_instructions: 'Extra napkins',
      customer: { name: 'Ada Lovelace', email: 'cash-pickup@example.test' },
      restaurant: { id: restaurantId, timezone: 'Australia/Sydney' },
      totals: { total: cart.total, subtotal: cart.totals.subtotal, item_count: 2 },
    });
    expect(order.order_number).toMatch(/^\d{4,}$/);
    expect(order.lines).toEqual([
      expect.objectContaining({ name: product.products.name, quantity: 2, item_total: cart.items[0].item_total }),
    ]);
    expect(order.status_history.map((h) => h.status)).toEqual(['placed']);
    expect(order.scheduled_for).not.toBeNull();
    expect((await cartTotal(user)).items).toEqual([]);
    // The confirmation mail (kept in the outbox: no SMTP in this test) lists the lines and the total.
    const mail = await ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', 'cash-pickup@example.test')
      .where('subject', 'like', `Order ${order.order_number}%`)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('confirmed');
    expect(mail.body_text).toContain(`2 × ${product.products.name}`);
    expect(mail.body_text).toContain(`/order-confirmation/${order.id}`);
  });

  it("answers with the order as it was committed: the same as the customer's next read of it", async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu), 1);
    const res = await placeOrder(ctx, guest, await pickupBody(guest, { special_instructions: 'At the door' }));
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().data as PlacedOrder;
    const read = await call(ctx, 'GET', `/v2/orders/${placed.order.id}`, guest.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(placed.order).toEqual(read.json().data);
    expect(placed.order.status_history).toHaveLength(1);
  });

  it('numbers orders one after another per tenant', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const guest = await newGuest(ctx);
      await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
      const res = await placeOrder(ctx, guest, await pickupBody(guest));
      numbers.push(Number((res.json().data as PlacedOrder).order.order_number));
    }
    expect(numbers[1]).toBe((numbers[0] as number) + 1);
  });

  it('answers the same order for the same Idempotency-Key, and refuses the key with another body', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    const body = await pickupBody(guest);
    const key = newKey();
    const first = await placeOrder(ctx, guest, body, key);
    expect(first.statusCode).toBe(201);
    const again = await placeOrder(ctx, guest, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    expect(again.json().data.access_token).toBe(first.json().data.access_token);
    const other = await placeOrder(ctx, guest, { ...body, special_instructions: 'different' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.fields).toHaveProperty('Idempotency-Key');
    expect(await orderCount(guest)).toBe(1);
  });

  it('turns 20 parallel requests with one Idempotency-Key into exactly one order', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu), 3);
    const body = await pickupBody(guest);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(ctx, guest, body, key)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(answers.map((a) => a.json().data.order.id)).size).toBe(1);
    expect(await orderCount(guest)).toBe(1);
  });

  it('orders one cart once when two windows send it at once for different times (other keys)', async () => {
    const session = await signUp(ctx.app, ctx.db, 'two-windows@example.test');
    const user: Caller = { token: session.token, ids: { user_id: session.user.id } };
    await addToCart(ctx, user, restaurantId, simpleProduct(menu), 1);
    const times = await pickupTimes(ctx, restaurantId);
    // Different times use different kitchen slots: on PostgreSQL the transactions truly overlap.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        placeOrder(ctx, user, {
          restaurant_id: restaurantId,
          method: 'pickup',
          ...times[i % times.length],
          payment_method: 'cash_on_delivery',
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((r) => r.statusCode !== 201)) {
      expect(a.statusCode).toBeOneOf([409, 422]);
      expect(a.json().error.message).toBeOneOf([
        'Your cart is empty',
        'Your cart was just ordered in another window. Check your orders.',
      ]);
    }
    expect(await orderCount(user)).toBe(1);
    expect((await cartTotal(user)).items).toEqual([]);
  });

  it('needs an Idempotency-Key header', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    const res = await placeOrder(ctx, guest, await pickupBody(guest), null);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('Idempotency-Key');
    const short = await placeOrder(ctx, guest, await pickupBody(guest), 'short');
    expect(short.statusCode).toBe(400);
    expect(await orderCount(guest)).toBe(0);
  });

  it('refuses a client total or any unknown field (400), so prices can only come from the catalogue', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    for (const extra of [{ total: 1 }, { totals: { total: 1 } }, { unit_price: 1 }, { delivery_charge: 0 }]) {
      const res = await placeOrder(ctx, guest, await pickupBody(guest, extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(Object.keys(extra)[0] as string, 'Unknown field');
    }
    expect(await orderCount(guest)).toBe(0);
  });

  it('checks the method rules: date and time, table, guest details, delivery address', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    const base = { restaurant_id: restaurantId, payment_method: 'cash_on_delivery', guest_details: guestDetails() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, method: 'pickup' }, 'pickup_date'],
      [{ ...base, method: 'pickup', pickup_date: '2026-12-01' }, 'pickup_time'],
      [{ ...base, method: 'dine_in' }, 'table_id'],
      [{ ...base, method: 'delivery', pickup_date: '2026-12-01', pickup_time: '18:00' }, 'shipping_details'],
      [{ ...base, guest_details: undefined, method: 'dine_in', table_id: '4' }, 'guest_details'],
    ];
    for (const [body, field] of cases) {
      const res = await placeOrder(ctx, guest, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    expect(await orderCount(guest)).toBe(0);
  });

  it("refuses another identity's ids (403) and a call without a token (401)", async () => {
    const guest = await newGuest(ctx);
    const body = await pickupBody(guest, { guest_id: 1234567 });
    expect((await placeOrder(ctx, guest, body)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/orders',
      headers: { 'idempotency-key': newKey() },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an empty cart and a cart item that became unavailable (422), changing nothing', async () => {
    const guest = await newGuest(ctx);
    const empty = await placeOrder(ctx, guest, await pickupBody(guest));
    expect(empty.statusCode).toBe(422);
    const product = simpleProduct(menu, 1);
    await addToCart(ctx, guest, restaurantId, product);
    await catalogueService(ctx.db).setRestaurantProductAvailability(tenantId, product.id, false);
    try {
      const res = await placeOrder(ctx, guest, await pickupBody(guest));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toContain(product.products.name);
      expect(await orderCount(guest)).toBe(0);
    } finally {
      await catalogueService(ctx.db).setRestaurantProductAvailability(tenantId, product.id, true);
    }
    // The cart is untouched and orders once the item is back.
    expect((await placeOrder(ctx, guest, await pickupBody(guest))).statusCode).toBe(201);
  });

  it('refuses a restaurant that is not taking online orders (422) and a dine-in order while closed', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    await whileOnlineOrderingOff(ctx.db, tenantId, async () => {
      const res = await placeOrder(ctx, guest, await pickupBody(guest));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe("We're not accepting online orders at the moment.");
    });
    await ctx.db
      .deleteFrom('restaurant_hours')
      .where('restaurant_id', '=', restaurantId)
      .where('method', '=', 'dine_in')
      .execute();
    try {
      const res = await placeOrder(ctx, guest, {
        restaurant_id: restaurantId,
        method: 'dine_in',
        table_id: '7',
        payment_method: 'cash_on_delivery',
        guest_details: guestDetails(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toContain('closed');
    } finally {
      await openAllDay(ctx, restaurantId);
    }
    expect(await orderCount(guest)).toBe(0);
  });

  it('takes dine-in orders by the day’s special hours and refuses them on a closed date (decisions 037, 043)', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    const dineIn = () =>
      placeOrder(ctx, guest, {
        restaurant_id: restaurantId,
        method: 'dine_in',
        table_id: '9',
        payment_method: 'cash_on_delivery',
        guest_details: guestDetails(),
      });
    const local = toZoned(new Date(), 'Australia/Sydney');
    const special = (opens_at: string, closes_at: string) =>
      ctx.db
        .insertInto('restaurant_special_hours')
        .values({
          tenant_id: tenantId,
          restaurant_id: restaurantId,
          date: local.date,
          method: 'dine_in',
          opens_at,
          closes_at,
        })
        .execute();
    const clear = async () => {
      await ctx.db.deleteFrom('restaurant_special_hours').where('restaurant_id', '=', restaurantId).execute();
      await ctx.db.deleteFrom('restaurant_closures').where('restaurant_id', '=', restaurantId).execute();
    };
    try {
      // Open round the clock by the week, but today's special hours are one minute far from now.
      await (local.time < '12:00' ? special('23:58', '23:59') : special('00:00', '00:01'));
      const outside = await dineIn();
      expect(outside.statusCode).toBe(422);
      expect(outside.json().error.message).toContain('closed for dine-in');
      await clear();
      await ctx.db
        .insertInto('restaurant_closures')
        .values({ tenant_id: tenantId, restaurant_id: restaurantId, date: local.date, method: null })
        .execute();
      expect((await dineIn()).statusCode).toBe(422);
      expect(await orderCount(guest)).toBe(0);
      await clear();
      // Closed by the week, open by today's special hours.
      await ctx.db
        .deleteFrom('restaurant_hours')
        .where('restaurant_id', '=', restaurantId)
        .where('method', '=', 'dine_in')
        .execute();
      if (local.time < '23:58') {
        await special('00:00', '23:59');
        const inside = await dineIn();
        expect(inside.statusCode, inside.body).toBe(201);
      }
    } finally {
      await clear();
      await openAllDay(ctx, restaurantId);
    }
  });

  it('places a dine-in order for a table at restaurant prices, and a delivery order with the address', async () => {
    const guest = await newGuest(ctx);
    const product = simpleProduct(menu);
    await addToCart(ctx, guest, restaurantId, product);
    const dineIn = await placeOrder(ctx, guest, {
      restaurant_id: restaurantId,
      method: 'dine_in',
      table_id: '12',
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    });
    expect(dineIn.statusCode).toBe(201);
    const order = dineIn.json().data.order as Order;
    expect(order).toMatchObject({ method: 'dine_in', table_id: '12', pickup_date: null, status: 'placed' });
    expect(order.lines[0]?.unit_price).toBe(product.price);

    await addToCart(ctx, guest, restaurantId, product);
    const delivery = await placeOrder(ctx, guest, {
      restaurant_id: restaurantId,
      method: 'delivery',
      ...(await firstTime(ctx, restaurantId, 'delivery')),
      shipping_details: address,
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    });
    expect(delivery.statusCode, delivery.body).toBe(201);
    expect(delivery.json().data.order).toMatchObject({ method: 'delivery', delivery_address: address });
  });
});

describe('time, kitchen capacity and delivery zones (fulfilment)', () => {
  it('refuses a time when the restaurant is closed (422) and a full kitchen slot (409)', async () => {
    const parramatta = ids.parramatta as number;
    const parraMenu = await menuOf(ctx, parramatta);
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, parramatta, simpleProduct(parraMenu));
    const tomorrow = addDays(toZoned(new Date(), 'Australia/Sydney').date, 1);
    const closed = await placeOrder(ctx, guest, {
      restaurant_id: parramatta,
      method: 'pickup',
      pickup_date: tomorrow,
      pickup_time: '04:00',
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.fields).toHaveProperty('pickup_time');

    await openAllDay(ctx, parramatta);
    await ctx.db
      .updateTable('fulfilment_settings')
      .set({ max_orders_per_slot: 1 })
      .where('restaurant_id', '=', parramatta)
      .execute();
    const when = await firstTime(ctx, parramatta, 'pickup', { scheduled: true });
    expect(when.pickup_time).not.toBe('asap');
    const body = {
      restaurant_id: parramatta,
      method: 'pickup',
      ...when,
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    };
    expect((await placeOrder(ctx, guest, body)).statusCode).toBe(201);
    const other = await newGuest(ctx);
    await addToCart(ctx, other, parramatta, simpleProduct(parraMenu));
    const full = await placeOrder(ctx, other, body);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toContain('fully booked');
    expect(await orderCount(other)).toBe(0);
    expect((await cartTotal(other)).items).toHaveLength(1);
  });

  it('charges the zone fee for delivery, and refuses an address outside the zones or under the minimum (422)', async () => {
    const guest = await newGuest(ctx);
    const cheapest = [...menu.products]
      .filter((p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0))
      .sort((a, b) => a.online_price - b.online_price)[0] as MenuProduct;
    expect(cheapest.online_price).toBeLessThan(2000);
    await addToCart(ctx, guest, restaurantId, cheapest);
    const body = {
      restaurant_id: restaurantId,
      method: 'delivery',
      ...(await firstTime(ctx, restaurantId, 'delivery')),
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    };
    const minimum = await placeOrder(ctx, guest, { ...body, shipping_details: address });
    expect(minimum.statusCode).toBe(422);
    expect(minimum.json().error.message).toMatch(/^Minimum order for delivery is \$\d+\.\d\d$/);
    const faraway = {
      ...address,
      formatted_address: '1 Main Road, Perth WA 6000',
      city: 'Perth',
      postcode: '6000',
      suburb: 'Perth',
    };
    const outside = await placeOrder(ctx, guest, { ...body, shipping_details: faraway });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().error).toMatchObject({ message: "We don't deliver to this address" });
    expect(await orderCount(guest)).toBe(0);

    // Enough for the minimum: the order carries the zone's fee, as the quote call says.
    const units = Math.ceil(2000 / cheapest.online_price);
    const cart = await cartTotal(guest);
    await call(ctx, 'PUT', '/cart/update-cart', guest.token, { cart_id: cart.items[0].id, quantity: units });
    const quote = (
      await call(ctx, 'POST', '/v2/delivery/quote', guest.token, { restaurant_id: restaurantId, address })
    ).json().data;
    expect(quote.delivery_error).toBeNull();
    const placed = await placeOrder(ctx, guest, { ...body, shipping_details: address });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data.order as Order;
    expect(order.totals.delivery).toBe(quote.delivery_charge);
    expect(order.totals.total).toBe(order.totals.subtotal - order.totals.discount + quote.delivery_charge);
  });
});

describe('coupons on orders', () => {
  const coupon = (code: string) =>
    ctx.db.selectFrom('coupons').select(['id', 'times_used']).where('code', '=', code).executeTakeFirstOrThrow();

  it('a first-order coupon discounts the first order, is used by it, and is refused on the next (422)', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu), 2);
    const before = await coupon('WELCOME15');
    const first = await placeOrder(ctx, guest, await pickupBody(guest, { coupon_code: 'welcome15' }));
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json().data.order as Order;
    expect(order.coupon_code).toBe('WELCOME15');
    expect(order.totals.discount).toBeGreaterThan(0);
    expect(order.totals.total).toBe(order.totals.subtotal - order.totals.discount);
    expect((await coupon('WELCOME15')).times_used).toBe(before.times_used + 1);
    const redemption = await ctx.db
      .selectFrom('coupon_redemptions')
      .select('status')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(redemption.status).toBe('used');

    await addToCart(ctx, guest, restaurantId, simpleProduct(menu));
    const second = await placeOrder(ctx, guest, await pickupBody(guest, { coupon_code: 'WELCOME15' }));
    expect(second.statusCode).toBe(422);
    expect(second.json().error.fields).toHaveProperty('coupon_code');
    expect(await orderCount(guest)).toBe(1);
  });

  it('a coupon whose uses are gone is refused (422) and nothing is ordered', async () => {
    const guest = await newGuest(ctx);
    await addToCart(ctx, guest, restaurantId, simpleProduct(menu), 2);
    const res = await placeOrder(ctx, guest, await pickupBody(guest, { coupon_code: 'LAUNCH100' }));
    expect(res.statusCode).toBe(422);
    expect(await orderCount(guest)).toBe(0);
  });
});

describe('reading orders', () => {
  it("shows an order to its owner or with its link token; anyone else's id is 404", async () => {
    const owner = await newGuest(ctx);
    await addToCart(ctx, owner, restaurantId, simpleProduct(menu));
    const placed = (await placeOrder(ctx, owner, await pickupBody(owner))).json().data as PlacedOrder;
    const id = placed.order.id;
    expect((await call(ctx, 'GET', `/v2/orders/${id}`, owner.token)).json().data.id).toBe(id);
    // The guest's access credential works without any bearer token (decision 026).
    const byLink = await call(ctx, 'GET', `/v2/orders/${id}`, null, undefined, {
      'x-order-access': placed.access_token,
    });
    expect(byLink.statusCode).toBe(200);

    const stranger = await newGuest(ctx);
    const user = await signUp(ctx.app, ctx.db, 'nosy@example.test');
    for (const token of [stranger.token, user.token, null]) {
      const res = await call(ctx, 'GET', `/v2/orders/${id}`, token);
      expect(res.statusCode).toBe(404);
    }
    const wrong = await call(ctx, 'GET', `/v2/orders/${id}`, null, undefined, { 'x-order-access': 'wrong-token' });
    expect(wrong.statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/v2/orders/999999', owner.token)).statusCode).toBe(404);
  });

  it("lists the signed-in user's orders newest first, paginated; guests get 401", async () => {
    const session = await signUp(ctx.app, ctx.db, 'history@example.test');
    const user: Caller = { token: session.token, ids: { user_id: session.user.id } };
    const placedIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      await addToCart(ctx, user, restaurantId, simpleProduct(menu, i));
      placedIds.push((await placeOrder(ctx, user, await pickupBody(user))).json().data.order.id);
    }
    const page1 = (await call(ctx, 'GET', '/v2/orders?per_page=2', user.token)).json().data;
    expect(page1).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(page1.items.map((o: Order) => o.id)).toEqual([placedIds[2], placedIds[1]]);
    const page2 = (await call(ctx, 'GET', '/v2/orders?per_page=2&page=2', user.token)).json().data;
    expect(page2.items.map((o: Order) => o.id)).toEqual([placedIds[0]]);
    const guest = await newGuest(ctx);
    expect((await call(ctx, 'GET', '/v2/orders', guest.token)).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/v2/orders?limit=5', user.token)).statusCode).toBe(400);
  });

  it("reorders: the order's still-orderable lines go back into the cart, the rest are named", async () => {
    const guest = await newGuest(ctx);
    const keep = simpleProduct(menu, 0);
    const gone = simpleProduct(menu, 2);
    await addToCart(ctx, guest, restaurantId, keep, 2);
    await addToCart(ctx, guest, restaurantId, gone, 1);
    const placed = (await placeOrder(ctx, guest, await pickupBody(guest))).json().data as PlacedOrder;
    await catalogueService(ctx.db).setRestaurantProductAvailability(tenantId, gone.id, false);
    try {
      const res = await call(ctx, 'POST', `/v2/orders/${placed.order.id}/reorder`, guest.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ added: 1, skipped: [gone.products.name] });
      const cart = await cartTotal(guest);
      expect(cart.items).toEqual([
        expect.objectContaining({ quantity: 2, restaurant_products: expect.objectContaining({ id: keep.id }) }),
      ]);
    } finally {
      await catalogueService(ctx.db).setRestaurantProductAvailability(tenantId, gone.id, true);
    }
    const stranger = await newGuest(ctx);
    expect((await call(ctx, 'POST', `/v2/orders/${placed.order.id}/reorder`, stranger.token)).statusCode).toBe(404);
  });
});
