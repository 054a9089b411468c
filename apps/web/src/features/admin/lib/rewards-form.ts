import { type AdminRewards, adminRewardsBodySchema } from '@orderfront/core';
import { z } from 'zod';
import { moneyToText, parseMoney } from '@/lib/money';

/** The form as typed; numbers stay text until saved so a half-typed value is never lost. */
const rewardsDraftSchema = z.object({
  loyaltyEnabled: z.boolean(),
  pointsPerDollar: z.string(),
  redeemPoints: z.string(),
  redeemValue: z.string(),
  minRedeemPoints: z.string(),
  expiryMonths: z.string(),
  giftCardsEnabled: z.boolean(),
  minAmount: z.string(),
  maxAmount: z.string(),
  presets: z.string(),
  validMonths: z.string(),
  maxDeliveryDays: z.string(),
});
export type RewardsDraft = z.infer<typeof rewardsDraftSchema>;

export function rewardsDraftOf(r: AdminRewards): RewardsDraft {
  return {
    loyaltyEnabled: r.loyalty.enabled,
    pointsPerDollar: String(r.loyalty.points_per_dollar),
    redeemPoints: String(r.loyalty.redeem_points),
    redeemValue: moneyToText(r.loyalty.redeem_value_cents),
    minRedeemPoints: String(r.loyalty.min_redeem_points),
    expiryMonths: String(r.loyalty.expiry_months),
    giftCardsEnabled: r.gift_cards.enabled,
    minAmount: moneyToText(r.gift_cards.min_amount),
    maxAmount: moneyToText(r.gift_cards.max_amount),
    presets: r.gift_cards.presets.map((cents) => moneyToText(cents)).join(', '),
    validMonths: r.gift_cards.valid_months === null ? '' : String(r.gift_cards.valid_months),
    maxDeliveryDays: String(r.gift_cards.max_delivery_days),
  };
}

/** A whole number as typed, or NaN (the schema then says what is wrong). */
export const count = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
/** An amount as typed in minor units, or NaN (the schema then says what is wrong). */
export const money = (text: string) => parseMoney(text) ?? Number.NaN;

/** The draft → the rewards body, checked by the API's own schema (its messages, by the body's field names). */
export const rewardsFormSchema = rewardsDraftSchema
  .transform(
    (d): z.input<typeof adminRewardsBodySchema> => ({
      loyalty: {
        enabled: d.loyaltyEnabled,
        points_per_dollar: count(d.pointsPerDollar),
        redeem_points: count(d.redeemPoints),
        redeem_value_cents: money(d.redeemValue),
        min_redeem_points: count(d.minRedeemPoints),
        expiry_months: count(d.expiryMonths),
      },
      gift_cards: {
        enabled: d.giftCardsEnabled,
        min_amount: money(d.minAmount),
        max_amount: money(d.maxAmount),
        presets: d.presets.trim() === '' ? [] : d.presets.split(',').map(money),
        valid_months: d.validMonths.trim() === '' ? null : count(d.validMonths),
        max_delivery_days: count(d.maxDeliveryDays),
      },
    }),
  )
  .pipe(adminRewardsBodySchema);
