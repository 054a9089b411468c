import { z } from 'zod';
import { envelope } from './envelope.js';

/** Tips (decision 040): what the business offers, and what the customer chooses at checkout. */

export const tipSettingsSchema = z.strictObject({
  methods: z.strictObject({ pickup: z.boolean(), delivery: z.boolean(), dine_in: z.boolean() }),
  /** Whole percentages offered as buttons, e.g. [5, 10, 15]. */
  presets: z
    .array(z.number().int('Use whole percentages').min(1, 'At least 1%').max(100, 'At most 100%'))
    .min(1, 'Offer at least one percentage')
    .max(4, 'Offer at most four percentages')
    .refine((list) => new Set(list).size === list.length, 'Each percentage once'),
  allow_custom: z.boolean(),
  /** Tips bear the business's tax, which is inside the tip, never added to it (decision 044). */
  taxed: z.boolean(),
});
export type TipSettings = z.infer<typeof tipSettingsSchema>;
export const tipSettingsResponseSchema = envelope(tipSettingsSchema);

/** GET /api/v2/tips?tenant_id=: what the checkout offers. */
export const tipSettingsQuerySchema = z.strictObject({ tenant_id: z.coerce.number().int().positive() });

/** The largest custom tip the server takes (decision 040): $500, whatever the order costs. */
export const maxCustomTipCents = 50_000;

/** The customer's tip: one of the preset percentages, or an amount in cents when custom is allowed. */
export const customTipSchema = z.strictObject({
  amount: z
    .number()
    .int('Use whole cents')
    .min(0, 'A tip cannot be negative')
    .max(maxCustomTipCents, 'A tip can be at most $500'),
});
export const tipChoiceSchema = z.union([
  z.strictObject({ percent: z.number().int().min(1).max(100) }),
  customTipSchema,
]);
export type TipChoice = z.infer<typeof tipChoiceSchema>;

export const defaultTipSettings: TipSettings = {
  methods: { pickup: false, delivery: false, dine_in: false },
  presets: [5, 10, 15],
  allow_custom: true,
  taxed: false,
};
