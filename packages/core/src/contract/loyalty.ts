import { z } from 'zod';
import { envelope } from './envelope.js';

/** Loyalty points (issue 9; spec §1, §2 /loyalty-points). Signed-in users only. */

export const loyaltyRulesSchema = z.object({
  enabled: z.boolean(),
  points_per_dollar: z.number().int(),
  redeem_points: z.number().int(),
  redeem_value_cents: z.number().int(),
  min_redeem_points: z.number().int(),
  expiry_months: z.number().int(),
});

export const loyaltyLedgerKindSchema = z.enum(['earn', 'redeem', 'release', 'reverse', 'expire', 'adjust']);
export type LoyaltyLedgerKind = z.infer<typeof loyaltyLedgerKindSchema>;

export const loyaltyEntrySchema = z.object({
  id: z.number().int(),
  kind: loyaltyLedgerKindSchema,
  /** Signed points. */
  points: z.number().int(),
  balance_after: z.number().int(),
  order_id: z.number().int().nullable(),
  /** The order's number as customers see it, when there is one. */
  order_number: z.string().nullable(),
  created_at: z.string(),
});
export type LoyaltyEntry = z.infer<typeof loyaltyEntrySchema>;

/** GET /api/v2/loyalty?tenant_id= (bearer of a registered user; guests get 401). */
export const loyaltyQuerySchema = z.strictObject({
  tenant_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const loyaltySummarySchema = z.object({
  balance: z.number().int(),
  /** What the balance is worth, in cents. */
  value: z.number().int(),
  currency: z.string(),
  /** The balance can be redeemed (at least the minimum). */
  can_redeem: z.boolean(),
  expires_at: z.string().nullable(),
  rules: loyaltyRulesSchema,
  history: z.array(loyaltyEntrySchema),
});
export type LoyaltySummary = z.infer<typeof loyaltySummarySchema>;
export const loyaltySummaryResponseSchema = envelope(loyaltySummarySchema);
