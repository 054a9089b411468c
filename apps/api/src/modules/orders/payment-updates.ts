import { canMoveOrderFor, type PaymentSession } from '@orderfront/core';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentEvent } from '../payments/provider.js';
import type { ProviderName } from '../payments/registry.js';
import type { SandboxCard, SandboxProvider } from '../payments/sandbox.js';
import { toPaymentSession } from '../payments/service.js';
import type { OrderAccessCheck } from './access.js';
import type { OrderAccess, OrderContext } from './context.js';
import type { OrderNotices } from './notices.js';
import { paymentEventRepository } from './payment-events-repository.js';
import type { PaymentLifecycle } from './payment-lifecycle.js';
import type { OrderRefunds } from './refunds.js';

/** How long a card payment may stay unfinished before the order is cancelled and released. */
export const abandonedAfterMinutes = 30;

/** What reaches an order's payment from outside: the customer's payment page, the provider's events, the sweep. */
export function paymentUpdates(
  { deps, db, repo, now, providerOf }: OrderContext,
  { authorised }: OrderAccessCheck,
  { announce }: OrderNotices,
  { ensurePayment, applyPayment, cancel }: PaymentLifecycle,
  { refundLedgers }: OrderRefunds,
) {
  const paymentEvents = paymentEventRepository(db);

  /** The pending order's payment (the payment page after a reload). */
  async function payment(id: number, access: OrderAccess) {
    const row = await authorised(id, access);
    if (row.payment_method !== 'card') throw new AppError('not_found', 'This order has no card payment');
    const current = await ensurePayment(row);
    return current as PaymentSession;
  }

  /** Looks a payment up for its order's customer: the order must be theirs. */
  async function paymentOwnedBy(paymentId: string, access: OrderAccess) {
    const row = await repo.findByPaymentId(paymentId);
    if (!row) throw new AppError('not_found', 'Payment not found');
    await authorised(row.id, access).catch(() => {
      throw new AppError('not_found', 'Payment not found');
    });
    const { provider, settings } = await providerOf(row);
    return { row, provider, settings };
  }

  /** POST /payments/:id/refresh: asks the provider and applies what it says. */
  async function refreshPayment(paymentId: string, access: OrderAccess) {
    const { row, provider, settings } = await paymentOwnedBy(paymentId, access);
    const current = await provider.retrieve(paymentId);
    await applyPayment(row.tenant_id, provider.name, current);
    return toPaymentSession(current, provider.name, settings.config.publishable_key);
  }

  /** The sandbox payment of one of the caller's orders. */
  async function sandboxPayment(paymentId: string, access: OrderAccess) {
    const found = await paymentOwnedBy(paymentId, access);
    if (found.provider.name !== 'sandbox') throw new AppError('not_found', 'Payment not found');
    return { row: found.row, provider: found.provider as SandboxProvider };
  }

  /** The sandbox's card form: the test card decides, the order follows, the session answers. */
  async function sandboxConfirm(paymentId: string, access: OrderAccess, card: SandboxCard) {
    const { row, provider } = await sandboxPayment(paymentId, access);
    await applyPayment(row.tenant_id, 'sandbox', await provider.confirm(paymentId, card));
    return refreshPayment(paymentId, access);
  }

  /** The sandbox's 3-D-Secure-style challenge, approved or failed. */
  async function sandboxChallenge(paymentId: string, access: OrderAccess, approve: boolean) {
    const { row, provider } = await sandboxPayment(paymentId, access);
    await applyPayment(row.tenant_id, 'sandbox', await provider.challenge(paymentId, approve));
    return refreshPayment(paymentId, access);
  }

  /**
   * A verified provider event: applied once (a replayed event id changes nothing). The payment's
   * state is asked of the provider rather than taken from the event.
   */
  async function recordPaymentEvent(tenantId: number, providerName: ProviderName, event: PaymentEvent) {
    if (await paymentEvents.seen(providerName, event.eventId)) return false;
    const row = await repo.findByPayment(tenantId, providerName, event.paymentId);
    if (row) {
      const { provider } = await providerOf(row);
      if (event.type === 'refunded') {
        await refundedElsewhere(row);
      } else {
        await applyPayment(tenantId, provider.name, await provider.retrieve(event.paymentId));
      }
    } else {
      for (const handle of deps.otherPayments ?? []) {
        if (await handle(tenantId, providerName, event)) break;
      }
    }
    return paymentEvents.record({
      tenant_id: tenantId,
      provider: providerName,
      event_id: event.eventId,
      type: event.type,
      payment_id: event.paymentId,
      created_at: now().toISOString(),
    });
  }

  /** The provider says the money went back (a refund made in its dashboard). */
  async function refundedElsewhere(row: OrderRow) {
    const at = now().toISOString();
    const moved = { payment_status: 'refunded' as const, refunded_at: at, updated_at: at };
    if (!(await repo.movePayment(db, row, ['paid'], moved))) return;
    await refundLedgers(row);
    if (row.status === 'completed') {
      const moved = await repo.transaction(async (trx) => {
        const ok = await repo.move(trx, row, 'completed', { status: 'refunded', updated_at: at });
        if (ok)
          await repo.addHistory(trx, {
            tenant_id: row.tenant_id,
            order_id: row.id,
            status: 'refunded',
            note: null,
            created_at: at,
          });
        return ok;
      });
      if (moved) await announce(row.id, row.tenant_id, 'status');
    } else if (canMoveOrderFor(row.method, row.status, 'cancelled')) {
      await cancel({ ...row, payment_status: 'refunded' }, 'Payment refunded', row.status);
    }
  }

  /** Cancels card orders whose payment was abandoned, releasing what they reserved. */
  async function sweepAbandoned(at: Date = now()) {
    const before = new Date(at.getTime() - abandonedAfterMinutes * 60_000).toISOString();
    let cancelled = 0;
    for (const row of await repo.abandoned(before)) {
      try {
        if (row.payment_id) {
          const { provider } = await providerOf(row);
          const payment = await provider.cancel(row.payment_id);
          if (payment.status === 'succeeded') {
            await applyPayment(row.tenant_id, provider.name, payment);
            continue;
          }
        }
        if (await cancel(row, 'Payment not completed', 'pending_payment')) cancelled++;
      } catch (err) {
        deps.log.warn({ err, orderId: row.id }, 'abandoned order could not be swept');
      }
    }
    return cancelled;
  }

  return { payment, refreshPayment, sandboxConfirm, sandboxChallenge, recordPaymentEvent, sweepAbandoned };
}
