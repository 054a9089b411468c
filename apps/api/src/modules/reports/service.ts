import {
  type AdminRestaurant,
  addDays,
  buildSalesReport,
  fromZoned,
  orderLinesCsv,
  type ReportOrder,
  type ReportTable,
  reportQueryWindow,
  reportTableCsv,
  type SalesReportView,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { readSnapshot } from '../orders/snapshot.js';
import { reportsRepository } from './repository.js';

const pageSize = 500;

export interface ReportScope {
  tenantId: number;
  /** The restaurants the report covers (already checked as the caller's). */
  restaurants: readonly AdminRestaurant[];
  /** The report covers every restaurant of the business: gift cards (the business's) are shown. */
  wholeBusiness: boolean;
  from: string;
  to: string;
}

/** The sales report: orders read page by page, folded by core's buildSalesReport (decision 039). */
export function reportsService(db: Db) {
  const repo = reportsRepository(db);

  async function ordersOf(scope: ReportScope, taxExclusive: boolean): Promise<ReportOrder[]> {
    const zones = new Map(scope.restaurants.map((r) => [r.id, r.timezone]));
    const { start, end } = reportQueryWindow(scope.from, scope.to);
    const ids = scope.restaurants.map((r) => r.id);
    const orders: ReportOrder[] = [];
    if (ids.length === 0) return orders;
    let after = 0;
    for (;;) {
      const page = await repo.ordersPage(scope.tenantId, ids, start, end, after, pageSize);
      for (const row of page) {
        const snapshot = readSnapshot(row);
        orders.push({
          order_number: row.order_number,
          restaurant_id: row.restaurant_id,
          timezone: zones.get(row.restaurant_id) ?? 'UTC',
          placed_at: new Date(row.placed_at as string).toISOString(),
          method: row.method,
          payment_method: row.payment_method,
          refunded: row.payment_status === 'refunded',
          refunded_at: row.refunded_at ? new Date(row.refunded_at as string).toISOString() : null,
          tax_exclusive: taxExclusive,
          subtotal: row.subtotal_cents,
          discount: row.discount_cents,
          tax: row.tax_cents,
          delivery: row.delivery_cents,
          surcharge: row.surcharge_cents,
          gift_card: row.gift_card_cents,
          loyalty: row.loyalty_cents,
          total: row.total_cents,
          amount_due: row.amount_due_cents,
          tip: row.tip_cents,
          tip_tax: row.tip_tax_cents,
          handled_by:
            row.handled_by_user_id === null ? null : { id: row.handled_by_user_id, name: row.handled_by_name ?? '' },
          lines: snapshot.lines.map((l) => ({
            name: l.name,
            quantity: l.quantity,
            discounted_item_total: l.discounted_item_total,
            tax: l.tax,
            details: l.details,
          })),
          adjustments: snapshot.adjustments.map((a) => ({ reason: a.reason, amount: a.amount })),
        });
      }
      if (page.length < pageSize) return orders;
      after = page[page.length - 1]?.id ?? after;
    }
  }

  async function inputOf(scope: ReportScope) {
    const tenant = await repo.tenant(scope.tenantId);
    const orders = await ordersOf(scope, tenant.tax_mode === 'exclusive');
    // Gift cards are the business's, in its own timezone: the period's bounds there.
    const start = fromZoned(scope.from, '00:00', tenant.timezone) ?? `${scope.from}T00:00:00.000Z`;
    const end = fromZoned(addDays(scope.to, 1), '00:00', tenant.timezone) ?? `${addDays(scope.to, 1)}T00:00:00.000Z`;
    const sales = scope.wholeBusiness ? await repo.giftCardSales(scope.tenantId, start, end) : [];
    const liability = scope.wholeBusiness ? await repo.giftCardLiability(scope.tenantId, end) : 0;
    return {
      tenant,
      input: {
        from: scope.from,
        to: scope.to,
        orders,
        timezone: tenant.timezone,
        giftCardSales: sales.map((s) => ({
          at: new Date(s.created_at).toISOString(),
          amount: s.amount,
          refunded: s.refunded_amount ?? 0,
        })),
        giftCardLiability: liability,
      },
    };
  }

  return {
    async report(scope: ReportScope): Promise<SalesReportView> {
      const { tenant, input } = await inputOf(scope);
      const report = buildSalesReport(input);
      return {
        ...report,
        currency: tenant.currency,
        tax_name: tenant.tax_name,
        restaurants: scope.restaurants.map((r) => ({ id: r.id, name: r.name, timezone: r.timezone })),
        gift_cards: { ...report.gift_cards, whole_business: scope.wholeBusiness },
      };
    },

    /** One table as CSV, or every order line of the period ('lines'). */
    async csv(scope: ReportScope, table: ReportTable | 'lines'): Promise<string> {
      const { input } = await inputOf(scope);
      if (table === 'lines') return orderLinesCsv(input, new Map(scope.restaurants.map((r) => [r.id, r.name])));
      return reportTableCsv(buildSalesReport(input), table);
    },
  };
}
