import { randomBytes } from 'node:crypto';
import { addMonths, giftCardCodeFromBytes } from '@orderfront/core';
import type { GiftCardContext } from './context.js';
import * as ledger from './ledger.js';
import { giftCardMail } from './mail.js';
import { giftCardRepository } from './repository.js';

/** A delivery claimed this long ago and not finished (crashed process) is tried again. */
const deliveryClaimMs = 10 * 60_000;

/** Paid cards become active and their codes are mailed when due. */
export function giftCardDelivery(ctx: GiftCardContext) {
  const { db, cards, now } = ctx;
  const mail = giftCardMail(ctx);

  /**
   * Mails the code of every paid card that is due. The code is made only now and only its hash is
   * kept: a card is claimed first (conditional update) so two sweeps never mail two codes, and a
   * failed mail clears the code and the claim so the next sweep tries again.
   */
  async function deliverDue(): Promise<number> {
    const at = now();
    const due = await cards.dueForDelivery(at.toISOString(), 100);
    let sent = 0;
    for (const card of due) {
      const stale = new Date(at.getTime() - deliveryClaimMs).toISOString();
      if (!(await cards.claimDelivery(card, at.toISOString(), stale))) continue;
      let code = card.code_hash ? null : giftCardCodeFromBytes(randomBytes(16));
      try {
        if (!code) {
          // A staff-issued card already has its code (handed over in person); it is not mailed again.
          await cards.markDelivered(card, at.toISOString());
          continue;
        }
        await cards.setCode(card, ledger.hashGiftCardCode(code), code.slice(-4));
        await mail.sendCode(card, code);
        await cards.markDelivered(card, now().toISOString());
        sent++;
      } catch (error) {
        ctx.log.error({ err: error, giftCardId: card.id }, 'gift card code could not be mailed; retrying later');
        await cards.dropUndeliveredCode(card);
      } finally {
        code = null;
      }
    }
    return sent;
  }

  /** Marks a purchase paid (idempotent) and mails its code if it is due today. */
  async function activatePurchase(tenantId: number, giftCardId: number) {
    const at = now();
    const row = await cards.byId(tenantId, giftCardId);
    if (!row) return false;
    // Read before the transaction: on SQLite a read through `db` inside it would wait on itself.
    const settings = await ctx.options(tenantId);
    const activated = await db.transaction().execute(async (trx) => {
      const done = await ledger.activate(trx, { tenantId, giftCardId, now: at, note: 'Purchase paid' });
      if (done && settings.valid_months) {
        await giftCardRepository(trx).setExpiry(
          { tenant_id: tenantId, id: giftCardId },
          addMonths(at.toISOString(), settings.valid_months),
        );
      }
      return done;
    });
    if (activated) await deliverDue();
    return activated;
  }

  return { deliverDue, activatePurchase };
}
