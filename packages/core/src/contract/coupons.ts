import { z } from 'zod';
import { envelope } from './envelope.js';
import { fulfilmentMethodSchema } from './fulfilment.js';

/**
 * The back office's coupon calls (decisions 012 and 017):
 * GET /api/v2/admin/coupons?tenant_id=, POST /api/v2/admin/coupons, PATCH /api/v2/admin/coupons/:id.
 * Managers and owners of the tenant only. Units as in the pricing engine: cents, and basis points
 * for a percentage (1000 = 10%). Lists left null mean "no condition".
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const cents = z.number().int().min(0).max(100_000_000);
const count = z.number().int().min(1).max(100_000_000);
const idList = z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500);
const localMoment = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d)?$/,
    'Use YYYY-MM-DD or YYYY-MM-DDTHH:MM',
  );
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');

export const couponCodeSchema = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters')
  .max(32, 'Use at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only');

const couponFields = {
  code: couponCodeSchema,
  /** For staff; customers see the code and the discount. */
  description: z.string().trim().max(200, 'Use at most 200 characters'),
  discount_type: z.enum(['flat', 'percentage']),
  /** flat: cents off; percentage: basis points (1..10000). */
  value: z.number().int().min(1, 'Must be more than 0').max(100_000_000),
  min_spend_cents: cents.nullable(),
  max_discount_cents: cents.nullable(),
  valid_from: localMoment.nullable(),
  valid_until: localMoment.nullable(),
  daily_from: clock.nullable(),
  daily_until: clock.nullable(),
  days_of_week: z.array(z.number().int().min(0).max(6)).min(1).max(7).nullable(),
  restaurant_ids: idList.nullable(),
  methods: z.array(fulfilmentMethodSchema).min(1).max(3).nullable(),
  product_ids: idList.nullable(),
  category_ids: idList.nullable(),
  usage_limit: count.nullable(),
  per_customer_limit: count.nullable(),
  first_order_only: z.boolean(),
  is_auto_coupon: z.boolean(),
  stackable: z.boolean(),
  excludes_cash_on_delivery: z.boolean(),
  is_active: z.boolean(),
};

export type CouponFields = { [K in keyof typeof couponFields]: z.infer<(typeof couponFields)[K]> };

const startOf = (v: string) => (v.length === 10 ? `${v}T00:00` : v);
const endOf = (v: string) => (v.length === 10 ? `${v}T23:59` : v);

/** Rules across fields, by field name; empty when the coupon makes sense. */
export function couponRuleProblems(c: CouponFields): Record<string, string> {
  const problems: Record<string, string> = {};
  if (c.discount_type === 'percentage' && c.value > 10_000) problems.value = 'A percentage is at most 10000 (100%)';
  if (c.valid_from && c.valid_until && startOf(c.valid_from) > endOf(c.valid_until)) {
    problems.valid_until = 'Must not be before valid_from';
  }
  if ((c.daily_from === null) !== (c.daily_until === null)) {
    problems[c.daily_from === null ? 'daily_from' : 'daily_until'] = 'Set both daily_from and daily_until, or neither';
  }
  return problems;
}

/** POST /api/v2/admin/coupons: code, discount_type and value are required; the rest default to "no condition". */
export const createCouponBodySchema = z
  .strictObject({
    tenant_id: id,
    code: couponFields.code,
    discount_type: couponFields.discount_type,
    value: couponFields.value,
    description: couponFields.description.default(''),
    min_spend_cents: couponFields.min_spend_cents.default(null),
    max_discount_cents: couponFields.max_discount_cents.default(null),
    valid_from: couponFields.valid_from.default(null),
    valid_until: couponFields.valid_until.default(null),
    daily_from: couponFields.daily_from.default(null),
    daily_until: couponFields.daily_until.default(null),
    days_of_week: couponFields.days_of_week.default(null),
    restaurant_ids: couponFields.restaurant_ids.default(null),
    methods: couponFields.methods.default(null),
    product_ids: couponFields.product_ids.default(null),
    category_ids: couponFields.category_ids.default(null),
    usage_limit: couponFields.usage_limit.default(null),
    per_customer_limit: couponFields.per_customer_limit.default(null),
    first_order_only: couponFields.first_order_only.default(false),
    is_auto_coupon: couponFields.is_auto_coupon.default(false),
    stackable: couponFields.stackable.default(false),
    excludes_cash_on_delivery: couponFields.excludes_cash_on_delivery.default(false),
    is_active: couponFields.is_active.default(true),
  })
  .superRefine((body, ctx) => {
    for (const [path, message] of Object.entries(couponRuleProblems(body))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });
export type CreateCouponBody = z.infer<typeof createCouponBodySchema>;

/**
 * PATCH /api/v2/admin/coupons/:id: any fields to change (`is_active: false` disables it). The
 * cross-field rules are checked on the coupon as it would be after the change.
 */
export const updateCouponBodySchema = z
  .strictObject({ tenant_id: id, ...couponFields })
  .partial()
  .required({ tenant_id: true })
  .refine((body) => Object.keys(body).length > 1, { message: 'Send at least one field to change' });
export type UpdateCouponBody = z.infer<typeof updateCouponBodySchema>;

export const adminCouponsQuerySchema = z.strictObject({ tenant_id: id });
export const couponIdParamsSchema = z.strictObject({ id });

export const adminCouponSchema = z.object({
  id: z.number().int(),
  tenant_id: z.number().int(),
  ...couponFields,
  code: z.string(),
  /** Live uses: reserved and used (what the usage limit counts). */
  times_used: z.number().int(),
  /** Redemptions by status. */
  usage: z.object({ reserved: z.number().int(), used: z.number().int(), released: z.number().int() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponResponseSchema = envelope(adminCouponSchema);
export const adminCouponsResponseSchema = envelope(z.array(adminCouponSchema));
