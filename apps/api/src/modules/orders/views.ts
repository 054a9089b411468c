import type { DeliveryAddress, Order, OrderStatus } from '@orderfront/core';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { OrderContext } from './context.js';
import { orderListRepository } from './list-repository.js';
import type { OrderRepository } from './repository.js';
import { readSnapshot } from './snapshot.js';

type RestaurantRow = Omit<
  NonNullable<Awaited<ReturnType<OrderRepository['restaurant']>>>,
  'latitude' | 'longitude' | 'country'
>;
type HistoryRow = { status: OrderStatus; note: string | null; created_at: string };

function toView(row: OrderRow, restaurant: RestaurantRow, history: HistoryRow[]): Order {
  const snapshot = readSnapshot(row);
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    method: row.method,
    restaurant: {
      id: restaurant.id,
      name: restaurant.name,
      phone: restaurant.phone,
      street_name: restaurant.street_name,
      city: restaurant.city,
      timezone: restaurant.timezone,
    },
    pickup_date: row.pickup_date,
    pickup_time: row.pickup_time,
    scheduled_for: row.scheduled_for,
    ready_at: row.ready_at,
    table_id: row.table_id,
    special_instructions: row.special_instructions,
    customer: { name: row.customer_name, email: row.customer_email, phone_no: row.customer_phone },
    delivery_address: row.delivery_address ? (JSON.parse(row.delivery_address) as DeliveryAddress) : null,
    payment_method: row.payment_method,
    payment_status: row.payment_status,
    currency: row.currency,
    coupon_code: row.coupon_code,
    lines: snapshot.lines.map(({ source: _source, ...line }) => ({ ...line, tax_class: line.tax_class ?? 'standard' })),
    totals: {
      subtotal: row.subtotal_cents,
      discount: row.discount_cents,
      tax: row.tax_cents,
      delivery: row.delivery_cents,
      surcharge: row.surcharge_cents,
      gift_card: row.gift_card_cents,
      loyalty: row.loyalty_cents,
      total: row.total_cents,
      tip: row.tip_cents,
      tip_tax: row.tip_tax_cents,
      amount_due: row.amount_due_cents,
      item_count: row.item_count,
    },
    adjustments: snapshot.adjustments,
    status_history: history.map((h) => ({ status: h.status, at: h.created_at, note: h.note })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Orders as the contract shows them (orderSchema), one or a page at a time. */
export function orderViews({ db, repo }: OrderContext) {
  const lists = orderListRepository(db);

  /** `known`: the restaurant and history the caller holds already (an order it just placed). */
  async function view(row: OrderRow, known?: { restaurant: RestaurantRow; history: HistoryRow[] }): Promise<Order> {
    if (known) return toView(row, known.restaurant, known.history);
    const [restaurant, history] = await Promise.all([
      repo.restaurant(db, row.tenant_id, row.restaurant_id),
      repo.history(db, row),
    ]);
    if (!restaurant) throw new AppError('not_found', 'Order not found');
    return toView(row, restaurant, history);
  }

  async function views(rows: OrderRow[]): Promise<Order[]> {
    const first = rows[0];
    if (!first) return [];
    const [restaurants, histories] = await Promise.all([
      lists.restaurants(first.tenant_id, [...new Set(rows.map((r) => r.restaurant_id))]),
      lists.histories(
        first.tenant_id,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.flatMap((row) => {
      const restaurant = restaurants.find((r) => r.id === row.restaurant_id);
      if (!restaurant) return [];
      return [
        toView(
          row,
          restaurant,
          histories.filter((h) => h.order_id === row.id),
        ),
      ];
    });
  }

  return { view, views };
}

export type OrderViews = ReturnType<typeof orderViews>;
