import { type Kysely, sql } from 'kysely';
import { batched } from '../../db/batch.js';
import type { Db } from '../../db/database.js';
import { precompiled, runsOnSqlite } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { menuRows } from './menu-repository.js';

/** The first read of every menu, cart and order: built once (decision 050). */
const versionAndTimezone = precompiled((db: Db, tenantId: number, restaurantId: number) =>
  db
    .selectFrom('restaurants')
    .leftJoin('catalogue_versions', (join) =>
      join
        .onRef('catalogue_versions.restaurant_id', '=', 'restaurants.id')
        .onRef('catalogue_versions.tenant_id', '=', 'restaurants.tenant_id'),
    )
    .select(['catalogue_versions.version', 'catalogue_versions.next_change_at', 'restaurants.timezone'])
    .where('restaurants.tenant_id', '=', tenantId)
    .where('restaurants.id', '=', restaurantId)
    .where('restaurants.status', '=', 1),
);

/**
 * The menu's one read (decision 054): the catalogue version of an active restaurant of the tenant
 * a host is served by (the one mapped to the host, else the configured one, as the tenant's own
 * lookup), with that tenant's id.
 */
const versionForHost = precompiled((db: Db, host: string, fallbackId: number, restaurantId: number) =>
  db
    .selectFrom('restaurants')
    .leftJoin('catalogue_versions', (join) =>
      join
        .onRef('catalogue_versions.restaurant_id', '=', 'restaurants.id')
        .onRef('catalogue_versions.tenant_id', '=', 'restaurants.tenant_id'),
    )
    .select([
      'restaurants.tenant_id',
      'catalogue_versions.version',
      'catalogue_versions.next_change_at',
      'restaurants.timezone',
    ])
    // Two index lookups, as the tenant's own lookup (decision 055): no sort behind a bound limit.
    .where('restaurants.tenant_id', '=', (eb) =>
      eb.fn.coalesce(eb.selectFrom('tenants').select('id').where('host', '=', host), sql.val(fallbackId)),
    )
    .where('restaurants.id', '=', restaurantId)
    .where('restaurants.status', '=', 1),
);

type HostKey = { host: string; fallbackId: number; restaurantId: number };
type HostRow = Awaited<ReturnType<typeof versionForHost>>[number];

/**
 * On PostgreSQL the menu's read is shared by the requests for the same storefront and restaurant
 * that wait for it together (decision 068): each is still answered by a read sent after it came.
 */
const sharedVersionReads = new WeakMap<Db, (key: HostKey) => Promise<HostRow | undefined>>();
function versionForHostShared(db: Db, key: HostKey) {
  let read = sharedVersionReads.get(db);
  if (!read) {
    read = batched(
      (k: HostKey) => `${k.host}\n${k.fallbackId}\n${k.restaurantId}`,
      (keys) =>
        Promise.all(
          keys.map(async (k) => {
            const [row] = await versionForHost(db, k.host, k.fallbackId, k.restaurantId);
            return row && Object.freeze(row);
          }),
        ),
    );
    sharedVersionReads.set(db, read);
  }
  return read(key);
}

/** An active restaurant's catalogue version as read (no row yet: version null). */
export interface VersionRow {
  version: number | null;
  next_change_at: string | null;
  timezone: string;
}

/** The row's version unless a timed change is due, which moves the version first (undefined). */
export function settledVersion(row: VersionRow, nowMs: number): number | undefined {
  if (row.version === null) return 1;
  if (row.next_change_at === null || Date.parse(row.next_change_at) > nowMs) return row.version;
  return undefined;
}

/** Every read and write of the catalogue; each one scoped by tenant. */
export function catalogueRepository(db: Db) {
  return { ...versionRows(db), ...menuRows(db), ...writeRows(db) };
}

