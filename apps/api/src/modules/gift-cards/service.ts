import { createHash, randomBytes } from 'node:crypto';
import {
  type AdminGiftCard,
  type AdminGiftCardSummary,
  addDays,
  addMonths,
  adminGiftCardPageSize,
  type BuyGiftCardBody,
  daysBetween,
  formatGiftCardCode,
  fromZoned,
  type GiftCard,
  type GiftCardBalance,
  type GiftCardLedgerEntry,
  type GiftCardOptions,
  giftCardCodeFromBytes,
  giftCardNotFoundMessage,
  giftCardSummaryDays,
  isValidDate,
  normaliseGiftCardCode,
  type PaymentSession,
  startOfLastDays,
  toZoned,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import type { GiftCardRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml } from '../../lib/html.js';
import type { Mailer } from '../mail/mailer.js';
import type { PaymentEvent } from '../payments/provider.js';
import { tenantRepository } from '../tenants/repository.js';
import * as ledger from './ledger.js';
import { giftCardSettingsOf } from './settings.js';
import { giftCardTotals } from './summary.js';

/**
 * Card payments for gift card purchases, through the payment provider registry of the checkout
 * issue (wired in routes.ts). `status` is always the provider's own view, never the client's word.
 */
export interface GiftCardPayments {
  create(input: {
    tenantId: number;
    giftCardId: number;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
    customerEmail: string;
  }): Promise<PaymentSession>;
  retrieve(tenantId: number, provider: string, paymentId: string): Promise<PaymentSession>;
  /** The sandbox's card form (test mode): the card decides the outcome. */
  sandboxConfirm(
    tenantId: number,
    paymentId: string,
    card: { card_number: string; exp_month: number; exp_year: number; cvc: string },
  ): Promise<PaymentSession>;
  sandboxChallenge(tenantId: number, paymentId: string, approve: boolean): Promise<PaymentSession>;
  /** Gives money back on a purchase's payment; the idempotency key makes a retry refund once. */
  refund(input: {
    tenantId: number;
    provider: string;
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
}

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** A delivery claimed this long ago and not finished (crashed process) is tried again. */
const deliveryClaimMs = 10 * 60_000;
/** Codes for a date are mailed at this local time on that day. */
const deliveryTime = '08:00';
/** A refund sent this long ago and never confirmed (the process stopped mid-call) may be sent again. */
const refundClaimMs = 5 * 60_000;
/** …but only within the day the provider keeps its idempotency keys (Stripe: 24 hours). */
const refundResumeMs = 23 * 60 * 60_000;

export function giftCardService(deps: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicBaseUrl'>;
  log: FastifyBaseLogger;
  payments?: GiftCardPayments;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const tenants = tenantRepository(db);

  async function tenantOf(tenantId: number) {
    const tenant = await tenants.findById(tenantId);
    if (!tenant) throw new AppError('not_found', 'Business not found');
    return tenant;
  }

  async function options(tenantId: number): Promise<GiftCardOptions> {
    const tenant = await tenantOf(tenantId);
    return { ...(await giftCardSettingsOf(db, tenantId)), currency: tenant.currency };
  }

  function money(cents: number, currency: string, locale: string) {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  }

  function toView(row: GiftCardRow): GiftCard {
    return {
      id: row.id,
      status: row.status,
      last4: row.last4,
      initial_amount: row.initial_amount,
      balance: row.balance,
      currency: row.currency,
      recipient_name: row.recipient_name,
      recipient_email: row.recipient_email,
      sender_name: row.sender_name,
      message: row.message,
      deliver_on: row.deliver_on,
      delivered_at: row.delivered_at,
      expires_at: row.expires_at,
      created_at: row.created_at,
    };
  }

  const toAdminView = (row: GiftCardRow): AdminGiftCard => ({
    ...toView(row),
    source: row.source,
    purchaser_email: row.purchaser_email,
    void_reason: row.void_reason,
    refunded_amount: row.refunded_amount,
    refunded_at: row.refunded_at,
    refund_id: row.refund_id,
  });

  async function byId(tenantId: number, id: number) {
    return db
      .selectFrom('gift_cards')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The buyer's view: the purchaser's email is the key (a guest buys without an account). */
  async function purchased(tenantId: number, id: number, purchaserEmail: string) {
    const row = await byId(tenantId, id);
    if (row?.source !== 'purchase' || row.purchaser_email !== purchaserEmail.toLowerCase()) {
      throw new AppError('not_found', 'Gift card not found');
    }
    return row;
  }

  async function sendCode(row: GiftCardRow, code: string) {
    const tenant = await tenantOf(row.tenant_id);
    const amount = money(row.balance, row.currency, tenant.locale);
    const shown = formatGiftCardCode(code);
    const link = new URL('/gift-cards', deps.config.publicBaseUrl).toString();
    const expires = row.expires_at
      ? new Intl.DateTimeFormat(tenant.locale, { dateStyle: 'long', timeZone: tenant.timezone }).format(
          new Date(row.expires_at),
        )
      : null;
    const text = [
      `Hi ${row.recipient_name},`,
      '',
      `${row.sender_name} sent you a ${amount} gift card for ${tenant.name}.`,
      ...(row.message ? ['', `"${row.message}"`] : []),
      '',
      `Your gift card code: ${shown}`,
      '',
      'Enter it at checkout when you order online. You can use it over several orders until the balance runs out.',
      `Check your balance at ${link}`,
      ...(expires ? [`Valid until ${expires}.`] : []),
      '',
      'Keep this code safe: anyone who has it can spend the balance.',
      tenant.name,
    ].join('\n');
    const html = `<p>Hi ${escapeHtml(row.recipient_name)},</p><p>${escapeHtml(row.sender_name)} sent you a <strong>${escapeHtml(amount)}</strong> gift card for ${escapeHtml(tenant.name)}.</p>${row.message ? `<blockquote>${escapeHtml(row.message)}</blockquote>` : ''}<p>Your gift card code:</p><p style="font-size:20px;font-family:monospace;letter-spacing:2px"><strong>${shown}</strong></p><p>Enter it at checkout when you order online. <a href="${escapeHtml(link)}">Check your balance</a>.${expires ? ` Valid until ${escapeHtml(expires)}.` : ''}</p><p>Keep this code safe: anyone who has it can spend the balance.</p>`;
    await deps.mailer.send({
      tenantId: row.tenant_id,
      to: row.recipient_email,
      subject: `${row.sender_name} sent you a ${amount} gift card for ${tenant.short_name}`,
      text,
      html,
    });
  }

  /** Tells the buyer their money is on its way back and the card no longer pays. */
  async function sendRefundNotice(row: GiftCardRow, amountCents: number) {
    const tenant = await tenantOf(row.tenant_id);
    const amount = money(amountCents, row.currency, tenant.locale);
    const card = money(row.initial_amount, row.currency, tenant.locale);
    const text = [
      'Hello,',
      '',
      `${tenant.name} refunded ${amount} of the ${card} gift card you bought for ${row.recipient_name}.`,
      'The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it.',
      'The gift card can no longer be used.',
      '',
      tenant.name,
    ].join('\n');
    const html = `<p>Hello,</p><p>${escapeHtml(tenant.name)} refunded <strong>${escapeHtml(amount)}</strong> of the ${escapeHtml(card)} gift card you bought for ${escapeHtml(row.recipient_name)}.</p><p>The money goes back to the card you paid with; your bank may take 5 to 10 business days to show it. The gift card can no longer be used.</p><p>${escapeHtml(tenant.name)}</p>`;
    await deps.mailer.send({
      tenantId: row.tenant_id,
      to: row.purchaser_email,
      subject: `Your ${tenant.short_name} gift card purchase was refunded: ${amount}`,
      text,
      html,
    });
  }

  /** An order placed with the card is still waiting for its card payment: its share may yet come back. */
  async function awaitsOrderPayment(row: GiftCardRow) {
    const pending = await db
      .selectFrom('gift_card_ledger as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('o.id')
      .where('l.tenant_id', '=', row.tenant_id)
      .where('l.gift_card_id', '=', row.id)
      .where('l.kind', '=', 'redeem')
      .where('o.status', '=', 'pending_payment')
      .executeTakeFirst();
    return pending !== undefined;
  }

  /**
   * Takes a purchase's unspent balance off the card for a refund (or takes over a refund that was
   * sent and never confirmed): answers the amount and the claim's time, or throws why it cannot.
   */
  async function claimRefund(row: GiftCardRow, reason: string, staffUserId: number) {
    const at = now();
    if (row.refund_id) throw new AppError('conflict', 'This gift card was already refunded.');
    if (row.refunded_at !== null) {
      // Sent and never confirmed (the process stopped mid-call): sent again under the same key,
      // which the provider answers with the first refund if it made one. Its keys last a day.
      if (Date.parse(row.refunded_at) < at.getTime() - refundResumeMs) {
        throw new AppError(
          'conflict',
          'This gift card’s refund was sent over a day ago and never confirmed: check it in the payment provider’s dashboard.',
        );
      }
      const resumed = await db
        .updateTable('gift_cards')
        .set({ refunded_at: at.toISOString() })
        .where('id', '=', row.id)
        .where('refund_id', 'is', null)
        .where('refunded_at', '=', row.refunded_at)
        .where('refunded_at', '<', new Date(at.getTime() - refundClaimMs).toISOString())
        .returning('refunded_amount')
        .executeTakeFirst();
      if (!resumed?.refunded_amount) throw new AppError('conflict', 'This gift card is being refunded already.');
      return { amount: resumed.refunded_amount, at: at.toISOString(), resumedFrom: row.refunded_at };
    }
    if (row.status === 'pending_payment') {
      throw new AppError('unprocessable', 'This gift card was never paid for, so there is nothing to refund.');
    }
    if (row.status === 'void')
      throw new AppError('unprocessable', 'This gift card is void: nothing is left to refund.');
    if (await awaitsOrderPayment(row)) {
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
      const fresh = await byId(row.tenant_id, row.id);
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
   * Mails the code of every paid card that is due. The code is made only now and only its hash is
   * kept: a card is claimed first (conditional update) so two sweeps never mail two codes, and a
   * failed mail clears the code and the claim so the next sweep tries again.
   */
  async function deliverDue(): Promise<number> {
    const at = now();
    const due = await db
      .selectFrom('gift_cards')
      .selectAll()
      .where('status', '=', 'active')
      .where('delivered_at', 'is', null)
      .where('deliver_at', '<=', at.toISOString())
      .orderBy('id')
      .limit(100)
      .execute();
    let sent = 0;
    for (const card of due) {
      const stale = new Date(at.getTime() - deliveryClaimMs).toISOString();
      const claimed = await db
        .updateTable('gift_cards')
        .set({ delivering_at: at.toISOString() })
        .where('id', '=', card.id)
        .where('delivered_at', 'is', null)
        .where((eb) => eb.or([eb('delivering_at', 'is', null), eb('delivering_at', '<', stale)]))
        .returning('id')
        .executeTakeFirst();
      if (!claimed) continue;
      let code = card.code_hash ? null : giftCardCodeFromBytes(randomBytes(16));
      try {
        if (!code) {
          // A staff-issued card already has its code (handed over in person); it is not mailed again.
          await db
            .updateTable('gift_cards')
            .set({ delivered_at: at.toISOString() })
            .where('id', '=', card.id)
            .execute();
          continue;
        }
        await db
          .updateTable('gift_cards')
          .set({ code_hash: ledger.hashGiftCardCode(code), last4: code.slice(-4) })
          .where('id', '=', card.id)
          .execute();
        await sendCode(card, code);
        await db
          .updateTable('gift_cards')
          .set({ delivered_at: now().toISOString() })
          .where('id', '=', card.id)
          .execute();
        sent++;
      } catch (error) {
        deps.log.error({ err: error, giftCardId: card.id }, 'gift card code could not be mailed; retrying later');
        await db
          .updateTable('gift_cards')
          .set({ code_hash: null, last4: null, delivering_at: null })
          .where('id', '=', card.id)
          .where('delivered_at', 'is', null)
          .execute();
      } finally {
        code = null;
      }
    }
    return sent;
  }

  /** Marks a purchase paid (idempotent) and mails its code if it is due today. */
  async function activatePurchase(tenantId: number, giftCardId: number) {
    const at = now();
    const row = await byId(tenantId, giftCardId);
    if (!row) return false;
    // Read before the transaction: on SQLite a read through `db` inside it would wait on itself.
    const settings = await options((await tenantOf(tenantId)).id);
    const activated = await db.transaction().execute(async (trx) => {
      const done = await ledger.activate(trx, { tenantId, giftCardId, now: at, note: 'Purchase paid' });
      if (done) {
        if (settings.valid_months) {
          await trx
            .updateTable('gift_cards')
            .set({ expires_at: addMonths(at.toISOString(), settings.valid_months) })
            .where('id', '=', giftCardId)
            .execute();
        }
      }
      return done;
    });
    if (activated) await deliverDue();
    return activated;
  }

  async function paymentOf(row: GiftCardRow): Promise<PaymentSession | null> {
    if (!deps.payments || !row.payment_id || !row.payment_provider) return null;
    return deps.payments.retrieve(row.tenant_id, row.payment_provider, row.payment_id);
  }

  function deliverAt(deliverOn: string | undefined, timezone: string, maxDays: number): string {
    const at = now();
    if (!deliverOn) return at.toISOString();
    const today = toZoned(at, timezone).date;
    if (!isValidDate(deliverOn) || daysBetween(today, deliverOn) < 0) {
      throw new AppError('unprocessable', 'Choose today or a later date for delivery.', {
        deliver_on: 'Choose today or a later date',
      });
    }
    if (daysBetween(today, deliverOn) > maxDays) {
      throw new AppError('unprocessable', `Choose a delivery date up to ${addDays(today, maxDays)}.`, {
        deliver_on: 'Too far ahead',
      });
    }
    if (deliverOn === today) return at.toISOString();
    return fromZoned(deliverOn, deliveryTime, timezone) ?? at.toISOString();
  }

  /**
   * A provider's event about a purchase's payment (a Stripe webhook: the buyer may have closed the
   * tab after paying). The provider's own view decides, never the event's word. Answers whether the
   * payment was a purchase's.
   */
  async function onPaymentEvent(tenantId: number, provider: string, event: PaymentEvent): Promise<boolean> {
    const row = await db
      .selectFrom('gift_cards')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('payment_provider', '=', provider)
      .where('payment_id', '=', event.paymentId)
      .executeTakeFirst();
    if (!row) return false;
    if (event.type === 'refunded') {
      // The money went back (refunded in the provider's dashboard): what is left on the card goes too.
      if (row.status === 'active') {
        await db.transaction().execute((trx) =>
          ledger.voidCard(trx, {
            tenantId,
            giftCardId: row.id,
            reason: 'Purchase refunded',
            byUserId: null,
            now: now(),
          }),
        );
      }
      return true;
    }
    const payment = row.status === 'pending_payment' ? await paymentOf(row) : null;
    if (payment?.status === 'succeeded') await activatePurchase(tenantId, row.id);
    return true;
  }

  return {
    options,
    deliverDue,
    activatePurchase,
    onPaymentEvent,

    async buy(
      body: BuyGiftCardBody,
      idempotencyKey: string | undefined,
      userId: number | null,
    ): Promise<{ gift_card: GiftCard; payment: PaymentSession | null; created: boolean }> {
      if (!idempotencyKey || !idempotencyKeyPattern.test(idempotencyKey)) {
        throw new AppError('bad_request', 'Send an Idempotency-Key header', {
          'Idempotency-Key': 'Required: 8 to 128 letters, digits, - or _',
        });
      }
      const tenant = await tenantOf(body.tenant_id);
      const settings = await options(tenant.id);
      if (!settings.enabled) throw new AppError('unprocessable', 'Gift cards are not available at the moment.');
      if (body.amount < settings.min_amount || body.amount > settings.max_amount) {
        const range = `${money(settings.min_amount, tenant.currency, tenant.locale)} to ${money(settings.max_amount, tenant.currency, tenant.locale)}`;
        throw new AppError('unprocessable', `Choose an amount from ${range}.`, { amount: `From ${range}` });
      }
      if (!deps.payments) throw new AppError('service_unavailable', 'Card payments are not available at the moment');
      const payments = deps.payments;
      const purchaserEmail = body.purchaser_email.toLowerCase();
      const fingerprint = sha256(
        JSON.stringify([
          body.amount,
          body.recipient_name,
          body.recipient_email.toLowerCase(),
          body.sender_name,
          purchaserEmail,
          body.message ?? null,
          body.deliver_on ?? null,
          userId,
        ]),
      );
      const replay = async () => {
        const row = await db
          .selectFrom('gift_cards')
          .selectAll()
          .where('tenant_id', '=', tenant.id)
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst();
        if (!row) return null;
        if (row.request_fingerprint !== fingerprint) {
          throw new AppError('conflict', 'This Idempotency-Key was already used for a different purchase');
        }
        return row;
      };
      let row = await replay();
      let created = false;
      if (!row) {
        const deliver = deliverAt(body.deliver_on, tenant.timezone, settings.max_delivery_days);
        try {
          row = await db
            .insertInto('gift_cards')
            .values({
              tenant_id: tenant.id,
              code_hash: null,
              last4: null,
              initial_amount: body.amount,
              balance: 0,
              currency: tenant.currency,
              status: 'pending_payment',
              source: 'purchase',
              recipient_name: body.recipient_name,
              recipient_email: body.recipient_email.toLowerCase(),
              sender_name: body.sender_name,
              message: body.message || null,
              purchaser_email: purchaserEmail,
              purchaser_user_id: userId,
              issued_by_user_id: null,
              deliver_on: body.deliver_on ?? null,
              deliver_at: deliver,
              idempotency_key: idempotencyKey,
              request_fingerprint: fingerprint,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          created = true;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          row = await replay();
          if (!row) throw error;
        }
      }
      let payment: PaymentSession | null = null;
      if (row.status === 'pending_payment') {
        payment = await payments.create({
          tenantId: tenant.id,
          giftCardId: row.id,
          amountCents: row.initial_amount,
          currency: row.currency,
          description: `Gift card for ${row.recipient_name}`,
          idempotencyKey: `gift-card-${row.id}`,
          customerEmail: purchaserEmail,
        });
        const { id } = row;
        row = await db
          .updateTable('gift_cards')
          .set({ payment_provider: payment.provider, payment_id: payment.payment_id })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      return { gift_card: toView(row), payment, created };
    },

    async get(tenantId: number, id: number, purchaserEmail: string) {
      const row = await purchased(tenantId, id, purchaserEmail);
      return { gift_card: toView(row), payment: row.status === 'pending_payment' ? await paymentOf(row) : null };
    },

    /** After the card form: asks the provider (never the client) whether the payment succeeded. */
    async confirm(tenantId: number, id: number, purchaserEmail: string) {
      let row = await purchased(tenantId, id, purchaserEmail);
      const payment = await paymentOf(row);
      if (row.status === 'pending_payment' && payment?.status === 'succeeded') {
        await activatePurchase(tenantId, id);
        row = (await byId(tenantId, id)) ?? row;
      }
      return { gift_card: toView(row), payment: row.status === 'pending_payment' ? payment : null };
    },

    /** The sandbox card form for a purchase; success activates the card and mails its code. */
    async paySandbox(
      tenantId: number,
      id: number,
      purchaserEmail: string,
      input:
        | { payment_id: string; card: { card_number: string; exp_month: number; exp_year: number; cvc: string } }
        | { payment_id: string; approve: boolean },
    ) {
      const row = await purchased(tenantId, id, purchaserEmail);
      if (!deps.payments || row.payment_provider !== 'sandbox' || row.payment_id !== input.payment_id) {
        throw new AppError('not_found', 'Payment not found');
      }
      if (row.status !== 'pending_payment') return { gift_card: toView(row), payment: null };
      const payment =
        'card' in input
          ? await deps.payments.sandboxConfirm(tenantId, input.payment_id, input.card)
          : await deps.payments.sandboxChallenge(tenantId, input.payment_id, input.approve);
      if (payment.status === 'succeeded') await activatePurchase(tenantId, id);
      const fresh = (await byId(tenantId, id)) ?? row;
      return { gift_card: toView(fresh), payment: fresh.status === 'pending_payment' ? payment : null };
    },

    async balance(tenantId: number, code: string): Promise<GiftCardBalance> {
      const card = await ledger.findByCode(db, tenantId, code);
      if (!card) throw new AppError('not_found', giftCardNotFoundMessage, { code: giftCardNotFoundMessage });
      const usable = await ledger.usableCard(db, tenantId, code, now());
      return {
        last4: usable.last4 ?? '',
        balance: usable.balance,
        currency: usable.currency,
        status: 'active',
        expires_at: usable.expires_at,
      };
    },

    /** The business's liability and the last days' sales and redemptions (decision 018: ledger sums). */
    async adminSummary(tenantId: number): Promise<AdminGiftCardSummary> {
      const tenant = await tenantOf(tenantId);
      const at = now();
      const since = startOfLastDays(at, giftCardSummaryDays, tenant.timezone);
      const totals = await giftCardTotals(db, tenantId, at, since);
      return { currency: tenant.currency, since, days: giftCardSummaryDays, ...totals };
    },

    async adminFind(tenantId: number, query: { code?: string; last4?: string; email?: string; before?: number }) {
      if (query.code) {
        const normalised = normaliseGiftCardCode(query.code);
        if (!normalised) return [];
        const row = await db
          .selectFrom('gift_cards')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('code_hash', '=', ledger.hashGiftCardCode(normalised))
          .executeTakeFirst();
        return row ? [toAdminView(row)] : [];
      }
      let q = db.selectFrom('gift_cards').selectAll().where('tenant_id', '=', tenantId);
      if (query.last4) q = q.where('last4', '=', query.last4.toUpperCase());
      if (query.email) {
        const email = query.email.toLowerCase();
        q = q.where((eb) => eb.or([eb('recipient_email', '=', email), eb('purchaser_email', '=', email)]));
      }
      if (query.before) q = q.where('id', '<', query.before);
      const rows = await q.orderBy('id', 'desc').limit(adminGiftCardPageSize).execute();
      return rows.map(toAdminView);
    },

    /** Staff issue a card directly (no payment); the code is answered once and mailed to the recipient. */
    async adminIssue(
      tenantId: number,
      body: { amount: number; recipient_name: string; recipient_email: string; message?: string; note: string },
      staffUserId: number,
    ) {
      const tenant = await tenantOf(tenantId);
      const settings = await options(tenantId);
      const at = now();
      const code = giftCardCodeFromBytes(randomBytes(16));
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('gift_cards')
          .values({
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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await ledger.activate(trx, {
          tenantId,
          giftCardId: inserted.id,
          now: at,
          note: body.note,
          byUserId: staffUserId,
        });
        return trx.selectFrom('gift_cards').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      });
      try {
        await sendCode(row, code);
      } catch (error) {
        deps.log.error({ err: error, giftCardId: row.id }, 'issued gift card could not be mailed');
      }
      await db.updateTable('gift_cards').set({ delivered_at: now().toISOString() }).where('id', '=', row.id).execute();
      const fresh = (await byId(tenantId, row.id)) ?? row;
      return { gift_card: toAdminView(fresh), code: formatGiftCardCode(code) };
    },

    async adminVoid(tenantId: number, id: number, reason: string, staffUserId: number) {
      const row = await byId(tenantId, id);
      if (!row) throw new AppError('not_found', 'Gift card not found');
      if (row.status === 'void') throw new AppError('conflict', 'This gift card is already void');
      const done = await db
        .transaction()
        .execute((trx) =>
          ledger.voidCard(trx, { tenantId, giftCardId: id, reason, byUserId: staffUserId, now: now() }),
        );
      if (!done) throw new AppError('conflict', 'The gift card changed meanwhile; please try again');
      return toAdminView((await byId(tenantId, id)) ?? row);
    },

    /**
     * A manager refunds a purchase's unspent balance to the buyer (decision 022): the card is
     * claimed and its refund entry written first, then the provider refunds with a key of the card's
     * own; if the provider refuses, the card is active again with its balance (a release entry).
     */
    async adminRefund(tenantId: number, id: number, reason: string, staffUserId: number) {
      const row = await byId(tenantId, id);
      if (!row) throw new AppError('not_found', 'Gift card not found');
      if (row.source !== 'purchase' || !row.payment_id || !row.payment_provider) {
        throw new AppError(
          'unprocessable',
          'Only a gift card bought online can be refunded. Void a card issued by staff instead.',
        );
      }
      if (!deps.payments) throw new AppError('service_unavailable', 'Card payments are not available at the moment');
      const { amount, at, resumedFrom } = await claimRefund(row, reason, staffUserId);
      let refundId: string;
      try {
        ({ refundId } = await deps.payments.refund({
          tenantId,
          provider: row.payment_provider,
          paymentId: row.payment_id,
          amountCents: amount,
          idempotencyKey: `refund-gift-card-${tenantId}-${id}`,
        }));
      } catch (error) {
        deps.log.error({ err: error, giftCardId: id }, 'gift card refund failed');
        if (resumedFrom) {
          // The first call may have refunded before the process stopped: the card stays void and
          // the refund pending (never active again while its money may be back with the buyer).
          await db
            .updateTable('gift_cards')
            .set({ refunded_at: resumedFrom })
            .where('id', '=', id)
            .where('refund_id', 'is', null)
            .where('refunded_at', '=', at)
            .execute();
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
      await db.updateTable('gift_cards').set({ refund_id: refundId }).where('id', '=', id).execute();
      try {
        await sendRefundNotice(row, amount);
      } catch (error) {
        deps.log.error({ err: error, giftCardId: id }, 'gift card refund notice could not be mailed');
      }
      return toAdminView((await byId(tenantId, id)) ?? row);
    },

    async adminLedger(tenantId: number, id: number): Promise<GiftCardLedgerEntry[]> {
      const row = await byId(tenantId, id);
      if (!row) throw new AppError('not_found', 'Gift card not found');
      const entries = await ledger.ledgerOf(db, tenantId, id);
      return entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        amount: e.amount,
        balance_after: e.balance_after,
        order_id: e.order_id,
        note: e.note,
        created_at: e.created_at,
      }));
    },
  };
}

export type GiftCardService = ReturnType<typeof giftCardService>;
