import { parseCsv as readCsv } from '@orderfront/core';
import type { TestContext } from './app.js';
import { tenantId } from './auth.js';
import { newGuest, restaurantIds, userWithRole } from './orders.js';

/**
 * The sample week the reports tests read: Monday 9 to Sunday 15 November 2026 in Sydney (AEDT,
 * UTC+11), orders as placing leaves them (snapshot and money columns) at Surry Hills, Parramatta and
 * a third restaurant, a gift card sold and partly spent, orders that never were sales, orders just
 * either side of the week, and an October order refunded in the week before. Its figures are known
 * (sampleWeekTotals) so a test states what a report must say, not what it happens to say.
 */

export const sampleWeek = { from: '2026-11-09', to: '2026-11-15', query: 'from=2026-11-09&to=2026-11-15' };

/** The owner's report of the whole business for the sample week. */
export const sampleWeekTotals = {
  orders: 6,
  refunded_orders: 1,
  gross_sales: 14_900,
  coupon_discounts: 500,
  offer_discounts: 0,
  points_discounts: 300,
  refunds: 2000,
  tips: 500,
  delivery_fees: 800,
  surcharges: 0,
  exclusive_tax: 0,
  net_sales: 13_400,
  tax: 1127,
  average_order_value: 2680,
};

/** Who handled the week's orders (decision 047): Sam the $5 tip of Tuesday's delivery, Kim Monday's lunch. */
export const sampleWeekStaff = { sam: 'Sam Server', kim: 'Kim Cook' } as const;

/** The rows of a CSV the export wrote (core's RFC 4180 reader). */
export const parseCsv = (text: string): string[][] => readCsv(text).map((r) => r.cells);
export const cents = (decimal: string) => Math.round(Number(decimal) * 100);

let orderNo = 9000;

interface Seeded {
  restaurant: string;
  placedAt: string | null;
  method?: 'pickup' | 'delivery' | 'dine_in';
  payment?: 'card' | 'cash_on_delivery';
  status?: 'placed' | 'completed' | 'cancelled' | 'refunded' | 'pending_payment';
  paymentStatus?: 'paid' | 'unpaid' | 'refunded' | 'pending';
  refundedAt?: string;
  subtotal: number;
  tax: number;
  coupon?: number;
  delivery?: number;
  loyalty?: number;
  giftCard?: number;
  tip?: number;
  /** The staff member who moved it forward on the order board (decision 047). */
  handledBy?: number;
  lines: { name: string; quantity: number; total: number; tax: number; details?: string[] }[];
}

