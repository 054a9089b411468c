import { type StaffTips, staffTipsTally } from './staff-tips.js';
import { addDays, daysBetween, toZoned, weekdayOf } from './zoned-time.js';

/**
 * The sales report (decisions 039, 044): a pure fold over the orders' immutable snapshots and the
 * gift card ledger, never re-priced. Every figure is integer cents and every breakdown adds up to
 * the totals: the same orders feed each table. A sale counts on the local day its order was placed,
 * a refund on the local day it was made, so an order refunded the same day nets out to zero.
 *
 *   net_sales = gross_sales − coupon − offer − points + delivery + surcharges + exclusive tax + tips − refunds
 *             = Σ (total + tip) of the orders placed − Σ (total + tip) of the refunds made
 */

export type ReportMethod = 'pickup' | 'delivery' | 'dine_in';
export type ReportPaymentMethod = 'card' | 'cash_on_delivery';

export interface ReportOrderLine {
  name: string;
  quantity: number;
  /** The line after its discounts, as priced when ordered. */
  discounted_item_total: number;
  tax: number;
  /** Options, modifiers, halves and deal choices, as the order shows them. */
  details: readonly string[];
}

export interface ReportOrder {
  order_number: string;
  restaurant_id: number;
  /** The restaurant's timezone: the order's day and hour are local to it. */
  timezone: string;
  /** When the order was placed (ISO instant). */
  placed_at: string;
  method: ReportMethod;
  payment_method: ReportPaymentMethod;
  /** The order's money went back to the customer (card, gift card and points). */
  refunded: boolean;
  /** When it went back (ISO instant); null for an order not refunded (or refunded before this was kept: placed_at). */
  refunded_at: string | null;
  /** The tenant adds tax on top of prices (else prices include it). */
  tax_exclusive: boolean;
  subtotal: number;
  /** Coupons and offers together (the snapshot's adjustments say which). */
  discount: number;
  tax: number;
  delivery: number;
  surcharge: number;
  /** Paid by gift card. */
  gift_card: number;
  /** Taken off by loyalty points. */
  loyalty: number;
  /** What the order cost after points (tips not included). */
  total: number;
  /** Left for card or cash after the gift card (tips included, paid with the order's payment). */
  amount_due: number;
  tip: number;
  /** The tax inside the tip when the business's tips bear tax (decision 044), else 0. */
  tip_tax: number;
  /** The back-office user who handled the order (decision 047); null when not recorded. */
  handled_by: { id: number; name: string } | null;
  lines: readonly ReportOrderLine[];
  adjustments: readonly { reason: string; amount: number }[];
}

export interface ReportGiftCardSale {
  /** When the card was paid for (ISO instant). */
  at: string;
  amount: number;
  /** What went back to its buyer, 0 when none. */
  refunded: number;
}

export interface SalesReportInput {
  /** Inclusive local dates. */
  from: string;
  to: string;
  orders: readonly ReportOrder[];
  giftCardSales: readonly ReportGiftCardSale[];
  /** The tenant's timezone, for gift card sales (cards belong to the business, not a restaurant). */
  timezone: string;
  /** Σ gift card balances at the end of the period (the ledger's sum): what the business owes. */
  giftCardLiability: number;
}

export interface SalesFigures {
  orders: number;
  refunded_orders: number;
  gross_sales: number;
  coupon_discounts: number;
  offer_discounts: number;
  points_discounts: number;
  refunds: number;
  tips: number;
  delivery_fees: number;
  surcharges: number;
  /** Tax added on top of prices (exclusive tenants); 0 when prices include it. */
  exclusive_tax: number;
  net_sales: number;
  /** Tax collected: the orders' tax and the tax inside their tips (decision 044), less refunds'. */
  tax: number;
  /** net_sales ÷ orders not refunded, rounded half up; 0 without any. */
  average_order_value: number;
}

export interface SalesDay
  extends Pick<SalesFigures, 'orders' | 'gross_sales' | 'refunds' | 'tips' | 'net_sales' | 'tax'> {
  date: string;
  discounts: number;
}

