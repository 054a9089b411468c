import type { GoingLive } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { tenantRepository } from './repository.js';

/**
 * What the storefront still lacks before it can take an order (spec §3, §9): an open restaurant,
 * opening hours at an open restaurant, something on an open restaurant's menu, and a card
 * provider chosen by the business (a new one has none).
 */
export async function goingLive(db: Db, tenantId: number): Promise<GoingLive> {
  const { open, hours, menu, paymentConfig } = await tenantRepository(db).goingLiveFacts(tenantId);
  let provider = '';
  try {
    provider = String((JSON.parse(paymentConfig ?? '{}') as { provider?: unknown }).provider ?? '');
  } catch {
    provider = '';
  }
  const items: GoingLive['items'] = [
    {
      key: 'restaurant',
      done: open > 0,
      detail: open > 0 ? `${open} restaurant${open === 1 ? '' : 's'} open` : 'No restaurant is open yet',
    },
    {
      key: 'hours',
      done: hours > 0,
      detail: hours > 0 ? 'Opening hours are set' : 'No open restaurant has opening hours',
    },
    {
      key: 'menu',
      done: menu > 0,
      detail: menu > 0 ? `${menu} item${menu === 1 ? '' : 's'} on sale` : 'No open restaurant has anything on its menu',
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
