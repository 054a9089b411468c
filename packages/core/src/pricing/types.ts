/**
 * Input and output of the pricing engine (`priceCart`). Money is integer cents everywhere;
 * percentages and tax rates are basis points (1000 = 10%). See docs/decisions/005-pricing-engine.md.
 */

export type PricingMethod = 'pickup' | 'delivery' | 'dine_in';
export type PricingLineKind = 'product' | 'deal' | 'combo' | 'half_and_half';
export type DiscountType = 'flat' | 'percentage';
export type TaxMode = 'inclusive' | 'exclusive';

/** What the engine reads of a line's children (halves, deal or combo items); the rest is display. */
export interface PricingLineChild {
  product_id?: number | null;
  category_id?: number | null;
}

/**
 * One cart line with its unit price already resolved from the catalogue for the channel
 * (online_price, or price when dine-in), options, halves and bundle extras included.
 * Any other fields the caller puts on the line come back untouched on the priced line.
 */
export interface PricingLineInput {
  /** The cart line's id: unique in the cart; ties in rounding are broken by it. */
  id: number;
  kind: PricingLineKind;
  quantity: number;
  unit_price_cents: number;
  restaurant_id: number;
  /** Master product (null for deals and combos). */
  product_id: number | null;
  restaurant_product_id: number | null;
  category_id: number | null;
  /** Half-and-half: the two halves, whose product and category ids also match a coupon's scope. */
  children?: readonly PricingLineChild[];
  /** 'gst_free': the line carries no tax (decision 042); absent: taxed at the business's rate. */
  tax_class?: 'standard' | 'gst_free';
}

/** Conditions shared by coupons and offers. Every field is optional: absent means no condition. */
export interface PromotionRules {
  /** false: never applies (an entered code gets 'Invalid coupon code'). Default true. */
  is_active?: boolean;
  /** Restaurant-local start: 'YYYY-MM-DD' (from 00:00) or 'YYYY-MM-DDTHH:MM'. */
  valid_from?: string | null;
  /** Restaurant-local end, inclusive to the minute: 'YYYY-MM-DD' (through 23:59) or 'YYYY-MM-DDTHH:MM'. */
  valid_until?: string | null;
  /** Daily window 'HH:MM'..'HH:MM', both minutes inclusive; from > until wraps past midnight. */
  daily_from?: string | null;
  daily_until?: string | null;
  /** Local weekdays, 0 = Sunday … 6 = Saturday. */
  days_of_week?: readonly number[] | null;
  restaurant_ids?: readonly number[] | null;
  methods?: readonly PricingMethod[] | null;
  /** Compared with the cart's subtotal (Σ item_total before any discount). */
  min_spend_cents?: number | null;
  excludes_cash_on_delivery?: boolean;
}

export interface PricingCoupon extends PromotionRules {
  id: number;
  code: string;
  discount_type: DiscountType;
  /** flat: cents off; percentage: basis points (1000 = 10%, at most 10000). */
  value: number;
  max_discount_cents?: number | null;
  /** Item scope: a line matches if its (or a half's) product or category is listed. */
  product_ids?: readonly number[] | null;
  category_ids?: readonly number[] | null;
  /** Total uses allowed across all customers, and uses so far. */
  usage_limit?: number | null;
  times_used?: number;
  /** Uses allowed per customer; the customer's uses come from the context. */
  per_customer_limit?: number | null;
  first_order_only?: boolean;
  /** Applied without a code whenever it is valid. */
  is_auto_coupon?: boolean;
  /** Applies on top of the best non-stackable coupon instead of competing with it. */
  stackable?: boolean;
}

interface OfferBase extends PromotionRules {
  id: number;
  /** Shown to the customer in the adjustment, e.g. 'Buy 2 drinks, get 1 free'. */
  name: string;
  product_ids?: readonly number[] | null;
  category_ids?: readonly number[] | null;
}

/** Up to free_quantity units of the matching items are free (cheapest first). */
export interface FreeItemOffer extends OfferBase {
  offer_type: 'free_item';
  free_quantity: number;
}

/** For every buy_quantity + get_quantity matching units, get_quantity of the cheapest are discounted. */
export interface BuyXGetYOffer extends OfferBase {
  offer_type: 'buy_x_get_y';
  buy_quantity: number;
  get_quantity: number;
  /** Discount on the "get" units in basis points; default 10000 (free). */
  get_discount_bp?: number;
  /** At most this many groups per order. */
  max_applications?: number | null;
}

/** A discount on the whole order, spread over the lines in proportion to what they still cost. */
export interface OrderDiscountOffer extends OfferBase {
  offer_type: 'order_discount';
  discount_type: DiscountType;
  value: number;
  max_discount_cents?: number | null;
}

export type PricingOffer = FreeItemOffer | BuyXGetYOffer | OrderDiscountOffer;
export type ItemOfferType = 'free_item' | 'buy_x_get_y';

export interface PricingCustomer {
  /** Orders the customer (or guest) has placed before. */
  order_count: number;
  /** Coupon id → times this customer has used it. */
  coupon_uses: Readonly<Record<number, number>>;
}

