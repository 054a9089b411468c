import { z } from 'zod';
import { envelope } from './envelope.js';

/** Tips (decision 040): what the business offers, and what the customer chooses at checkout. */

export const tipSettingsSchema = z.strictObject({
  methods: z.strictObject({ pickup: z.boolean(), delivery: z.boolean(), dine_in: z.boolean() }),
  /** Whole percentages offered as buttons, e.g. [5, 10, 15]. */
  presets: z
    .array(z.number().int('Use whole percentages').min(1, 'At least 1%').max(50, 'At most 50%'))
    .min(1, 'Offer at least one percentage')
    .max(5, 'Offer at most five percentages')
    .refine((list) => new Set(list).size === list.length, 'Each percentage once'),
  allow_custom: z.boolean(),
});
export type TipSettings = z.infer<typeof tipSettingsSchema>;
export const tipSettingsResponseSchema = envelope(tipSettingsSchema);

/** GET /api/v2/tips?tenant_id=: what the checkout offers. */
export const tipSettingsQuerySchema = z.strictObject({ tenant_id: z.coerce.number().int().positive() });

/** The customer's tip: one of the preset percentages, or an amount in cents when custom is allowed. */
export const tipChoiceSchema = z.union([
  z.strictObject({ percent: z.number().int().min(1).max(50) }),
  z.strictObject({ amount: z.number().int('Use whole cents').min(0).max(100_000, 'Too large') }),
]);
export type TipChoice = z.infer<typeof tipChoiceSchema>;

export const defaultTipSettings: TipSettings = {
  methods: { pickup: false, delivery: false, dine_in: false },
  presets: [5, 10, 15],
  allow_custom: true,
};
