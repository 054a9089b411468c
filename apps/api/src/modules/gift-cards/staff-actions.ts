import { randomBytes } from 'node:crypto';
import {
  type AdminGiftCardSummary,
  addMonths,
  adminGiftCardPageSize,
  formatGiftCardCode,
  type GiftCardLedgerEntry,
  giftCardCodeFromBytes,
  giftCardSummaryDays,
  normaliseGiftCardCode,
  startOfLastDays,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { GiftCardContext } from './context.js';
import * as ledger from './ledger.js';
import { giftCardMail } from './mail.js';
import { giftCardRepository, giftCardTotals } from './repository.js';
import { toAdminView, toLedgerEntry } from './views.js';

/** The figures of the back office's summary (decision 018: ledger sums). */
async function totalsOf(db: Db, tenantId: number, now: Date, since: string) {
  const { usable, expired, issues, redeemed, refunded } = await giftCardTotals(db, tenantId, now, since);
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

/** Staff look cards up, read their ledgers and the figures; managers issue and void cards. */
export function giftCardStaffActions(ctx: GiftCardContext) {
  const { db, cards, now } = ctx;
  const mail = giftCardMail(ctx);

  async function existing(tenantId: number, id: number) {
    const row = await cards.byId(tenantId, id);
    if (!row) throw new AppError('not_found', 'Gift card not found');
    return row;
  }

  return {
    /** The business's liability and the last days' sales and redemptions (decision 018: ledger sums). */
    async adminSummary(tenantId: number): Promise<AdminGiftCardSummary> {
      const tenant = await ctx.tenantOf(tenantId);
      const at = now();
      const since = startOfLastDays(at, giftCardSummaryDays, tenant.timezone);
      const totals = await totalsOf(db, tenantId, at, since);
      return { currency: tenant.currency, since, days: giftCardSummaryDays, ...totals };
    },

    async adminFind(tenantId: number, query: { code?: string; last4?: string; email?: string; before?: number }) {
      if (query.code) {
        const normalised = normaliseGiftCardCode(query.code);
        if (!normalised) return [];
        const row = await cards.byCodeHash(tenantId, ledger.hashGiftCardCode(normalised));
        return row ? [toAdminView(row)] : [];
      }
      const filter = {
        last4: query.last4?.toUpperCase(),
        email: query.email?.toLowerCase(),
        before: query.before,
      };
      const rows = await cards.list(tenantId, filter, adminGiftCardPageSize);
      return rows.map(toAdminView);
    },

    /** Staff issue a card directly (no payment); the code is answered once and mailed to the recipient. */
    async adminIssue(
      tenantId: number,
      body: { amount: number; recipient_name: string; recipient_email: string; message?: string; note: string },
      staffUserId: number,
    ) {
      const tenant = await ctx.tenantOf(tenantId);
      const settings = await ctx.options(tenant);
      const at = now();
      const code = giftCardCodeFromBytes(randomBytes(16));
      const row = await db.transaction().execute(async (trx) => {
        const trxCards = giftCardRepository(trx);
        const inserted = await trxCards.insert({
          tenant_id: tenantId,
          code_hash: ledger.hashGiftCardCode(code),
          last4: code.slice(-4),
          initial_amount: body.amount,
          balance: 0,
          currency: tenant.currency,
          status: 'pending_payment',
          source: 'staff',
          recipient_name: body.recipient_name,
          recipient_email: body.recipient_email.toLowerCase(),
          sender_name: tenant.short_name,
          message: body.message || null,
          purchaser_email: body.recipient_email.toLowerCase(),
          purchaser_user_id: null,
          issued_by_user_id: staffUserId,
          deliver_on: null,
          deliver_at: at.toISOString(),
          expires_at: settings.valid_months ? addMonths(at.toISOString(), settings.valid_months) : null,
        });
        await ledger.activate(trx, {
          tenantId,
          giftCardId: inserted.id,
          now: at,
          note: body.note,
          byUserId: staffUserId,
        });
        return (await trxCards.byId(tenantId, inserted.id)) ?? inserted;
      });
      try {
        await mail.sendCode(row, code);
      } catch (error) {
        ctx.log.error({ err: error, giftCardId: row.id }, 'issued gift card could not be mailed');
      }
      await cards.markDelivered(row, now().toISOString());
      const fresh = (await cards.byId(tenantId, row.id)) ?? row;
      return { gift_card: toAdminView(fresh), code: formatGiftCardCode(code) };
    },

    async adminVoid(tenantId: number, id: number, reason: string, staffUserId: number) {
      const row = await existing(tenantId, id);
      if (row.status === 'void') throw new AppError('conflict', 'This gift card is already void');
      const done = await db
        .transaction()
        .execute((trx) =>
          ledger.voidCard(trx, { tenantId, giftCardId: id, reason, byUserId: staffUserId, now: now() }),
        );
      if (!done) throw new AppError('conflict', 'The gift card changed meanwhile; please try again');
      return toAdminView((await cards.byId(tenantId, id)) ?? row);
    },

    async adminLedger(tenantId: number, id: number): Promise<GiftCardLedgerEntry[]> {
      await existing(tenantId, id);
      const entries = await ledger.ledgerOf(db, tenantId, id);
      return entries.map(toLedgerEntry);
    },
  };
}
