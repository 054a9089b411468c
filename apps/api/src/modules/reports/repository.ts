import { soldOrderStatuses } from '@orderfront/core';
import type { Db } from '../../db/database.js';

/** What the sales report reads (decision 039): orders' snapshots and money columns, and the gift card ledger. */
export function reportsRepository(db: Db) {
  return {
    tenant(tenantId: number) {
      return db
        .selectFrom('tenants')
        .select(['currency', 'timezone', 'tax_mode', 'tax_name'])
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
    },

    /**
     * One page (after order id `after`) of the orders placed or refunded in [start, end) at the
     * restaurants that were sold or whose money went back: an order cancelled before it was paid
     * never was a sale. A refund counts on its own day (decision 044), so an order placed before the
     * window and refunded inside it is read too.
     */
    ordersPage(
      tenantId: number,
      restaurantIds: readonly number[],
      start: string,
      end: string,
      after: number,
      size: number,
    ) {
      return db
        .selectFrom('orders')
        .select([
          'id',
          'order_number',
          'restaurant_id',
          'placed_at',
          'method',
          'payment_method',
          'payment_status',
          'subtotal_cents',
          'discount_cents',
          'tax_cents',
          'delivery_cents',
          'surcharge_cents',
          'gift_card_cents',
          'loyalty_cents',
          'tip_cents',
          'tip_tax_cents',
          'total_cents',
          'amount_due_cents',
          'snapshot',
          'refunded_at',
        ])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', 'in', restaurantIds)
        .where((eb) =>
          eb.or([
            eb.and([eb('placed_at', '>=', start), eb('placed_at', '<', end)]),
            eb.and([eb('refunded_at', '>=', start), eb('refunded_at', '<', end)]),
          ]),
        )
        .where((eb) => eb.or([eb('status', 'in', soldOrderStatuses), eb('payment_status', '=', 'refunded')]))
        .where('id', '>', after)
        .orderBy('id')
        .limit(size)
        .execute();
    },

    /** Purchased gift cards paid for in [start, end): their issue entries, and what went back to the buyer. */
    giftCardSales(tenantId: number, start: string, end: string) {
      return db
        .selectFrom('gift_card_ledger as l')
        .innerJoin('gift_cards as c', (join) =>
          join.onRef('c.id', '=', 'l.gift_card_id').onRef('c.tenant_id', '=', 'l.tenant_id'),
        )
        .select(['l.created_at', 'l.amount', 'c.refunded_amount'])
        .where('l.tenant_id', '=', tenantId)
        .where('l.kind', '=', 'issue')
        .where('c.source', '=', 'purchase')
        .where('l.created_at', '>=', start)
        .where('l.created_at', '<', end)
        .execute();
    },

    /** Σ of every gift card ledger entry before `end`: the balances the business owed then. */
    async giftCardLiability(tenantId: number, end: string) {
      const row = await db
        .selectFrom('gift_card_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
        .where('tenant_id', '=', tenantId)
        .where('created_at', '<', end)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