/** An order as placing one leaves it (its snapshot and money columns), at a chosen time in the past. */
async function seedOrder(ctx: TestContext, ids: Record<string, number>, guestId: number, o: Seeded) {
  const coupon = o.coupon ?? 0;
  const total = o.subtotal - coupon + (o.delivery ?? 0) - (o.loyalty ?? 0);
  const at = o.placedAt ?? new Date().toISOString();
  const snapshot = {
    lines: o.lines.map((l, i) => ({
      id: i + 1,
      name: l.name,
      quantity: l.quantity,
      unit_price: l.total / l.quantity,
      item_total: l.total,
      discount_amount: 0,
      order_level_discount: 0,
      discounted_item_total: l.total,
      tax: l.tax,
      is_free: false,
      notes: null,
      details: l.details ?? [],
    })),
    adjustments: [
      ...(coupon ? [{ reason: 'coupon', source_id: 1, code: 'SAVE', label: 'SAVE', amount: -coupon, lines: [] }] : []),
      ...(o.delivery
        ? [{ reason: 'delivery_charge', source_id: null, code: null, label: 'Delivery', amount: o.delivery, lines: [] }]
        : []),
    ],
  };
  orderNo += 1;
  await ctx.db
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      restaurant_id: ids[o.restaurant] as number,
      user_id: null,
      guest_id: guestId,
      order_number: String(orderNo),
      status: o.status ?? 'completed',
      method: o.method ?? 'pickup',
      pickup_date: null,
      pickup_time: null,
      scheduled_for: null,
      slot_start: null,
      table_id: o.method === 'dine_in' ? 'T1' : null,
      special_instructions: null,
      customer_name: 'Seeded',
      customer_email: 'seeded@example.test',
      customer_phone: '0400 000 000',
      delivery_address: null,
      payment_method: o.payment ?? 'card',
      payment_status: o.paymentStatus ?? 'paid',
      payment_provider: null,
      payment_id: null,
      refund_id: null,
      refunded_at: o.refundedAt ?? null,
      handled_by_user_id: o.handledBy ?? null,
      currency: 'AUD',
      subtotal_cents: o.subtotal,
      discount_cents: coupon,
      tax_cents: o.tax,
      delivery_cents: o.delivery ?? 0,
      surcharge_cents: 0,
      gift_card_cents: o.giftCard ?? 0,
      loyalty_cents: o.loyalty ?? 0,
      tip_cents: o.tip ?? 0,
      total_cents: total,
      amount_due_cents: total - (o.giftCard ?? 0) + (o.tip ?? 0),
      item_count: o.lines.reduce((s, l) => s + l.quantity, 0),
      coupon_code: null,
      coupon_id: null,
      snapshot: JSON.stringify(snapshot),
      access_token_hash: `seeded-${orderNo}`,
      ready_at: null,
      cancel_reason: null,
      placed_at: o.placedAt,
      released_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface SampleWeek {
  ids: Record<string, number>;
  /** The staff members who handled orders, with their user ids and sign-in tokens. */
  staff: Record<keyof typeof sampleWeekStaff, { id: number; token: string }>;
}

/** Seeds the sample week into the demo tenant (once per test app). */
export async function seedSampleWeek(ctx: TestContext): Promise<SampleWeek> {
  const ids = await restaurantIds(ctx);
  const guestId = ((await newGuest(ctx)).ids as { guest_id: number }).guest_id;
  const member = async (name: string) => {
    const caller = await userWithRole(ctx, 'staff', { name, restaurants: [ids['surry-hills'] as number] });
    return { id: (caller.ids as { user_id: number }).user_id, token: caller.token };
  };
  const staff = { sam: await member(sampleWeekStaff.sam), kim: await member(sampleWeekStaff.kim) };
  const sam = staff.sam.id;
  const kim = staff.kim.id;
  // The week of Monday 9 to Sunday 15 November 2026 in Sydney (AEDT, UTC+11).
  const margherita = { name: 'Margherita', quantity: 2, total: 3000, tax: 273, details: ['Size: Large'] };
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-11-09T01:30:00.000Z',
    handledBy: kim,
    subtotal: 3000,
    tax: 273,
    lines: [margherita],
  });
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-11-10T08:00:00.000Z', // Tuesday 19:00
    method: 'delivery',
    handledBy: sam,
    subtotal: 5000,
    coupon: 500,
    delivery: 800,
    loyalty: 300,
    giftCard: 1000,
    tip: 500,
    tax: 409,
    lines: [{ name: 'Lasagne', quantity: 2, total: 5000, tax: 409 }],
  });
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'parramatta',
    placedAt: '2026-11-11T01:00:00.000Z',
    method: 'dine_in',
    payment: 'cash_on_delivery',
    paymentStatus: 'unpaid',
    subtotal: 2400,
    tax: 218,
    lines: [{ name: 'Tiramisu', quantity: 2, total: 2400, tax: 218 }],
  });
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-11-12T02:00:00.000Z',
    status: 'refunded',
    paymentStatus: 'refunded',
    subtotal: 2000,
    tax: 182,
    lines: [{ name: 'Calzone', quantity: 1, total: 2000, tax: 182 }],
  });
  // Never a sale: cancelled before the cash was paid, and a card order never paid.
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-11-13T02:00:00.000Z',
    status: 'cancelled',
    payment: 'cash_on_delivery',
    paymentStatus: 'unpaid',
    subtotal: 7700,
    tax: 700,
    lines: [{ name: 'Calzone', quantity: 3, total: 7700, tax: 700 }],
  });
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: null,
    status: 'pending_payment',
    paymentStatus: 'pending',
    subtotal: 6600,
    tax: 600,
    lines: [{ name: 'Calzone', quantity: 3, total: 6600, tax: 600 }],
  });
  // Sunday 23:30 local is in the week; Monday 00:30 local is not.
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-11-15T12:30:00.000Z',
    subtotal: 1000,
    tax: 91,
    lines: [{ name: 'Chips', quantity: 1, total: 1000, tax: 91 }],
  });
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-11-15T13:30:00.000Z',
    subtotal: 4400,
    tax: 400,
    lines: [{ name: 'Chips', quantity: 4, total: 4400, tax: 400 }],
  });
  // Placed Wednesday 28 October, refunded Wednesday 4 November 10:00 in Sydney: a sale in one week,
  // a refund in the next (decision 044), and neither in the seeded week.
  await seedOrder(ctx, ids, guestId, {
    restaurant: 'surry-hills',
    placedAt: '2026-10-28T02:00:00.000Z',
    status: 'refunded',
    paymentStatus: 'refunded',
    refundedAt: '2026-11-03T23:00:00.000Z',
    handledBy: sam,
    subtotal: 3300,
    tip: 330,
    tax: 300,
    lines: [{ name: 'Osso buco', quantity: 1, total: 3300, tax: 300 }],
  });
  const third = Object.keys(ids).find((slug) => slug !== 'surry-hills' && slug !== 'parramatta') as string;
  await seedOrder(ctx, ids, guestId, {
    restaurant: third,
    placedAt: '2026-11-14T03:00:00.000Z',
    subtotal: 1500,
    tax: 136,
    lines: [{ name: 'Chips', quantity: 1, total: 1500, tax: 136 }],
  });

  // A gift card bought on the Monday, and part of it spent on the Tuesday's order.
  const card = await ctx.db
    .insertInto('gift_cards')
    .values({
      tenant_id: tenantId,
      code_hash: 'seeded-report-card',
      last4: '0000',
      initial_amount: 5000,
      balance: 4000,
      currency: 'AUD',
      status: 'active',
      source: 'purchase',
      recipient_name: 'R',
      recipient_email: 'r@example.test',
      sender_name: 'S',
      purchaser_email: 's@example.test',
      deliver_at: '2026-11-09T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('gift_card_ledger')
    .values([
      {
        tenant_id: tenantId,
        gift_card_id: card.id,
        kind: 'issue',
        amount: 5000,
        balance_after: 5000,
        order_id: null,
        note: null,
        created_by_user_id: null,
        created_at: '2026-11-09T00:00:00.000Z',
      },
      {
        tenant_id: tenantId,
        gift_card_id: card.id,
        kind: 'redeem',
        amount: -1000,
        balance_after: 4000,
        order_id: null,
        note: null,
        created_by_user_id: null,
        created_at: '2026-11-10T08:00:00.000Z',
      },
    ])
    .execute();
  return { ids, staff };
}
