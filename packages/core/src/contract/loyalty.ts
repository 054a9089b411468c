import { z } from 'zod';
import { maxPointsAdjustment } from '../rules/loyalty.js';
import { emailField } from './auth.js';
import { envelope } from './envelope.js';

/** Loyalty points (decision 018; spec §1, §2 /loyalty-points). Signed-in users only. */

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
  /** Why the restaurant adjusted the points (`adjust` entries; the customer sees it). */
  note: z.string().nullable(),
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

/** Staff (decision 021): GET /api/v2/admin/loyalty?email= (exact, case-insensitive). */
export const adminLoyaltyQuerySchema = z.strictObject({ email: emailField });

export const adminLoyaltyEntrySchema = loyaltyEntrySchema.extend({
  /** The staff member who made an `adjust` entry (staff see it; customers never do). */
  adjusted_by: z.string().nullable(),
});
export type AdminLoyaltyEntry = z.infer<typeof adminLoyaltyEntrySchema>;

/** A customer's points as staff see them; a customer without an account yet has 0 and no entries. */
export const adminCustomerPointsSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  balance: z.number().int(),
  /** What the balance is worth, in cents. */
  value: z.number().int(),
  currency: z.string(),
  expires_at: z.string().nullable(),
  /** The latest entries, newest first (at most 50). */
  history: z.array(adminLoyaltyEntrySchema),
});
export type AdminCustomerPoints = z.infer<typeof adminCustomerPointsSchema>;
export const adminCustomerPointsListResponseSchema = envelope(z.array(adminCustomerPointsSchema));

export const adminLoyaltyParamsSchema = z.strictObject({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * POST /api/v2/admin/loyalty/:userId/adjust (manager, owner) with an Idempotency-Key header:
 * positive points add, negative deduct; the reason is shown to the customer.
 */
export const loyaltyAdjustBodySchema = z.strictObject({
  points: z
    .number()
    .int('Use whole points')
    .min(-maxPointsAdjustment, `Deduct at most ${maxPointsAdjustment.toLocaleString('en')} points at once`)
    .max(maxPointsAdjustment, `Add at most ${maxPointsAdjustment.toLocaleString('en')} points at once`)
    .refine((points) => points !== 0, 'Add or deduct at least 1 point'),
  reason: z.string().trim().min(1, 'Say why the points are adjusted').max(300, 'Use at most 300 characters'),
});
export type LoyaltyAdjustBody = z.infer<typeof loyaltyAdjustBodySchema>;

export const adminLoyaltyAdjustmentSchema = z.object({
  entry: adminLoyaltyEntrySchema,
  customer: adminCustomerPointsSchema,
});
export type AdminLoyaltyAdjustment = z.infer<typeof adminLoyaltyAdjustmentSchema>;
export const adminLoyaltyAdjustmentResponseSchema = envelope(adminLoyaltyAdjustmentSchema);
