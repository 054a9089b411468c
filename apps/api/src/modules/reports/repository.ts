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
      return (
        db
          .selectFrom('orders as o')
          // Who handled the order (decision 047): the tips-by-staff table names them.
          .leftJoin('users as u', (join) =>
            join.onRef('u.id', '=', 'o.handled_by_user_id').onRef('u.tenant_id', '=', 'o.tenant_id'),
          )
          .select(['u.name as handled_by_name'])
          .select([
            'o.id',
            'o.order_number',
            'o.restaurant_id',
            'o.placed_at',
            'o.method',
            'o.payment_method',
            'o.payment_status',
            'o.subtotal_cents',
            'o.discount_cents',
            'o.tax_cents',
            'o.delivery_cents',
            'o.surcharge_cents',
            'o.gift_card_cents',
            'o.loyalty_cents',
            'o.tip_cents',
            'o.tip_tax_cents',
            'o.total_cents',
            'o.amount_due_cents',
            'o.snapshot',
            'o.refunded_at',
            'o.handled_by_user_id',
          ])
          .where('o.tenant_id', '=', tenantId)
          .where('o.restaurant_id', 'in', restaurantIds)
          .where((eb) =>
            eb.or([
              eb.and([eb('o.placed_at', '>=', start), eb('o.placed_at', '<', end)]),
              eb.and([eb('o.refunded_at', '>=', start), eb('o.refunded_at', '<', end)]),
            ]),
          )
          .where((eb) => eb.or([eb('o.status', 'in', soldOrderStatuses), eb('o.payment_status', '=', 'refunded')]))
          .where('o.id', '>', after)
          .orderBy('o.id')
          .limit(size)
          .execute()
      );
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
