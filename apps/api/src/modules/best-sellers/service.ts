import {
  addUnitsSold,
  type BestSellerRules,
  bestSellerRules,
  chooseBestSellers,
  type SoldLine,
} from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { catalogueService } from '../catalogue/service.js';
import { bestSellersRepository } from './repository.js';

/** Orders read at a time, so a busy restaurant's month of snapshots never sits in memory at once. */
const pageSize = 500;

/** What an order snapshot keeps of each line that matters here: the cart choices it came from. */
interface SnapshotLines {
  lines: { source?: SoldLine }[];
}

export interface BestSellersChange {
  tenantId: number;
  restaurantId: number;
  /** The restaurant products now flagged, best first. */
  bestSellers: number[];
}

/**
 * Sets each restaurant's best sellers from what it sold over the last weeks (decision 020).
 * Restaurants with too few orders keep their flags. A change of flags and the catalogue version
 * bump that tells every menu cache move together, in one transaction; no change, no write.
 * Safe to run in several processes at once: each write is conditional on the flags still
 * differing, so the result is the same and the version moves once.
 */
export function bestSellersJob(db: Db, deps: { log?: FastifyBaseLogger } = {}) {
  const repo = bestSellersRepository(db);
  const catalogue = catalogueService(db);

  async function unitsSold(tenantId: number, restaurantId: number, since: string, until: string) {
    const units = new Map<number, number>();
    let after = 0;
    for (;;) {
      const page = await repo.soldSnapshots(tenantId, restaurantId, since, until, after, pageSize);
      for (const order of page) {
        const { lines } = JSON.parse(order.snapshot) as SnapshotLines;
        addUnitsSold(
          units,
          lines.flatMap((line) => (line.source ? [line.source] : [])),
        );
      }
      if (page.length < pageSize) return units;
      after = page[page.length - 1]?.id ?? after;
    }
  }

  /** The restaurant's new best sellers if its flags changed, else null. */
  async function refreshRestaurant(
    tenantId: number,
    restaurantId: number,
    window: { since: string; until: string },
    rules: BestSellerRules,
  ) {
    const [units, flags] = await Promise.all([
      unitsSold(tenantId, restaurantId, window.since, window.until),
      repo.shownFlags(tenantId, restaurantId),
    ]);
    // Only what the restaurant still sells can be shown as a best seller.
    const onMenu = new Set(flags.map((f) => f.id));
    const chosen = chooseBestSellers(new Map([...units].filter(([id]) => onMenu.has(id))), rules);
    const shown = new Set(flags.filter((f) => f.is_best_seller === 1).map((f) => f.id));
    if (chosen.length === shown.size && chosen.every((id) => shown.has(id))) return null;
    const changed = await db.transaction().execute(async (trx) => {
      const rows = await repo.setBestSellers(trx, tenantId, restaurantId, chosen);
      if (rows > 0) await catalogue.moveVersion(trx, tenantId, restaurantId);
      return rows > 0;
    });
    return changed ? chosen : null;
  }

  return {
    /** One run over every tenant's restaurants; what changed. `now` and `rules` for tests. */
    async refresh(options: { now?: Date; rules?: BestSellerRules } = {}): Promise<BestSellersChange[]> {
      const now = options.now ?? new Date();
      const rules = options.rules ?? bestSellerRules;
      const window = {
        since: new Date(now.getTime() - rules.windowDays * 86_400_000).toISOString(),
        until: now.toISOString(),
      };
      const changes: BestSellersChange[] = [];
      let failed: unknown;
      for (const { tenant_id, restaurant_id } of await repo.busyRestaurants(
        window.since,
        window.until,
        rules.minOrders,
      )) {
        try {
          const bestSellers = await refreshRestaurant(tenant_id, restaurant_id, window, rules);
          if (bestSellers) changes.push({ tenantId: tenant_id, restaurantId: restaurant_id, bestSellers });
        } catch (err) {
          // One restaurant's trouble does not keep the others' best sellers stale.
          deps.log?.warn({ err, tenantId: tenant_id, restaurantId: restaurant_id }, 'best sellers not refreshed');
          failed ??= err;
        }
      }
      if (failed) throw failed;
      return changes;
    },
  };
}

export type BestSellersJob = ReturnType<typeof bestSellersJob>;
