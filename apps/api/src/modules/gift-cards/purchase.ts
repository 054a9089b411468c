import {
  addDays,
  type BuyGiftCardBody,
  daysBetween,
  formatCents,
  fromZoned,
  type GiftCard,
  isValidDate,
  type PaymentSession,
  toZoned,
} from '@orderfront/core';
import { isUniqueViolation } from '../../db/dialect.js';
import type { GiftCardRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { safeEqual, sha256 } from '../auth/crypto.js';
import type { PaymentEvent } from '../payments/provider.js';
import type { GiftCardContext } from './context.js';
import type { giftCardDelivery } from './delivery.js';
import * as ledger from './ledger.js';
import { toView } from './views.js';

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;
/** Codes for a date are mailed at this local time on that day. */
const deliveryTime = '08:00';

/** Who asks for a purchase: the signed-in user, the purchase's secret, and (earlier clients) an email. */
export interface PurchaseAccess {
  userId?: number | null;
  token?: string | undefined;
  email?: string | undefined;
}

type SandboxInput =
  | { payment_id: string; card: { card_number: string; exp_month: number; exp_year: number; cvc: string } }
  | { payment_id: string; approve: boolean };

function checkedKey(idempotencyKey: string | undefined): string {
  if (!idempotencyKey || !idempotencyKeyPattern.test(idempotencyKey)) {
    throw new AppError('bad_request', 'Send an Idempotency-Key header', {
      'Idempotency-Key': 'Required: 8 to 128 letters, digits, - or _',
    });
  }
  return idempotencyKey;
}

/** What a retry with the same Idempotency-Key must ask for again. */
const fingerprintOf = (body: BuyGiftCardBody, userId: number | null) =>
  sha256(
    JSON.stringify([
      body.amount,
      body.recipient_name,
      body.recipient_email.toLowerCase(),
      body.sender_name,
      body.purchaser_email.toLowerCase(),
      body.message ?? null,
      body.deliver_on ?? null,
      userId,
    ]),
  );

/** When the code is mailed: now for today (or no date), else the date's delivery time in the tenant's zone. */
function deliverAt(at: Date, deliverOn: string | undefined, timezone: string, maxDays: number): string {
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

/** A customer buys a card and pays for it by card; the provider's word activates it. */
export function giftCardPurchases(ctx: GiftCardContext, delivery: ReturnType<typeof giftCardDelivery>) {
  const { cards, now } = ctx;

  const tokenOf = (row: Pick<GiftCardRow, 'tenant_id' | 'id'>) =>
    ctx.sign(row.tenant_id, `gift-card-purchase:${row.tenant_id}:${row.id}`);

  /**
   * The buyer's view (decision 026): the purchaser signed in, or whoever holds the purchase's secret
   * (a guest buys without an account). Anyone else, or a wrong email, sees no purchase at all.
   */
  async function purchased(tenantId: number, id: number, buyer: PurchaseAccess) {
    const row = await cards.byId(tenantId, id);
    if (row?.source !== 'purchase') throw new AppError('not_found', 'Gift card not found');
    const byUser = buyer.userId != null && row.purchaser_user_id === buyer.userId;
    const byToken = buyer.token ? safeEqual(buyer.token, await tokenOf(row)) : false;
    const emailOk = !buyer.email || row.purchaser_email === buyer.email.toLowerCase();
    if (!(byUser || byToken) || !emailOk) throw new AppError('not_found', 'Gift card not found');
    return row;
  }

  async function paymentOf(row: GiftCardRow): Promise<PaymentSession | null> {
    if (!ctx.payments || !row.payment_id || !row.payment_provider) return null;
    return ctx.payments.retrieve(row.tenant_id, row.payment_provider, row.payment_id);
  }

  /** The purchase an earlier request with this key made, or null; 409 if it asked for something else. */
  async function replay(tenantId: number, key: string, fingerprint: string) {
    const row = await cards.byIdempotencyKey(tenantId, key);
    if (!row) return null;
    if (row.request_fingerprint !== fingerprint) {
      throw new AppError('conflict', 'This Idempotency-Key was already used for a different purchase');
    }
    return row;
  }

  async function buy(
    body: BuyGiftCardBody,
    idempotencyKey: string | undefined,
    userId: number | null,
  ): Promise<{ gift_card: GiftCard; payment: PaymentSession | null; created: boolean; purchase_token: string }> {
    const key = checkedKey(idempotencyKey);
    const tenant = await ctx.tenantOf(body.tenant_id);
    const settings = await ctx.options(tenant);
    if (!settings.enabled) throw new AppError('unprocessable', 'Gift cards are not available at the moment.');
    if (body.amount < settings.min_amount || body.amount > settings.max_amount) {
      const range = `${formatCents(settings.min_amount, tenant.currency, tenant.locale)} to ${formatCents(settings.max_amount, tenant.currency, tenant.locale)}`;
      throw new AppError('unprocessable', `Choose an amount from ${range}.`, { amount: `From ${range}` });
    }
    if (!ctx.payments) throw new AppError('service_unavailable', 'Card payments are not available at the moment');
    const payments = ctx.payments;
    const purchaserEmail = body.purchaser_email.toLowerCase();
    const fingerprint = fingerprintOf(body, userId);
    let row = await replay(tenant.id, key, fingerprint);
    let created = false;
    if (!row) {
      const deliver = deliverAt(now(), body.deliver_on, tenant.timezone, settings.max_delivery_days);
      try {
        row = await cards.insert({
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
          idempotency_key: key,
          request_fingerprint: fingerprint,
        });
        created = true;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        row = await replay(tenant.id, key, fingerprint);
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
      row = await cards.setPayment(row, payment.provider, payment.payment_id);
    }
    return { gift_card: toView(row), payment, created, purchase_token: await tokenOf(row) };
  }

  /**
   * A provider's event about a purchase's payment (a Stripe webhook: the buyer may have closed the
   * tab after paying). The provider's own view decides, never the event's word. Answers whether the
   * payment was a purchase's.
   */
  async function onPaymentEvent(tenantId: number, provider: string, event: PaymentEvent): Promise<boolean> {
    const row = await cards.byPayment(tenantId, provider, event.paymentId);
    if (!row) return false;
    if (event.type === 'refunded') {
      // The money went back (refunded in the provider's dashboard): what is left on the card goes too.
      if (row.status === 'active') {
        await ctx.db.transaction().execute((trx) =>
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
    if (payment?.status === 'succeeded') await delivery.activatePurchase(tenantId, row.id);
    return true;
  }

  return {
    buy,
    onPaymentEvent,

    async get(tenantId: number, id: number, buyer: PurchaseAccess) {
      const row = await purchased(tenantId, id, buyer);
      return { gift_card: toView(row), payment: row.status === 'pending_payment' ? await paymentOf(row) : null };
    },

    /** After the card form: asks the provider (never the client) whether the payment succeeded. */
    async confirm(tenantId: number, id: number, buyer: PurchaseAccess) {
      let row = await purchased(tenantId, id, buyer);
      const payment = await paymentOf(row);
      if (row.status === 'pending_payment' && payment?.status === 'succeeded') {
        await delivery.activatePurchase(tenantId, id);
        row = (await cards.byId(tenantId, id)) ?? row;
      }
      return { gift_card: toView(row), payment: row.status === 'pending_payment' ? payment : null };
    },

    /** The sandbox card form for a purchase; success activates the card and mails its code. */
    async paySandbox(tenantId: number, id: number, buyer: PurchaseAccess, input: SandboxInput) {
      const row = await purchased(tenantId, id, buyer);
      if (!ctx.payments || row.payment_provider !== 'sandbox' || row.payment_id !== input.payment_id) {
        throw new AppError('not_found', 'Payment not found');
      }
      if (row.status !== 'pending_payment') return { gift_card: toView(row), payment: null };
      const payment =
        'card' in input
          ? await ctx.payments.sandboxConfirm(tenantId, input.payment_id, input.card)
          : await ctx.payments.sandboxChallenge(tenantId, input.payment_id, input.approve);
      if (payment.status === 'succeeded') await delivery.activatePurchase(tenantId, id);
      const fresh = (await cards.byId(tenantId, id)) ?? row;
      return { gift_card: toView(fresh), payment: fresh.status === 'pending_payment' ? payment : null };
    },
  };
}
