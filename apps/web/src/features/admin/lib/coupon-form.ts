import { type AdminCoupon, createCouponBodySchema, updateCouponBodySchema } from '@orderfront/core';
import { z } from 'zod';
import { runtimeConfig } from '@/config/runtime';
import { moneyToText, parseMoney } from '@/lib/money';

/** '12.5' (%) → 1250 basis points, without floating-point maths. */
function parsePercent(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return value >= 1 && value <= 10_000 ? value : null;
}

const percentText = (bp: number) => `${bp / 100}`;

/** The coupon form as typed: amounts and counts stay text until saved. */
const couponDraftSchema = z.object({
  code: z.string(),
  description: z.string(),
  discount_type: z.enum(['flat', 'percentage']),
  value: z.string(),
  min_spend: z.string(),
  usage_limit: z.string(),
  valid_until: z.string(),
});
export type CouponDraft = z.infer<typeof couponDraftSchema>;

export const emptyCouponDraft: CouponDraft = {
  code: '',
  description: '',
  discount_type: 'percentage',
  value: '',
  min_spend: '',
  usage_limit: '',
  valid_until: '',
};

export function couponDraftOf(c: AdminCoupon): CouponDraft {
  return {
    code: c.code,
    description: c.description,
    discount_type: c.discount_type,
    value: c.discount_type === 'flat' ? moneyToText(c.value) : percentText(c.value),
    min_spend: c.min_spend_cents === null ? '' : moneyToText(c.min_spend_cents),
    usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
    valid_until: c.valid_until?.slice(0, 10) ?? '',
  };
}

/** The draft as the API's fields, or null with the first problem added to the context. */
function fieldsOf(d: CouponDraft, ctx: z.RefinementCtx) {
  const problem = (path: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [path], message });
    return null;
  };
  const value = d.discount_type === 'flat' ? parseMoney(d.value) : parsePercent(d.value);
  if (value === null || value < 1) {
    return problem(
      'value',
      d.discount_type === 'flat' ? 'Enter the amount off, like 5.00' : 'Enter a percentage from 0.01 to 100',
    );
  }
  const min = d.min_spend.trim() === '' ? null : parseMoney(d.min_spend);
  if (d.min_spend.trim() !== '' && min === null) return problem('min_spend', 'Enter the minimum spend like 30.00');
  const limit = d.usage_limit.trim() === '' ? null : Number(d.usage_limit);
  if (limit !== null && (!Number.isInteger(limit) || limit < 1)) {
    return problem('usage_limit', 'The usage limit is a whole number');
  }
  return {
    tenant_id: runtimeConfig.tenantId,
    description: d.description.trim(),
    discount_type: d.discount_type,
    value,
    min_spend_cents: min,
    usage_limit: limit,
    valid_until: d.valid_until || null,
  };
}

/** A new coupon: the draft → the create body, checked as the API checks it. */
export const newCouponFormSchema = couponDraftSchema
  .transform((d, ctx): z.input<typeof createCouponBodySchema> => {
    const fields = fieldsOf(d, ctx);
    return fields ? { ...fields, code: d.code.trim() } : z.NEVER;
  })
  .pipe(createCouponBodySchema);

/** An edit: the draft → the changes, checked as the API checks them (the code stays). */
export const couponChangesFormSchema = couponDraftSchema
  .transform((d, ctx): z.input<typeof updateCouponBodySchema> => fieldsOf(d, ctx) ?? z.NEVER)
  .pipe(updateCouponBodySchema);
