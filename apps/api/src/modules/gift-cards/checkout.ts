import { giftCardEmptyMessage, type PaymentSplit, splitPayment } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { orderPoints as loyalty } from '../loyalty/service.js';
import * as giftCards from './ledger.js';

/**
 * What the order transaction calls (DESIGN §5): points first (a discount, capped at the total),
 * then the gift card (a payment, up to what is still due), both taken with conditional updates
 * inside the caller's transaction, so a failure rolls them back with the order.
 */
export interface OrderPaymentInput {
  tenantId: number;
  /** Points need a signed-in user; null for guests. */
  userId: number | null;
  orderId: number;
  orderNumber: string | null;
  /** The pricing engine's total. */
  totalCents: number;
  giftCardCode?: string | null;
  loyaltyPoints?: number | null;
  now: Date;
}

export interface OrderPaymentResult extends PaymentSplit {
  loyalty_points: number;
  gift_card_id: number | null;
  gift_card_last4: string | null;
}

export async function reserveForOrder(trx: Db, input: OrderPaymentInput): Promise<OrderPaymentResult> {
  let points = { points: 0, cents: 0 };
  if (input.loyaltyPoints) {
    if (input.userId === null) {
      throw new AppError('unauthorized', 'Please log in to redeem points', {
        loyalty_points: 'Log in to redeem points',
      });
    }
    points = await loyalty.reserve(trx, {
      tenantId: input.tenantId,
      userId: input.userId,
      orderId: input.orderId,
      orderNumber: input.orderNumber,
      points: input.loyaltyPoints,
      orderCents: input.totalCents,
      now: input.now,
    });
  }
  const card = input.giftCardCode
    ? await giftCards.usableCard(trx, input.tenantId, input.giftCardCode, input.now)
    : null;
  if (card && card.balance === 0) {
    throw new AppError('unprocessable', giftCardEmptyMessage, { gift_card_code: giftCardEmptyMessage });
  }
  const split = splitPayment({
    totalCents: input.totalCents,
    loyaltyCents: points.cents,
    giftCardBalanceCents: card?.balance ?? 0,
  });
  if (card && split.gift_card > 0) {
    const taken = await giftCards.redeem(trx, {
      tenantId: input.tenantId,
      giftCardId: card.id,
      orderId: input.orderId,
      amount: split.gift_card,
      now: input.now,
    });
    if (!taken) {
      throw new AppError('conflict', 'Your gift card balance changed. Please check it and try again.', {
        gift_card_code: 'Balance changed',
      });
    }
  }
  return {
    ...split,
    loyalty_points: points.points,
    gift_card_id: card?.id ?? null,
    gift_card_last4: card?.last4 ?? null,
  };
}

/**
 * The order's number, taken after its split (decision 063): the points line the split wrote named
 * the order by its stand-in number until now.
 */
export async function numberForOrder(trx: Db, input: { tenantId: number; orderId: number; orderNumber: string }) {
  await loyalty.nameOrder(trx, input);
}

/** Failed or abandoned payment, or a cancelled order: gift card and points come back (once). */
export async function releaseForOrder(trx: Db, input: { tenantId: number; orderId: number; now: Date }) {
  const giftCard = await giftCards.release(trx, input);
  const points = await loyalty.release(trx, input);
  return { gift_card: giftCard, points };
}

/** Refund: the gift card part goes back to the card, earned points are reversed, used points returned. */
export async function refundForOrder(trx: Db, input: { tenantId: number; orderId: number; now: Date }) {
  const giftCard = await giftCards.refund(trx, input);
  const points = await loyalty.reverse(trx, input);
  return { gift_card: giftCard, ...points };
}

/** Completed: the customer earns points on what the order cost after points (once per order). */
export async function earnForOrder(
  trx: Db,
  input: {
    tenantId: number;
    userId: number | null;
    orderId: number;
    orderNumber: string | null;
    spentCents: number;
    now: Date;
  },
) {
  if (input.userId === null) return 0;
  return loyalty.earn(trx, { ...input, userId: input.userId });
}
