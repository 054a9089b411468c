import type { Db } from '../database.js';

type Trx = Pick<Db, 'insertInto'>;

/** Gift card limits and loyalty rules of a business (demo: $10–$500 cards; 1 point per $1, 100 points = $5). */
export async function seedGiftCardsAndLoyalty(trx: Trx, tenantId: number): Promise<void> {
  await trx
    .insertInto('gift_card_settings')
    .values({
      tenant_id: tenantId,
      enabled: 1,
      min_amount: 1000,
      max_amount: 50000,
      presets: JSON.stringify([2500, 5000, 10000, 15000]),
      valid_months: 36, // Australian law: at least three years
      max_delivery_days: 365,
    })
    .execute();
  await trx
    .insertInto('loyalty_settings')
    .values({
      tenant_id: tenantId,
      enabled: 1,
      points_per_dollar: 1,
      redeem_points: 100,
      redeem_value_cents: 500,
      min_redeem_points: 100,
      expiry_months: 12,
    })
    .execute();
}
