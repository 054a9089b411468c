import { z } from 'zod';
import { envelope } from './envelope.js';
import { loyaltyRulesSchema } from './loyalty.js';

/**
 * The business's loyalty programme and gift card options (per-tenant rules, decision 019), set by
 * the owner in the back office: GET and PUT /api/v2/admin/rewards. Money in cents.
 */

const whole = (min: number, max: number, what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int(`Use a whole number for ${what}`)
    .min(min, `Use at least ${min} for ${what}`)
    .max(max, `Use at most ${max} for ${what}`);
const cents = (what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int(`Use whole cents for ${what}`)
    .min(100, `Use at least $1.00 for ${what}`)
    .max(1_000_000, `Use at most $10,000.00 for ${what}`);

export const giftCardSettingsSchema = z.object({
  enabled: z.boolean(),
  min_amount: z.number().int(),
  max_amount: z.number().int(),
  presets: z.array(z.number().int()),
  /** Months a card is valid from purchase; null = no expiry. */
  valid_months: z.number().int().nullable(),
  /** The furthest delivery date a buyer may choose, in days from today. */
  max_delivery_days: z.number().int(),
});
export type GiftCardSettings = z.infer<typeof giftCardSettingsSchema>;

export const adminRewardsSchema = z.object({
  currency: z.string(),
  loyalty: loyaltyRulesSchema,
  gift_cards: giftCardSettingsSchema,
});
export type AdminRewards = z.infer<typeof adminRewardsSchema>;
export const adminRewardsResponseSchema = envelope(adminRewardsSchema);

export const loyaltyRulesBodySchema = z.strictObject({
  enabled: z.boolean(),
  points_per_dollar: whole(0, 100, 'points per dollar'),
  redeem_points: whole(1, 1_000_000, 'the points redeemed together'),
  redeem_value_cents: whole(0, 100_000, 'what those points are worth'),
  min_redeem_points: whole(0, 1_000_000, 'the minimum points to redeem'),
  /** 0 = points never expire. */
  expiry_months: whole(0, 120, 'months without activity before points expire'),
});

export const giftCardSettingsBodySchema = z
  .strictObject({
    enabled: z.boolean(),
    min_amount: cents('the smallest amount'),
    max_amount: cents('the largest amount'),
    presets: z.array(cents('each preset amount')).max(8, 'Offer at most 8 preset amounts'),
    valid_months: whole(1, 120, 'months a card is valid').nullable(),
    max_delivery_days: whole(0, 365, 'days ahead a card can be scheduled'),
  })
  .superRefine((body, ctx) => {
    if (body.max_amount < body.min_amount) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_amount'],
        message: 'The largest amount must not be below the smallest',
      });
    }
    if (body.presets.some((p) => p < body.min_amount || p > body.max_amount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['presets'],
        message: 'Every preset must be within the smallest and largest amounts',
      });
    }
    if (new Set(body.presets).size !== body.presets.length) {
      ctx.addIssue({ code: 'custom', path: ['presets'], message: 'Each preset amount once' });
    }
  });

export const adminRewardsBodySchema = z.strictObject({
  loyalty: loyaltyRulesBodySchema,
  gift_cards: giftCardSettingsBodySchema,
});
export type AdminRewardsBody = z.infer<typeof adminRewardsBodySchema>;