export interface SalesReport {
  from: string;
  to: string;
  totals: SalesFigures;
  gift_cards: { sold: number; sold_count: number; refunded: number; redeemed: number; liability: number };
  days: SalesDay[];
  /** 24 rows, local hour 0…23. */
  hours: { hour: number; orders: number; net_sales: number }[];
  /** Orders by local weekday (0 = Sunday) and hour: the heat map. */
  heat: { weekday: number; hour: number; orders: number }[];
  methods: { method: ReportMethod; orders: number; net_sales: number }[];
  payments: { method: 'card' | 'cash' | 'gift_card' | 'points'; orders: number; amount: number; refunded: number }[];
  products: { name: string; quantity: number; sales: number }[];
  modifiers: { name: string; quantity: number }[];
  /** Tips by the staff member who handled each order (decision 047); "Not recorded" last. */
  staff_tips: StaffTips[];
}

const couponReasons = new Set(['coupon', 'auto_coupon']);

function emptyFigures(): SalesFigures {
  return {
    orders: 0,
    refunded_orders: 0,
    gross_sales: 0,
    coupon_discounts: 0,
    offer_discounts: 0,
    points_discounts: 0,
    refunds: 0,
    tips: 0,
    delivery_fees: 0,
    surcharges: 0,
    exclusive_tax: 0,
    net_sales: 0,
    tax: 0,
    average_order_value: 0,
  };
}

/** What an order adds on the day it was placed, whatever happened to it later. */
export function saleFigures(order: ReportOrder): SalesFigures {
  const coupon = -order.adjustments
    .filter((a) => couponReasons.has(a.reason) && a.amount < 0)
    .reduce((sum, a) => sum + a.amount, 0);
  // Whatever of the discount is not a coupon is an offer, so no cent of it goes missing.
  const couponPart = Math.min(coupon, order.discount);
  const paid = order.total + order.tip;
  return {
    ...emptyFigures(),
    orders: 1,
    gross_sales: order.subtotal,
    coupon_discounts: couponPart,
    offer_discounts: order.discount - couponPart,
    points_discounts: order.loyalty,
    tips: order.tip,
    delivery_fees: order.delivery,
    surcharges: order.surcharge,
    exclusive_tax: order.tax_exclusive ? order.tax : 0,
    net_sales: paid,
    tax: order.tax + order.tip_tax,
  };
}

/** What a refund takes away on the day it was made (decision 044): the whole order's money and its tax. */
export function refundFigures(order: ReportOrder): SalesFigures {
  const paid = order.total + order.tip;
  return { ...emptyFigures(), refunded_orders: 1, refunds: paid, net_sales: -paid, tax: -(order.tax + order.tip_tax) };
}

/** One order's contribution to every figure when it was placed and refunded in the same period. */
export function orderFigures(order: ReportOrder): SalesFigures {
  const figures = saleFigures(order);
  if (order.refunded) add(figures, refundFigures(order));
  return figures;
}

/** When an order's refund was made: its record, or the order's placing for refunds made before it was kept. */
export const refundInstant = (order: ReportOrder) => order.refunded_at ?? order.placed_at;

function add(into: SalesFigures, more: SalesFigures) {
  for (const key of Object.keys(into) as (keyof SalesFigures)[]) into[key] += more[key];
}

/** Integer division rounded half up (non-negative numerators; negative ones round toward zero). */
export const divideRounded = (numerator: number, denominator: number) =>
  denominator === 0
    ? 0
    : Math.sign(numerator) * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));

