import type { GoingLive } from '@orderfront/core';
import type { Db } from '../../db/database.js';

const count = (row: { n: unknown } | undefined) => Number(row?.n ?? 0);

/**
 * What the storefront still lacks before it can take an order (spec §3, §9): an open restaurant,
 * opening hours at an open restaurant, something on an open restaurant's menu, and a card
 * provider chosen by the business (a new one has none).
 */
export async function goingLive(db: Db, tenantId: number): Promise<GoingLive> {
  const [open, hours, menu, payment] = await Promise.all([
    db
      .selectFrom('restaurants')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('restaurant_hours as h')
      .innerJoin('restaurants as r', (join) =>
        join.onRef('r.id', '=', 'h.restaurant_id').onRef('r.tenant_id', '=', 'h.tenant_id'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .where('h.tenant_id', '=', tenantId)
      .where('r.status', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('restaurant_products as p')
      .innerJoin('restaurants as r', (join) =>
        join.onRef('r.id', '=', 'p.restaurant_id').onRef('r.tenant_id', '=', 'p.tenant_id'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
      .where('p.tenant_id', '=', tenantId)
      .where('r.status', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('app_settings')
      .select('payment_gateway_config')
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', 'is', null)
      .executeTakeFirst(),
  ]);
  let provider = '';
  try {
    provider = String((JSON.parse(payment?.payment_gateway_config ?? '{}') as { provider?: unknown }).provider ?? '');
  } catch {
    provider = '';
  }
  const items: GoingLive['items'] = [
    {
      key: 'restaurant',
      done: count(open) > 0,
      detail: count(open) > 0 ? `${count(open)} restaurant(s) open` : 'No restaurant is open yet',
    },
    {
      key: 'hours',
      done: count(hours) > 0,
      detail: count(hours) > 0 ? 'Opening hours are set' : 'No open restaurant has opening hours',
    },
    {
      key: 'menu',
      done: count(menu) > 0,
      detail: count(menu) > 0 ? `${count(menu)} item(s) on sale` : 'No open restaurant has anything on its menu',
    },
    {
      key: 'payments',
      done: provider !== '',
      detail:
        provider === 'stripe'
          ? 'Card payments by Stripe'
          : provider
            ? 'The test sandbox takes cards (no real money): switch to Stripe to be paid'
            : 'No card payment provider is set up',
    },
  ];
  return { ready: items.every((item) => item.done), items };
}
