import { type Kysely, sql } from 'kysely';
import { timestampType } from './support.js';

/**
 * A purchased gift card refunded to its buyer from the back office (decision 022): what went back,
 * when, and the provider's refund id once the provider has made it. A card with `refunded_at` and no
 * `refund_id` is one whose refund was sent and not yet confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('gift_cards')
    .addColumn('refunded_amount', 'integer', (col) => col.check(sql`refunded_amount > 0`))
    .execute();
  await db.schema.alterTable('gift_cards').addColumn('refunded_at', timestampType(db)).execute();
  await db.schema.alterTable('gift_cards').addColumn('refund_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['refund_id', 'refunded_at', 'refunded_amount']) {
    await db.schema.alterTable('gift_cards').dropColumn(column).execute();
  }
}