export function buildSalesReport(input: SalesReportInput): SalesReport {
  const dayCount = daysBetween(input.from, input.to) + 1;
  if (dayCount < 1) throw new RangeError('The period ends before it starts');
  const totals = emptyFigures();
  const days = new Map<string, SalesDay>();
  for (let i = 0; i < dayCount; i++) {
    const date = addDays(input.from, i);
    days.set(date, { date, orders: 0, gross_sales: 0, discounts: 0, refunds: 0, tips: 0, net_sales: 0, tax: 0 });
  }
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, orders: 0, net_sales: 0 }));
  const heat = Array.from({ length: 7 * 24 }, (_, i) => ({ weekday: Math.floor(i / 24), hour: i % 24, orders: 0 }));
  const methods = new Map<ReportMethod, { method: ReportMethod; orders: number; net_sales: number }>(
    (['pickup', 'delivery', 'dine_in'] as const).map((method) => [method, { method, orders: 0, net_sales: 0 }]),
  );
  const payments = new Map(
    (['card', 'cash', 'gift_card', 'points'] as const).map((method) => [
      method,
      { method, orders: 0, amount: 0, refunded: 0 },
    ]),
  );
  const products = new Map<string, { name: string; quantity: number; sales: number }>();
  const modifiers = new Map<string, { name: string; quantity: number }>();
  const staffTips = staffTipsTally();
  let redeemed = 0;

  /** Adds one sale (sign 1, on the day placed) or one refund (sign −1, on the day made). */
  const fold = (order: ReportOrder, at: string, sign: 1 | -1) => {
    const local = toZoned(at, order.timezone);
    const day = days.get(local.date);
    if (!day) return;
    const figures = sign === 1 ? saleFigures(order) : refundFigures(order);
    add(totals, figures);
    day.orders += figures.orders;
    day.gross_sales += figures.gross_sales;
    day.discounts += figures.coupon_discounts + figures.offer_discounts + figures.points_discounts;
    day.refunds += figures.refunds;
    day.tips += figures.tips;
    day.net_sales += figures.net_sales;
    day.tax += figures.tax;
    const hour = Number(local.time.slice(0, 2));
    const hourRow = hours[hour] as (typeof hours)[number];
    hourRow.orders += figures.orders;
    hourRow.net_sales += figures.net_sales;
    (heat[local.weekday * 24 + hour] as (typeof heat)[number]).orders += figures.orders;
    const method = methods.get(order.method);
    if (method) {
      method.orders += figures.orders;
      method.net_sales += figures.net_sales;
    }
    const take = (key: 'card' | 'cash' | 'gift_card' | 'points', amount: number) => {
      if (amount === 0) return;
      const row = payments.get(key) as NonNullable<ReturnType<typeof payments.get>>;
      if (sign === 1) {
        row.orders += 1;
        row.amount += amount;
      } else row.refunded += amount;
    };
    take(order.payment_method === 'card' ? 'card' : 'cash', order.amount_due);
    take('gift_card', order.gift_card);
    take('points', order.loyalty);
    redeemed += sign * order.gift_card;
    staffTips.add(order, sign);
    for (const line of order.lines) {
      const product = products.get(line.name) ?? { name: line.name, quantity: 0, sales: 0 };
      product.quantity += sign * line.quantity;
      product.sales += sign * line.discounted_item_total;
      products.set(line.name, product);
      for (const detail of line.details) {
        const modifier = modifiers.get(detail) ?? { name: detail, quantity: 0 };
        modifier.quantity += sign * line.quantity;
        modifiers.set(detail, modifier);
      }
    }
  };

  for (const order of input.orders) {
    fold(order, order.placed_at, 1);
    if (order.refunded) fold(order, refundInstant(order), -1);
  }
  const kept = totals.orders - totals.refunded_orders;
  totals.average_order_value = kept > 0 ? divideRounded(totals.net_sales, kept) : 0;

  const giftCards = { sold: 0, sold_count: 0, refunded: 0, redeemed, liability: input.giftCardLiability };
  for (const sale of input.giftCardSales) {
    if (!days.has(toZoned(sale.at, input.timezone).date)) continue;
    giftCards.sold += sale.amount;
    giftCards.sold_count += 1;
    giftCards.refunded += sale.refunded;
  }

  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return {
    from: input.from,
    to: input.to,
    totals,
    gift_cards: giftCards,
    days: [...days.values()],
    hours,
    heat,
    methods: [...methods.values()],
    payments: [...payments.values()],
    // An order sold and refunded in the period leaves nothing behind.
    products: [...products.values()]
      .filter((p) => p.quantity !== 0 || p.sales !== 0)
      .sort((a, b) => b.sales - a.sales || b.quantity - a.quantity || byName(a, b)),
    modifiers: [...modifiers.values()]
      .filter((m) => m.quantity !== 0)
      .sort((a, b) => b.quantity - a.quantity || byName(a, b)),
    staff_tips: staffTips.rows(),
  };
}

/** The local instants bounding a period for a database query: wide enough for every timezone. */
export function reportQueryWindow(from: string, to: string) {
  return { start: `${addDays(from, -1)}T00:00:00.000Z`, end: `${addDays(to, 2)}T00:00:00.000Z` };
}

export const reportPeriods = ['last_7_days', 'this_week', 'last_week', 'this_month', 'last_month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

/** A named period's local dates, given the restaurant's local date today (weeks start on Monday). */
export function reportPeriod(period: ReportPeriod, today: string): { from: string; to: string } {
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (period) {
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'this_week':
      return { from: monday, to: today };
    case 'last_week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'this_month':
      return { from: firstOfMonth, to: today };
    case 'last_month': {
      const to = addDays(firstOfMonth, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
  }
}
