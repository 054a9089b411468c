import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The back office's figures for one business, read from the cards and their ledger (decision 018:
 * a card's balance is its ledger sum, so the liability is the ledger sum of the usable cards).
 */
export async function giftCardTotals(db: Db, tenantId: number, now: Date, since: string) {
  const nowIso = now.toISOString();
  const unexpired = (eb: ExpressionBuilder<Database, 'gift_cards'>) =>
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso)]);

  const [usable, expired, issues, redeemed, refunded] = await Promise.all([
    db
      .selectFrom('gift_cards')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .where(unexpired)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('gift_cards')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('amount'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'active')
      .where((eb) => eb.not(unexpired(eb)))
      .executeTakeFirstOrThrow(),
    // A card's one issue entry is written when it is paid for (purchase) or handed over (staff).
    db
      .selectFrom('gift_card_ledger as l')
      .innerJoin('gift_cards as c', 'c.id', 'l.gift_card_id')
      .select((eb) => [
        'c.source',
        eb.fn.coalesce(eb.fn.sum<number>('l.amount'), eb.lit(0)).as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.kind', '=', 'issue')
      .where('l.created_at', '>=', since)
      .groupBy('c.source')
      .execute(),
    // What orders placed in the window took and kept: a redemption later released (failed payment,
    // cancellation) or refunded went back onto the card and was never spent.
    db
      .selectFrom('gift_card_ledger as l')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>(eb.neg(eb.ref('l.amount'))), eb.lit(0)).as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('l.tenant_id', '=', tenantId)
      .where('l.kind', '=', 'redeem')
      .where('l.created_at', '>=', since)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('gift_card_ledger as back')
              .select('back.id')
              .whereRef('back.gift_card_id', '=', 'l.gift_card_id')
              .whereRef('back.order_id', '=', 'l.order_id')
              .where('back.kind', 'in', ['release', 'refund']),
          ),
        ),
      )
      .executeTakeFirstOrThrow(),
    // Purchases refunded to their buyers from the back office, once the provider made the refund.
    db
      .selectFrom('gift_cards')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('refunded_amount'), eb.lit(0)).as('amount'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('refund_id', 'is not', null)
      .where('refunded_at', '>=', since)
      .executeTakeFirstOrThrow(),
  ]);

  const tally = (row?: { count: number | string; amount: number | string }) => ({
    count: Number(row?.count ?? 0),
    amount: Number(row?.amount ?? 0),
  });
  return {
    outstanding_balance: Number(usable.amount),
    active_cards: Number(usable.count),
    expired_balance: Number(expired.amount),
    sold: tally(issues.find((r) => r.source === 'purchase')),
    issued: tally(issues.find((r) => r.source === 'staff')),
    redeemed: tally(redeemed),
    refunded: tally(refunded),
  };
}
