import { localTimeAt } from '../rules/zoned-time.js';
import { applyCoupons, assertCoupon } from './coupons.js';
import { assertCents, assertInteger, percentageOfCents } from './money.js';
import { applyItemOffer, applyOrderDiscount, assertOffer } from './offers.js';
import type { RuleFacts } from './promotion-rules.js';
import { lineTaxCents } from './tax.js';
import type {
  PricedLine,
  PricingAdjustment,
  PricingContext,
  PricingInput,
  PricingLineInput,
  PricingMethod,
  PricingResult,
} from './types.js';
import { remaining, type WorkLine } from './work-line.js';

const lineKinds = ['product', 'deal', 'combo', 'half_and_half'];

function assertLine(line: PricingLineInput): void {
  assertInteger(line.id, 'line id', 0);
  const what = `line ${line.id}`;
  if (!lineKinds.includes(line.kind)) throw new RangeError(`${what} kind must be one of ${lineKinds.join(', ')}`);
  assertInteger(line.quantity, `${what} quantity`, 1);
  assertCents(line.unit_price_cents, `${what} unit_price_cents`);
  assertInteger(line.restaurant_id, `${what} restaurant_id`, 0);
  for (const [key, id] of [
    ['product_id', line.product_id],
    ['restaurant_product_id', line.restaurant_product_id],
    ['category_id', line.category_id],
  ] as const) {
    if (id != null) assertInteger(id, `${what} ${key}`, 0);
  }
  if (!Number.isSafeInteger(line.unit_price_cents * line.quantity)) throw new RangeError(`${what} total is too large`);
}

function resolveMethod(context: PricingContext): PricingMethod {
  const method = context.method ?? (context.dine_in === true ? 'dine_in' : 'pickup');
  if (!['pickup', 'delivery', 'dine_in'].includes(method)) throw new RangeError(`Unknown method ${method}`);
  if (context.dine_in === true && method !== 'dine_in') throw new RangeError('dine_in is set but the method is not');
  return method;
}

function assertContext(context: PricingContext): void {
  assertInteger(context.customer.order_count, 'customer order_count', 0);
  for (const [id, uses] of Object.entries(context.customer.coupon_uses)) {
    assertInteger(uses, `customer uses of coupon ${id}`, 0);
  }
}

function assertUnique(ids: readonly number[], what: string): void {
  if (new Set(ids).size !== ids.length) throw new RangeError(`${what} ids must be unique`);
}

/**
 * Prices a cart: item offers, then coupons, then order-level discounts, then tax per line, then
 * delivery and the cash surcharge. Pure and deterministic: the same lines in any order give the same
 * result per line. Throws a RangeError for malformed input (non-integer or negative money, bad
 * quantities, rates, dates or zones, duplicate ids, lines of more than one restaurant).
 */
