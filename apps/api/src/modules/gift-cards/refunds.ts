import type { GiftCardRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { GiftCardContext } from './context.js';
import * as ledger from './ledger.js';
import { giftCardMail } from './mail.js';
import { toAdminView } from './views.js';

/** A refund sent this long ago and never confirmed (the process stopped mid-call) may be sent again. */
const refundClaimMs = 5 * 60_000;
/** …but only within the day the provider keeps its idempotency keys (Stripe: 24 hours). */
const refundResumeMs = 23 * 60 * 60_000;

/** A manager refunds a purchase's unspent balance to its buyer (decision 022). */
export function giftCardRefunds(ctx: GiftCardContext) {
  const { db, cards, now } = ctx;
  const mail = giftCardMail(ctx);

  /** Sent and never confirmed: taken over to be sent again under the same key, if the claim is stale. */
  async function resume(row: GiftCardRow, claimedAt: string, at: Date) {
    // The provider answers the same key with the first refund if it made one. Its keys last a day.
    if (Date.parse(claimedAt) < at.getTime() - refundResumeMs) {
      throw new AppError(
        'conflict',
        'This gift card’s refund was sent over a day ago and never confirmed: check it in the payment provider’s dashboard.',
      );
    }
    const stale = new Date(at.getTime() - refundClaimMs).toISOString();
    const amount = await cards.resumeRefund(row, claimedAt, stale, at.toISOString());
    if (!amount) throw new AppError('conflict', 'This gift card is being refunded already.');
    return { amount, at: at.toISOString(), resumedFrom: claimedAt };
  }

  /**
   * Takes a purchase's unspent balance off the card for a refund (or takes over a refund that was
   * sent and never confirmed): answers the amount and the claim's time, or throws why it cannot.
   */
  async function claim(row: GiftCardRow, reason: string, staffUserId: number) {
    const at = now();
    if (row.refund_id) throw new AppError('conflict', 'This gift card was already refunded.');
    if (row.refunded_at !== null) return resume(row, row.refunded_at, at);
    if (row.status === 'pending_payment') {
      throw new AppError('unprocessable', 'This gift card was never paid for, so there is nothing to refund.');
    }
    if (row.status === 'void')
      throw new AppError('unprocessable', 'This gift card is void: nothing is left to refund.');
    if (await cards.redeemedByOrderAwaitingPayment(row.tenant_id, row.id)) {
      throw new AppError(
        'conflict',
        'An order paid with this gift card is still waiting for its card payment. Try again once it is paid or cancelled.',
      );
    }
    if (row.balance <= 0) throw new AppError('unprocessable', 'Nothing is left on this gift card to refund.');
    const claimed = await db.transaction().execute((trx) =>
      ledger.claimRefund(trx, {
        tenantId: row.tenant_id,
        giftCardId: row.id,
        balance: row.balance,
        reason,
        byUserId: staffUserId,
        now: at,
      }),
    );
    if (!claimed) {
      const fresh = await cards.byId(row.tenant_id, row.id);
      throw new AppError(
        'conflict',
        fresh?.refunded_at
          ? 'This gift card is being refunded already.'
          : 'The gift card changed meanwhile; please try again.',
      );
    }
    return { amount: row.balance, at: at.toISOString(), resumedFrom: null };
  }

  /**
   * The provider refused or did not answer: a first claim is undone (the card is active again with
   * its balance); a resumed one stays pending, since the first call may have refunded already.
   */
  async function unclaim(id: number, tenantId: number, at: string, resumedFrom: string | null): Promise<never> {
    if (resumedFrom) {
      // Never active again while its money may be back with the buyer.
      await cards.restoreRefundClaim({ tenant_id: tenantId, id }, at, resumedFrom);
      throw new AppError(
        'service_unavailable',
        'The payment provider did not confirm the refund, which stays pending. Please try again.',
      );
    }
    await db.transaction().execute((trx) =>
      ledger.undoRefund(trx, {
        tenantId,
        giftCardId: id,
        refundedAt: at,
        note: 'Refund not made by the payment provider',
        now: now(),
      }),
    );
    throw new AppError(
      'service_unavailable',
      'The payment provider did not make the refund. The gift card keeps its balance; please try again.',
    );
  }

  return {
    /**
     * The card is claimed and its refund entry written first, then the provider refunds with a key
     * of the card's own; if the provider refuses, the card is active again with its balance (a
     * release entry).
     */
    async adminRefund(tenantId: number, id: number, reason: string, staffUserId: number) {
      const row = await cards.byId(tenantId, id);
      if (!row) throw new AppError('not_found', 'Gift card not found');
      if (row.source !== 'purchase' || !row.payment_id || !row.payment_provider) {
        throw new AppError(
          'unprocessable',
          'Only a gift card bought online can be refunded. Void a card issued by staff instead.',
        );
      }
      if (!ctx.payments) throw new AppError('service_unavailable', 'Card payments are not available at the moment');
      const { amount, at, resumedFrom } = await claim(row, reason, staffUserId);
      let refundId: string;
      try {
        ({ refundId } = await ctx.payments.refund({
          tenantId,
          provider: row.payment_provider,
          paymentId: row.payment_id,
          amountCents: amount,
          idempotencyKey: `refund-gift-card-${tenantId}-${id}`,
        }));
      } catch (error) {
        ctx.log.error({ err: error, giftCardId: id }, 'gift card refund failed');
        return unclaim(id, tenantId, at, resumedFrom);
      }
      await cards.setRefundId({ tenant_id: tenantId, id }, refundId);
      try {
        await mail.sendRefundNotice(row, amount);
      } catch (error) {
        ctx.log.error({ err: error, giftCardId: id }, 'gift card refund notice could not be mailed');
      }
      return toAdminView((await cards.byId(tenantId, id)) ?? row);
    },
  };
}
