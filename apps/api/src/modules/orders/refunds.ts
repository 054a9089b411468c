import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import * as giftCardCheckout from '../gift-cards/checkout.js';
import type { OrderContext } from './context.js';

/** Money going back: through the provider for a card payment, and the gift card and points ledgers. */
export function orderRefunds({ deps, db, repo, now, providerOf }: OrderContext) {
  /** Refunds a paid card order exactly once (the paid → refunded move is conditional). */
  async function refund(row: OrderRow) {
    if (row.payment_method !== 'card' || !row.payment_id || row.amount_due_cents === 0) {
      // Nothing went through the provider (gift card, points or cash): the ledgers give back.
      const at = now().toISOString();
      const moved = await repo.movePayment(db, row, ['paid'], {
        payment_status: 'refunded',
        refunded_at: at,
        updated_at: at,
      });
      if (moved) await refundLedgers(row);
      return moved && row.payment_method === 'card';
    }
    const at = now().toISOString();
    const moved = { payment_status: 'refunded' as const, refunded_at: at, updated_at: at };
    if (!(await repo.movePayment(db, row, ['paid'], moved))) return false;
    try {
      const { provider } = await providerOf(row);
      const { refundId } = await provider.refund({
        paymentId: row.payment_id,
        amountCents: row.amount_due_cents,
        idempotencyKey: `refund-order-${row.tenant_id}-${row.id}`,
      });
      await repo.update(db, row, { refund_id: refundId });
      await refundLedgers(row);
      return true;
    } catch (err) {
      const back = { payment_status: 'paid' as const, refunded_at: null, updated_at: now().toISOString() };
      await repo.movePayment(db, row, ['refunded'], back);
      deps.log.error({ err, orderId: row.id }, 'refund failed');
      throw new AppError('service_unavailable', 'The refund could not be made. Please try again.');
    }
  }

  /** A refund's gift card and points part (each once, whatever calls it again). */
  async function refundLedgers(row: Pick<OrderRow, 'tenant_id' | 'id'>) {
    await repo.transaction((trx) =>
      giftCardCheckout.refundForOrder(trx, { tenantId: row.tenant_id, orderId: row.id, now: now() }),
    );
  }

  return { refund, refundLedgers };
}

export type OrderRefunds = ReturnType<typeof orderRefunds>;
