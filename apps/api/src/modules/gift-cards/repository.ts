import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, GiftCardsTable } from '../../db/schema.js';

/** A gift card named by its tenant and id, as every write after the first read names it (decision 031). */
export type CardKey = { tenant_id: number; id: number };

/** The gift card rows themselves; balance changes go through the ledger (ledger-repository.ts). */
export function giftCardRepository(db: Db) {
  return {
    byId(tenantId: number, id: number) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    byIdempotencyKey(tenantId: number, key: string) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },
    byPayment(tenantId: number, provider: string, paymentId: string) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('payment_provider', '=', provider)
        .where('payment_id', '=', paymentId)
        .executeTakeFirst();
    },
    /** Any status: staff look up void and unpaid cards too. */
    byCodeHash(tenantId: number, codeHash: string) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
    },
    /** Newest first; `email` matches the recipient or the purchaser. */
    list(tenantId: number, filter: { last4?: string; email?: string; before?: number }, limit: number) {
      let q = db.selectFrom('gift_cards').selectAll().where('tenant_id', '=', tenantId);
      if (filter.last4) q = q.where('last4', '=', filter.last4);
      const { email } = filter;
      if (email) q = q.where((eb) => eb.or([eb('recipient_email', '=', email), eb('purchaser_email', '=', email)]));
      if (filter.before) q = q.where('id', '<', filter.before);
      return q.orderBy('id', 'desc').limit(limit).execute();
    },
    insert(values: Insertable<GiftCardsTable>) {
      return db.insertInto('gift_cards').values(values).returningAll().executeTakeFirstOrThrow();
    },
    setPayment(card: CardKey, provider: string, paymentId: string) {
      return db
        .updateTable('gift_cards')
        .set({ payment_provider: provider, payment_id: paymentId })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async setExpiry(card: CardKey, expiresAt: string) {
      await db
        .updateTable('gift_cards')
        .set({ expires_at: expiresAt })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .execute();
    },
    async markDelivered(card: CardKey, at: string) {
      await db
        .updateTable('gift_cards')
        .set({ delivered_at: at })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .execute();
    },
    ...deliveryQueries(db),
    ...refundQueries(db),
  };
}

/** The delivery sweep's claim (a conditional update) keeps every code mailed once. */
function deliveryQueries(db: Db) {
  return {
    dueForDelivery(at: string, limit: number) {
      return db
        .selectFrom('gift_cards')
        .selectAll()
        .where('status', '=', 'active')
        .where('delivered_at', 'is', null)
        .where('deliver_at', '<=', at)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
    /** Claims an undelivered card no other sweep holds (or one whose claim went stale); false if taken. */
    async claimDelivery(card: CardKey, at: string, staleBefore: string) {
      const claimed = await db
        .updateTable('gift_cards')
        .set({ delivering_at: at })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .where('delivered_at', 'is', null)
        .where((eb) => eb.or([eb('delivering_at', 'is', null), eb('delivering_at', '<', staleBefore)]))
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },
    async setCode(card: CardKey, codeHash: string, last4: string) {
      await db
        .updateTable('gift_cards')
        .set({ code_hash: codeHash, last4 })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .execute();
    },
    /** A failed mail: the code is forgotten and the claim let go, unless the card was delivered meanwhile. */
    async dropUndeliveredCode(card: CardKey) {
      await db
        .updateTable('gift_cards')
        .set({ code_hash: null, last4: null, delivering_at: null })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .where('delivered_at', 'is', null)
        .execute();
    },
  };
}

/** Bookkeeping of back-office refunds (decision 022) around the ledger's claim. */
function refundQueries(db: Db) {
  return {
    /** An order placed with the card still waits for its card payment. */
    async redeemedByOrderAwaitingPayment(tenantId: number, giftCardId: number) {
      const pending = await db
        .selectFrom('gift_card_ledger as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select('o.id')
        .where('l.tenant_id', '=', tenantId)
        .where('l.gift_card_id', '=', giftCardId)
        .where('l.kind', '=', 'redeem')
        .where('o.status', '=', 'pending_payment')
        .executeTakeFirst();
      return pending !== undefined;
    },
    /**
     * Takes over a refund claimed at `claimedAt`, sent and never confirmed, if that claim is older
     * than `staleBefore` (a conditional update): the refunded amount, or undefined if taken.
     */
    async resumeRefund(card: CardKey, claimedAt: string, staleBefore: string, at: string) {
      const resumed = await db
        .updateTable('gift_cards')
        .set({ refunded_at: at })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .where('refund_id', 'is', null)
        .where('refunded_at', '=', claimedAt)
        .where('refunded_at', '<', staleBefore)
        .returning('refunded_amount')
        .executeTakeFirst();
      return resumed?.refunded_amount ?? undefined;
    },
    /** Puts back the earlier claim's time on a resumed refund the provider did not confirm. */
    async restoreRefundClaim(card: CardKey, resumedAt: string, claimedAt: string) {
      await db
        .updateTable('gift_cards')
        .set({ refunded_at: claimedAt })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .where('refund_id', 'is', null)
        .where('refunded_at', '=', resumedAt)
        .execute();
    },
    async setRefundId(card: CardKey, refundId: string) {
      await db
        .updateTable('gift_cards')
        .set({ refund_id: refundId })
        .where('tenant_id', '=', card.tenant_id)
        .where('id', '=', card.id)
        .execute();
    },
  };
}

/** One row of options per tenant, made on first save. */
export function giftCardSettingsRepository(db: Db) {
  return {
    find(tenantId: number) {
      return db.selectFrom('gift_card_settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    },
    async save(
      tenantId: number,
      values: {
        enabled: number;
        min_amount: number;
        max_amount: number;
        presets: string;
        valid_months: number | null;
        max_delivery_days: number;
        updated_at: string;
      },
    ) {
      await db
        .insertInto('gift_card_settings')
        .values({ tenant_id: tenantId, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
        .execute();
    },
  };
}

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
  return { usable, expired, issues, redeemed, refunded };
}
