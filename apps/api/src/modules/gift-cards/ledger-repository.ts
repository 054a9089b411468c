import type { Db } from '../../db/database.js';
import type { GiftCardLedgerKind } from '../../db/schema.js';

/**
 * The ledger's statements (ledger.ts holds its rules): every balance change is a conditional
 * UPDATE of the card, so two transactions never both take the same money, plus an appended entry.
 * Takes the caller's transaction.
 */
export function giftCardLedgerRepository(trx: Db) {
  return {
    activeByCodeHash(tenantId: number, codeHash: string) {
      return trx
        .selectFrom('gift_cards')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('code_hash', '=', codeHash)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    async append(
      card: { id: number; tenant_id: number },
      entry: {
        kind: GiftCardLedgerKind;
        amount: number;
        balanceAfter: number;
        orderId?: number | null;
        note?: string | null;
        byUserId?: number | null;
        now: Date;
      },
    ) {
      await trx
        .insertInto('gift_card_ledger')
        .values({
          tenant_id: card.tenant_id,
          gift_card_id: card.id,
          kind: entry.kind,
          amount: entry.amount,
          balance_after: entry.balanceAfter,
          order_id: entry.orderId ?? null,
          note: entry.note ?? null,
          created_by_user_id: entry.byUserId ?? null,
          created_at: entry.now.toISOString(),
        })
        .execute();
    },
    entriesOfOrder(tenantId: number, orderId: number) {
      return trx
        .selectFrom('gift_card_ledger')
        .select(['gift_card_id', 'kind', 'amount'])
        .where('tenant_id', '=', tenantId)
        .where('order_id', '=', orderId)
        .execute();
    },
    entriesOfCard(tenantId: number, giftCardId: number) {
      return trx
        .selectFrom('gift_card_ledger')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('gift_card_id', '=', giftCardId)
        .orderBy('id')
        .execute();
    },
    ...balanceUpdates(trx),
    ...voidAndRefundUpdates(trx),
  };
}

function balanceUpdates(trx: Db) {
  return {
    /** Takes `amount` off an active, unexpired card holding at least that much; the new balance. */
    async take(input: { tenantId: number; giftCardId: number; amount: number; now: string }) {
      const updated = await trx
        .updateTable('gift_cards')
        .set((eb) => ({ balance: eb('balance', '-', input.amount), updated_at: input.now }))
        .where('id', '=', input.giftCardId)
        .where('tenant_id', '=', input.tenantId)
        .where('status', '=', 'active')
        .where('balance', '>=', input.amount)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]))
        .returning(['balance'])
        .executeTakeFirst();
      return updated?.balance;
    },
    /** Puts `amount` back on a card that is still active (a void card stays void); the new balance. */
    async giveBack(input: { tenantId: number; giftCardId: number; amount: number; now: string }) {
      const updated = await trx
        .updateTable('gift_cards')
        .set((eb) => ({ balance: eb('balance', '+', input.amount), updated_at: input.now }))
        .where('id', '=', input.giftCardId)
        .where('tenant_id', '=', input.tenantId)
        .where('status', '=', 'active')
        .returning(['balance'])
        .executeTakeFirst();
      return updated?.balance;
    },
    /** pending → active with the initial amount as balance, once. */
    activate(input: { tenantId: number; giftCardId: number; now: string }) {
      return trx
        .updateTable('gift_cards')
        .set((eb) => ({ status: 'active', balance: eb.ref('initial_amount'), updated_at: input.now }))
        .where('id', '=', input.giftCardId)
        .where('tenant_id', '=', input.tenantId)
        .where('status', '=', 'pending_payment')
        .returning(['id', 'tenant_id', 'balance'])
        .executeTakeFirst();
    },
  };
}

function voidAndRefundUpdates(trx: Db) {
  return {
    stateOf(tenantId: number, giftCardId: number) {
      return trx
        .selectFrom('gift_cards')
        .select(['balance', 'status', 'refunded_amount'])
        .where('id', '=', giftCardId)
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
    },
    /** Voids the card if its status and balance are still the ones read; false if it changed. */
    async voidUnchanged(input: {
      tenantId: number;
      giftCardId: number;
      status: 'pending_payment' | 'active';
      balance: number;
      reason: string;
      now: string;
    }) {
      const updated = await trx
        .updateTable('gift_cards')
        .set({ status: 'void', balance: 0, void_reason: input.reason, updated_at: input.now })
        .where('id', '=', input.giftCardId)
        .where('tenant_id', '=', input.tenantId)
        .where('status', '=', input.status)
        .where('balance', '=', input.balance)
        .returning(['id'])
        .executeTakeFirst();
      return updated !== undefined;
    },
    /** A purchase still active with exactly `balance` goes void as refunded; false if it changed. */
    async claimRefund(input: { tenantId: number; giftCardId: number; balance: number; reason: string; now: string }) {
      const claimed = await trx
        .updateTable('gift_cards')
        .set({
          status: 'void',
          balance: 0,
          void_reason: input.reason,
          refunded_amount: input.balance,
          refunded_at: input.now,
          refund_id: null,
          updated_at: input.now,
        })
        .where('id', '=', input.giftCardId)
        .where('tenant_id', '=', input.tenantId)
        .where('source', '=', 'purchase')
        .where('status', '=', 'active')
        .where('balance', '=', input.balance)
        .returning(['id'])
        .executeTakeFirst();
      return claimed !== undefined;
    },
    /** Undoes the claim made at `refundedAt` while no refund id was recorded; false otherwise. */
    async undoRefund(input: { tenantId: number; giftCardId: number; amount: number; refundedAt: string; now: string }) {
      const restored = await trx
        .updateTable('gift_cards')
        .set({
          status: 'active',
          balance: input.amount,
          void_reason: null,
          refunded_amount: null,
          refunded_at: null,
          updated_at: input.now,
        })
        .where('id', '=', input.giftCardId)
        .where('tenant_id', '=', input.tenantId)
        .where('status', '=', 'void')
        .where('balance', '=', 0)
        .where('refund_id', 'is', null)
        .where('refunded_at', '=', input.refundedAt)
        .returning(['id'])
        .executeTakeFirst();
      return restored !== undefined;
    },
  };
}