export function priceCart<L extends PricingLineInput>(input: PricingInput<L>): PricingResult<L> {
  const { context, tax } = input;
  const coupons = input.coupons ?? [];
  const offers = [...(input.offers ?? [])].sort((a, b) => a.id - b.id);
  input.lines.forEach(assertLine);
  assertUnique(
    input.lines.map((l) => l.id),
    'Line',
  );
  coupons.forEach(assertCoupon);
  assertUnique(
    coupons.map((c) => c.id),
    'Coupon',
  );
  offers.forEach(assertOffer);
  assertUnique(
    offers.map((o) => o.id),
    'Offer',
  );
  assertContext(context);
  if (tax.mode !== 'inclusive' && tax.mode !== 'exclusive')
    throw new RangeError('tax mode must be inclusive or exclusive');
  assertInteger(tax.rate_bp, 'tax rate (basis points)', 0, 10_000);
  const deliveryCharge = assertCents(input.delivery_charge_cents ?? 0, 'delivery_charge_cents');
  const surchargeRule = input.cash_surcharge ?? null;
  if (surchargeRule) {
    assertCents(surchargeRule.flat_cents ?? 0, 'cash surcharge flat_cents');
    assertInteger(surchargeRule.rate_bp ?? 0, 'cash surcharge rate_bp', 0, 10_000);
  }
  const restaurants = new Set(input.lines.map((l) => l.restaurant_id));
  if (restaurants.size > 1) throw new RangeError('A cart holds the items of one restaurant only');
  const method = resolveMethod(context);
  const format = { currency: input.currency ?? 'AUD', locale: input.locale ?? 'en-AU' };

  const work: WorkLine[] = [...input.lines]
    .sort((a, b) => a.id - b.id)
    .map((line) => ({
      line,
      item_total: line.unit_price_cents * line.quantity,
      offer_discount: 0,
      coupon_discount: 0,
      order_discount: 0,
      offer: null,
      claimed: false,
      coupon: null,
    }));
  const subtotal = work.reduce((sum, w) => sum + w.item_total, 0);
  if (!Number.isSafeInteger(subtotal)) throw new RangeError('Cart subtotal is too large');
  const facts: RuleFacts = {
    restaurant_id: input.lines[0]?.restaurant_id ?? null,
    method,
    local: localTimeAt(context.now, context.timezone),
    cash_on_delivery: context.cash_on_delivery,
    subtotal,
  };

  const adjustments: PricingAdjustment[] = [];
  const add = (adjustment: PricingAdjustment | null) => {
    if (adjustment) adjustments.push(adjustment);
  };
  for (const offer of offers) {
    if (offer.offer_type !== 'order_discount') add(applyItemOffer(offer, work, facts));
  }
  const couponOutcome = applyCoupons({
    code: input.coupon_code ?? null,
    coupons,
    work,
    facts,
    customer: context.customer,
    format,
  });
  adjustments.push(...couponOutcome.adjustments);
  for (const offer of offers) {
    if (offer.offer_type === 'order_discount') add(applyOrderDiscount(offer, work, facts));
  }

  const priced = new Map<number, PricedLine<L>>();
  for (const w of work) {
    const discounted = remaining(w);
    priced.set(w.line.id, {
      ...(w.line as L),
      item_total: w.item_total,
      discount_amount: w.offer_discount + w.coupon_discount,
      order_level_discount: w.order_discount,
      discounted_item_total: discounted,
      tax: lineTaxCents(discounted, tax.mode, w.line.tax_class === 'gst_free' ? 0 : tax.rate_bp),
      applied_coupon: w.coupon?.code ?? null,
      coupon_id: w.coupon?.id ?? null,
      is_auto_coupon: w.coupon?.is_auto ?? false,
      is_free: w.offer !== null && w.offer_discount === w.item_total && w.offer.units === w.line.quantity,
      offer_type: w.offer?.type ?? null,
      offer_id: w.offer?.id ?? null,
      offer_quantity_applied: w.offer?.units ?? 0,
    });
  }
  const lines = input.lines.map((l) => priced.get(l.id) as PricedLine<L>);

  const sum = (pick: (l: PricedLine<L>) => number) => lines.reduce((total, l) => total + pick(l), 0);
  const discount = sum((l) => l.discount_amount + l.order_level_discount);
  const taxTotal = sum((l) => l.tax);
  const itemsCharged = subtotal - discount + (tax.mode === 'exclusive' ? taxTotal : 0);
  const hasItems = lines.length > 0;
  const delivery = hasItems && method === 'delivery' ? deliveryCharge : 0;
  let surcharge = 0;
  if (hasItems && context.cash_on_delivery && surchargeRule) {
    surcharge =
      (surchargeRule.flat_cents ?? 0) + percentageOfCents(itemsCharged + delivery, surchargeRule.rate_bp ?? 0);
  }
  if (delivery > 0) {
    adjustments.push({
      reason: 'delivery_charge',
      source_id: null,
      code: null,
      label: 'Delivery',
      amount: delivery,
      lines: [],
    });
  }
  if (surcharge > 0) {
    adjustments.push({
      reason: 'cash_surcharge',
      source_id: null,
      code: null,
      label: 'Cash on delivery surcharge',
      amount: surcharge,
      lines: [],
    });
  }

  return {
    lines,
    totals: {
      subtotal,
      discount,
      tax: taxTotal,
      delivery,
      surcharge,
      total: itemsCharged + delivery + surcharge,
      item_count: sum((l) => l.quantity),
    },
    adjustments,
    coupon_rejection: couponOutcome.rejection,
    auto_coupon_rejections: couponOutcome.autoRejections,
  };
}