/** The catalogue version that tells every menu cache to move on. */
function versionRows(db: Db) {
  return {
    findActiveRestaurant(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('restaurants')
        .select(['id'])
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantId)
        .where('status', '=', 1)
        .executeTakeFirst();
    },

    /**
     * The catalogue version of an active restaurant of the tenant, or undefined when there is no
     * such restaurant: what every catalogue read asks first, in one indexed read (decision 034).
     */
    async activeVersion(
      tenantId: number,
      restaurantId: number,
      now = new Date(),
    ): Promise<{ version: number; timezone: string } | undefined> {
      const [row] = await versionAndTimezone(db, tenantId, restaurantId);
      return this.versionOfRow(tenantId, restaurantId, row, now);
    },

    /** The version row of an active restaurant of the tenant serving `host`, with that tenant's id. */
    async activeVersionForHost(host: string, fallbackId: number, restaurantId: number) {
      if (!db.isTransaction && !runsOnSqlite(db)) return versionForHostShared(db, { host, fallbackId, restaurantId });
      const [row] = await versionForHost(db, host, fallbackId, restaurantId);
      return row;
    },

    /**
     * The same row at once when SQLite can read it directly (decision 064), from memory while the
     * file is unchanged since (decision 072); else undefined.
     */
    activeVersionForHostNow(host: string, fallbackId: number, restaurantId: number) {
      return versionForHost.nowUnchanged(db, host, fallbackId, restaurantId)?.[0];
    },

    /**
     * activeVersion from a row the caller read itself (the cart reads it with its lines, one round
     * trip fewer: decision 054); undefined when the restaurant is not active.
     */
    async versionOfRow(
      tenantId: number,
      restaurantId: number,
      row: VersionRow | undefined,
      now = new Date(),
    ): Promise<{ version: number; timezone: string } | undefined> {
      if (!row) return undefined;
      const { timezone } = row;
      const settled = settledVersion(row, now.getTime());
      if (settled !== undefined) return { version: settled, timezone };
      return { version: await this.version(tenantId, restaurantId, now), timezone };
    },

    /**
     * The restaurant's catalogue version (1 until the first write). One indexed lookup; when a timed
     * out-of-stock mark has just run out, the version moves on first (once, whichever process sees it).
     */
    async version(tenantId: number, restaurantId: number, now = new Date()): Promise<number> {
      const row = await db
        .selectFrom('catalogue_versions')
        .select(['version', 'next_change_at'])
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      if (!row) return 1;
      if (row.next_change_at === null || Date.parse(row.next_change_at) > now.getTime()) return row.version;
      await db.transaction().execute(async (trx) => {
        const next = await nextChangeAt(trx, tenantId, restaurantId, now);
        await trx
          .updateTable('catalogue_versions')
          .set((eb) => ({ version: eb('version', '+', 1), next_change_at: next }))
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .where('version', '=', row.version)
          .execute();
      });
      const moved = await db
        .selectFrom('catalogue_versions')
        .select('version')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirstOrThrow();
      return moved.version;
    },

    /** Every catalogue write calls this in its transaction, so caches and ETags move on. */
    async bumpVersion(trx: Kysely<Database>, tenantId: number, restaurantId: number) {
      const next = await nextChangeAt(trx, tenantId, restaurantId, new Date());
      const updated = await trx
        .updateTable('catalogue_versions')
        .set((eb) => ({ version: eb('version', '+', 1), next_change_at: next }))
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx
          .insertInto('catalogue_versions')
          .values({ tenant_id: tenantId, restaurant_id: restaurantId, version: 2, next_change_at: next })
          .execute();
      }
    },
  };
}

/** The back office's writes of products and modifiers (each call runs on the caller's transaction). */
function writeRows(db: Db) {
  return {
    /**
     * Switches a restaurant product or a modifier on or off (`until`: back on sale then, or null);
     * the restaurant id, or undefined when the row is not this tenant's.
     */
    async setAvailability(
      trx: Kysely<Database>,
      table: 'restaurant_products' | 'restaurant_product_modifiers',
      tenantId: number,
      id: number,
      available: boolean,
      until: string | null,
    ) {
      const row = await trx
        .updateTable(table)
        .set({
          is_available: available ? 1 : 0,
          available_again_at: available ? null : until,
          ...(table === 'restaurant_products' ? { updated_at: new Date().toISOString() } : {}),
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .returning('restaurant_id')
        .executeTakeFirst();
      return row?.restaurant_id;
    },

    /** The restaurant a product or modifier row belongs to (this tenant's rows only). */
    restaurantOf(table: 'restaurant_products' | 'restaurant_product_modifiers', tenantId: number, id: number) {
      return db
        .selectFrom(table)
        .select('restaurant_id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst()
        .then((row) => row?.restaurant_id);
    },

    setPrices(
      trx: Kysely<Database>,
      tenantId: number,
      restaurantProductId: number,
      prices: { price?: number; online_price?: number },
      at: string,
    ) {
      return trx
        .updateTable('restaurant_products')
        .set({ ...prices, updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', restaurantProductId)
        .execute();
    },

    /** The master product's own fields, which every restaurant selling it shows. */
    setProductFields(
      trx: Kysely<Database>,
      tenantId: number,
      productId: number,
      fields: { description?: string; image_path?: string },
      at: string,
    ) {
      return trx
        .updateTable('products')
        .set({ ...fields, updated_at: at })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', productId)
        .execute();
    },
  };
}

/** The earliest timed out-of-stock mark of the restaurant still ahead of `now`, or null. */
async function nextChangeAt(db: Kysely<Database>, tenantId: number, restaurantId: number, now: Date) {
  const at = now.toISOString();
  const rows = await Promise.all(
    (['restaurant_products', 'restaurant_product_modifiers'] as const).map((table) =>
      db
        .selectFrom(table)
        .select('available_again_at')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('is_available', '=', 0)
        .where('available_again_at', '>', at)
        .orderBy('available_again_at')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const times = rows.flatMap((r) => (r?.available_again_at ? [r.available_again_at] : []));
  return times.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
export type CatalogueSnapshot = Awaited<ReturnType<CatalogueRepository['snapshot']>>;
export type BundleRows = Awaited<ReturnType<CatalogueRepository['bundles']>>;
