import type { AdminGiftCard, GiftCard, GiftCardLedgerEntry } from '@orderfront/core';
import type { GiftCardLedgerRow, GiftCardRow } from '../../db/schema.js';

/** A card as its buyer sees it (never the code). */
export function toView(row: GiftCardRow): GiftCard {
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

export const toAdminView = (row: GiftCardRow): AdminGiftCard => ({
  ...toView(row),
  source: row.source,
  purchaser_email: row.purchaser_email,
  void_reason: row.void_reason,
  refunded_amount: row.refunded_amount,
  refunded_at: row.refunded_at,
  refund_id: row.refund_id,
});

export const toLedgerEntry = (e: GiftCardLedgerRow): GiftCardLedgerEntry => ({
  id: e.id,
  kind: e.kind,
  amount: e.amount,
  balance_after: e.balance_after,
  order_id: e.order_id,
  note: e.note,
  created_at: e.created_at,
});
