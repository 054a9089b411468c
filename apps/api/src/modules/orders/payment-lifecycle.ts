import type { PaymentSession } from '@orderfront/core';
import type { OrderRow, OrderStatusValue } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { metrics } from '../../lib/metrics.js';
import * as giftCardCheckout from '../gift-cards/checkout.js';
import type { ProviderPayment } from '../payments/provider.js';
import type { ProviderName } from '../payments/registry.js';
import { toPaymentSession } from '../payments/service.js';
import type { OrderContext, Trx } from './context.js';
import type { OrderNotices } from './notices.js';
import type { OrderRefunds } from './refunds.js';

/**
 * A card order's payment from start to end (decision 014): started on first need, applied as the
 * provider reports it, and a cancelled order's reservations and open payment given back.
 */
export function paymentLifecycle(
  { deps, db, repo, now, providerOf }: OrderContext,
  { announce }: OrderNotices,
  { refund }: OrderRefunds,
) {
  const { payments, fulfilment, coupons } = deps;

  /**
   * Gives back everything the order reserved (kitchen slot, coupon use; gift card and points when
   * they exist), once: the released_at mark makes a second call a no-op.
   */
  async function releaseReservations(trx: Trx, row: OrderRow) {
    if (!(await repo.markReleased(trx, row, now().toISOString()))) return;
    if (row.slot_start)
      await fulfilment.releaseSlot(trx, {
        tenantId: row.tenant_id,
        restaurantId: row.restaurant_id,
        slotStart: row.slot_start,
      });
    await coupons.release(trx, { tenantId: row.tenant_id, orderId: row.id });
    await giftCardCheckout.releaseForOrder(trx, { tenantId: row.tenant_id, orderId: row.id, now: now() });
  }

  /** The order's card payment, created on first need (the provider's idempotency makes it one). */
  async function ensurePayment(row: OrderRow): Promise<PaymentSession | null> {
    if (row.payment_method !== 'card' || (!row.payment_id && row.status !== 'pending_payment')) return null;
    if (row.payment_id) {
      const { provider, settings } = await providerOf(row);
      const current = await provider.retrieve(row.payment_id);
      return toPaymentSession(current, provider.name, settings.config.publishable_key);
    }
    const { provider, settings } = await payments.forRestaurant(row.tenant_id, row.restaurant_id);
    const restaurant = await repo.restaurant(db, row.tenant_id, row.restaurant_id);
    let payment: ProviderPayment;
    try {
      payment = await provider.create({
        orderId: row.id,
        tenantId: row.tenant_id,
        amountCents: row.amount_due_cents,
        currency: row.currency,
        description: `Order ${row.order_number} at ${restaurant?.name ?? 'the restaurant'}`,
        idempotencyKey: `order-${row.tenant_id}-${row.id}`,
        customerEmail: row.customer_email,
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      metrics.paymentFailed(provider.name, 'unavailable');
      // The order stands (pending); a retry with the same Idempotency-Key starts the payment again.
      deps.log.error({ err, orderId: row.id }, 'payment could not be started');
      throw new AppError('service_unavailable', 'Card payments are not available at the moment. Please try again.');
    }
    await repo.update(db, row, { payment_provider: provider.name, payment_id: payment.id });
    return toPaymentSession(payment, provider.name, settings.config.publishable_key);
  }

  /**
   * Applies the provider's view of a payment to its order (a verified confirm call, a refresh or
   * a webhook): success places a pending order once; a failure leaves it pending for another
   * card; a cancelled payment cancels the order and releases it.
   */
  async function applyPayment(tenantId: number, providerName: ProviderName, payment: ProviderPayment) {
    const row = await repo.findByPayment(tenantId, providerName, payment.id);
    if (!row) return null;
    const at = now().toISOString();
    if (payment.status === 'succeeded') {
      const placed = await repo.transaction(async (trx) => {
        const moved = await repo.move(trx, row, 'pending_payment', {
          status: 'placed',
          payment_status: 'paid',
          placed_at: at,
          updated_at: at,
        });
        if (!moved) return false;
        await repo.addHistory(trx, {
          tenant_id: tenantId,
          order_id: row.id,
          status: 'placed',
          note: null,
          created_at: at,
        });
        await coupons.markUsed(trx, { tenantId: row.tenant_id, orderId: row.id });
        return true;
      });
      if (placed) await announce(row.id, tenantId, 'placed');
      else if (row.status === 'cancelled' && (row.payment_status === 'pending' || row.payment_status === 'failed')) {
        // The money arrived after the order was given up: it goes straight back.
        if (await repo.movePayment(db, row, ['pending', 'failed'], { payment_status: 'paid', updated_at: at })) {
          await refund({ ...row, payment_status: 'paid' });
        }
      }
    } else if (payment.status === 'cancelled') {
      await cancel(row, 'Payment not completed', 'pending_payment');
    } else if (payment.error) {
      const moved = await repo.movePayment(db, row, ['pending', 'failed'], {
        payment_status: 'failed',
        updated_at: at,
      });
      if (moved && row.payment_status === 'pending') metrics.paymentFailed(providerName, 'declined');
    } else if (payment.status === 'requires_action' || payment.status === 'processing') {
      await repo.movePayment(db, row, ['failed'], { payment_status: 'pending', updated_at: at });
    }
    return repo.find(db, tenantId, row.id);
  }

  /** Cancels from `from` (conditional), releases what was reserved, and stops an open payment. */
  async function cancel(row: OrderRow, reason: string | null, from: OrderStatusValue = row.status) {
    const at = now().toISOString();
    const cancelled = await repo.transaction(async (trx) => {
      const moved = await repo.move(trx, row, from, { status: 'cancelled', cancel_reason: reason, updated_at: at });
      if (!moved) return false;
      await repo.addHistory(trx, {
        tenant_id: row.tenant_id,
        order_id: row.id,
        status: 'cancelled',
        note: reason,
        created_at: at,
      });
      await releaseReservations(trx, row);
      return true;
    });
    if (!cancelled) return false;
    if (row.payment_id && (row.payment_status === 'pending' || row.payment_status === 'failed')) {
      try {
        const { provider } = await providerOf(row);
        const payment = await provider.cancel(row.payment_id);
        // Paid at the last moment: the order stays cancelled and the money goes back.
        if (payment.status === 'succeeded') await applyPayment(row.tenant_id, provider.name, payment);
      } catch (err) {
        deps.log.warn({ err, orderId: row.id }, 'payment could not be cancelled');
      }
    }
    await announce(row.id, row.tenant_id, 'status');
    return true;
  }

  return { ensurePayment, applyPayment, cancel, releaseReservations };
}

export type PaymentLifecycle = ReturnType<typeof paymentLifecycle>;