export interface PricingContext {
  /** Default 'pickup' (spec §9). */
  method?: PricingMethod;
  /** The cart call's dine_in=true: the same as method 'dine_in'. */
  dine_in?: boolean;
  cash_on_delivery: boolean;
  /** ISO instant, e.g. '2026-11-30T12:59:00Z'. */
  now: string;
  /** The restaurant's IANA zone, e.g. 'Australia/Sydney'. */
  timezone: string;
  customer: PricingCustomer;
}

export interface CashSurchargeRule {
  flat_cents?: number;
  /** Basis points of the order before the surcharge (items as charged plus delivery). */
  rate_bp?: number;
}

export interface PricingInput<L extends PricingLineInput = PricingLineInput> {
  lines: readonly L[];
  tax: { mode: TaxMode; rate_bp: number };
  context: PricingContext;
  /** The code the customer entered, if any (matched case-insensitively, trimmed). */
  coupon_code?: string | null;
  /** The tenant's coupons that may apply: the one with the entered code and every auto coupon. */
  coupons?: readonly PricingCoupon[];
  offers?: readonly PricingOffer[];
  /** Charged only when the method is delivery and the cart is not empty. */
  delivery_charge_cents?: number;
  /** Charged only with cash on delivery and a non-empty cart. */
  cash_surcharge?: CashSurchargeRule | null;
  /** For amounts in messages; default AUD in en-AU. */
  currency?: string;
  locale?: string;
}

export interface PricedLineFields {
  /** unit_price_cents × quantity */
  item_total: number;
  /** Item offers and coupons on this line (not its share of order-level discounts). */
  discount_amount: number;
  /** This line's share of order-level discounts. */
  order_level_discount: number;
  /** item_total − discount_amount − order_level_discount */
  discounted_item_total: number;
  /** Tax of the line: contained in discounted_item_total (inclusive) or added to it (exclusive). */
  tax: number;
  /** Code of the first coupon that discounted this line (the best exclusive one comes first). */
  applied_coupon: string | null;
  coupon_id: number | null;
  is_auto_coupon: boolean;
  /** Every unit of the line is free through an offer. */
  is_free: boolean;
  offer_type: ItemOfferType | null;
  offer_id: number | null;
  /** Units of the line the item offer discounted. */
  offer_quantity_applied: number;
}

export type PricedLine<L extends PricingLineInput = PricingLineInput> = Omit<L, keyof PricedLineFields> &
  PricedLineFields;

export interface PricingTotals {
  /** Σ item_total */
  subtotal: number;
  /** Σ (discount_amount + order_level_discount) */
  discount: number;
  /** Σ line tax (contained in the total when inclusive, added when exclusive). */
  tax: number;
  delivery: number;
  surcharge: number;
  /** subtotal − discount + (exclusive ? tax : 0) + delivery + surcharge */
  total: number;
  /** Σ quantity */
  item_count: number;
}

/** Why the engine took money off or added a charge; the cart reply's `adjustments` name these. */
export const adjustmentReasons = [
  'coupon',
  'auto_coupon',
  'free_item',
  'buy_x_get_y',
  'order_discount',
  'delivery_charge',
  'cash_surcharge',
] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];

/** One applied discount or charge, with why it applies. */
export interface PricingAdjustment {
  reason: AdjustmentReason;
  /** Coupon or offer id; null for delivery and surcharge. */
  source_id: number | null;
  /** The coupon's code, else null. */
  code: string | null;
  /** Customer-facing description, e.g. 'SAVE10: 10% off'. */
  label: string;
  /** Signed cents: negative lowers the total (discounts), positive raises it (charges). */
  amount: number;
  /** Each discounted line's share (same sign), by line id ascending; empty for order charges. */
  lines: readonly { line_id: number; amount: number }[];
}

export type CouponRejectionReason =
  | 'not_found'
  | 'inactive'
  | 'empty_cart'
  | 'wrong_restaurant'
  | 'wrong_method'
  | 'not_started'
  | 'expired'
  | 'wrong_day'
  | 'outside_hours'
  | 'first_order_only'
  | 'usage_limit_reached'
  | 'customer_limit_reached'
  | 'cash_on_delivery_excluded'
  | 'min_spend_not_met'
  | 'no_eligible_items'
  | 'better_offer_applied';

export interface CouponRejection {
  /** null when no coupon has the entered code. */
  coupon_id: number | null;
  code: string;
  reason: CouponRejectionReason;
  /** Customer-facing; 'Invalid coupon code' (spec §8) for unknown or inactive codes. */
  message: string;
}

export interface PricingResult<L extends PricingLineInput = PricingLineInput> {
  /** In the input's order. */
  lines: PricedLine<L>[];
  totals: PricingTotals;
  adjustments: PricingAdjustment[];
  /** Why the entered code did not apply (null when it applied or none was entered). */
  coupon_rejection: CouponRejection | null;
  /** Auto coupons that did not apply, and why (for logs; not shown to the customer). */
  auto_coupon_rejections: CouponRejection[];
}
