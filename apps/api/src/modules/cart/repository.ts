import { type Compilable, sql } from 'kysely';
import { batched } from '../../db/batch.js';
import type { Db } from '../../db/database.js';
import { precompiled, precompiledRecord, runsOnSqlite } from '../../db/precompiled.js';
import { addIfOpen, addIfRoom, type NewCartLine, type SeenOpen } from './add-repository.js';

export type { NewCartLine, SeenOpen } from './add-repository.js';

/** The cart's owner: exactly one of user_id and guest_id, within the tenant. */
export type CartOwner =
  | { tenantId: number; user_id: number; guest_id?: undefined }
  | { tenantId: number; guest_id: number; user_id?: undefined };

/** Every cart read, add and order reads the lines first: built once per kind of owner (decision 050). */
const userLines = precompiled((db: Db, tenantId: number, userId: number) =>
  db.selectFrom('cart_items').selectAll().where('tenant_id', '=', tenantId).where('user_id', '=', userId).orderBy('id'),
);
const guestLines = precompiled((db: Db, tenantId: number, guestId: number) =>
  db
    .selectFrom('cart_items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('guest_id', '=', guestId)
    .orderBy('id'),
);

/**
 * The lines with what pricing them reads first, in one round trip (decision 054): the tenant's
 * pricing version and the catalogue version of the lines' restaurant (all lines are of one
 * restaurant; `active_restaurant` is null when it is no longer active). Read before anything the
 * versions key, so a cache is never filled with rows older than its version (decisions 034, 041).
 */
const linesWithVersions = (owner: 'user_id' | 'guest_id') =>
  precompiled((db: Db, tenantId: number, ownerId: number) =>
    db
      .selectFrom('cart_items as ci')
      .leftJoin('pricing_versions as pv', 'pv.tenant_id', 'ci.tenant_id')
      .leftJoin('restaurants as r', (join) =>
        join.onRef('r.tenant_id', '=', 'ci.tenant_id').onRef('r.id', '=', 'ci.restaurant_id').on('r.status', '=', 1),
      )
      .leftJoin('catalogue_versions as cv', (join) =>
        join.onRef('cv.tenant_id', '=', 'ci.tenant_id').onRef('cv.restaurant_id', '=', 'ci.restaurant_id'),
      )
      .selectAll('ci')
      .select([
        'pv.version as pricing_version',
        'r.id as active_restaurant',
        'r.timezone',
        'cv.version as catalogue_version',
        'cv.next_change_at',
      ])
      .where('ci.tenant_id', '=', tenantId)
      .where(`ci.${owner}`, '=', ownerId)
      .orderBy('ci.id'),
  );
const userLinesWithVersions = linesWithVersions('user_id');
const guestLinesWithVersions = linesWithVersions('guest_id');
type LineWithVersions = Awaited<ReturnType<typeof userLinesWithVersions>>[number];

/**
 * On PostgreSQL the carts of the reads that wait together come in one statement (decision 068):
 * the same rows as `linesWithVersions` per owner, each read sent after its request came.
 */
const sharedLineReads = new WeakMap<
  Db,
  Record<'user_id' | 'guest_id', (key: OwnerKey) => Promise<LineWithVersions[]>>
>();
type OwnerKey = { tenantId: number; ownerId: number };
const linesOfOwners = (db: Db, owner: 'user_id' | 'guest_id') =>
  batched(
    (o: OwnerKey) => `${o.tenantId} ${o.ownerId}`,
    async (owners) => {
      const { rows } = await sql<LineWithVersions & { i: number }>`
        select k.i, ci.*, pv.version as pricing_version, r.id as active_restaurant, r.timezone,
          cv.version as catalogue_version, cv.next_change_at
        from unnest(${owners.map((o) => o.tenantId)}::int8[], ${owners.map((o) => o.ownerId)}::int8[])
          with ordinality as k(tenant_id, owner_id, i)
        join cart_items ci on ci.tenant_id = k.tenant_id and ${sql.ref(`ci.${owner}`)} = k.owner_id
        left join pricing_versions pv on pv.tenant_id = ci.tenant_id
        left join restaurants r on r.tenant_id = ci.tenant_id and r.id = ci.restaurant_id and r.status = 1
        left join catalogue_versions cv on cv.tenant_id = ci.tenant_id and cv.restaurant_id = ci.restaurant_id
        order by k.i, ci.id`.execute(db);
      const byOwner = owners.map((): LineWithVersions[] => []);
      for (const { i, ...row } of rows) byOwner[i - 1]?.push(row as LineWithVersions);
      return byOwner;
    },
  );
function linesWithVersionsBatched(db: Db, owner: CartOwner) {
  let reads = sharedLineReads.get(db);
  if (!reads) {
    reads = { user_id: linesOfOwners(db, 'user_id'), guest_id: linesOfOwners(db, 'guest_id') };
    sharedLineReads.set(db, reads);
  }
  return owner.user_id !== undefined
    ? reads.user_id({ tenantId: owner.tenantId, ownerId: owner.user_id })
    : reads.guest_id({ tenantId: owner.tenantId, ownerId: owner.guest_id });
}

/**
 * What adding to the cart checks, in one round trip (decision 054): the catalogue version of the
 * restaurant added from (no row: not an active restaurant of the tenant), how many lines the cart
 * holds and how many of them are another restaurant's, and the online ordering switches (the
 * tenant's and the restaurant's settings rows, the restaurant's pause: decision 062).
 */
const openingFor = (owner: 'user_id' | 'guest_id') =>
  precompiled((db: Db, tenantId: number, ownerId: number, restaurantId: number) =>
    db
      .selectFrom('restaurants as r')
      .leftJoin('catalogue_versions as cv', (join) =>
        join.onRef('cv.tenant_id', '=', 'r.tenant_id').onRef('cv.restaurant_id', '=', 'r.id'),
      )
      .select(['cv.version', 'cv.next_change_at', 'r.timezone'])
      .select((eb) => [
        eb
          .selectFrom('cart_items')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where(owner, '=', ownerId)
          .as('lines'),
        eb
          .selectFrom('cart_items')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where(owner, '=', ownerId)
          .where('restaurant_id', '<>', restaurantId)
          .as('others'),
        eb
          .selectFrom('app_settings')
          .select('is_online_order_enabled')
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', 'is', null)
          .as('tenant_enabled'),
        eb
          .selectFrom('app_settings')
          .select('is_online_order_enabled')
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .as('restaurant_enabled'),
        eb
          .selectFrom('ordering_controls')
          .select('paused_until')
          .where('tenant_id', '=', tenantId)
          .where('restaurant_id', '=', restaurantId)
          .as('paused_until'),
      ])
      .where('r.tenant_id', '=', tenantId)
      .where('r.id', '=', restaurantId)
      .where('r.status', '=', 1),
  );
const userOpening = openingFor('user_id');
const guestOpening = openingFor('guest_id');

/**
 * An order's delete of the lines it priced, built once per kind of owner and number of lines
 * (decision 067): its `in` list varies with the cart, so Kysely built it for every order. Answers
 * the ids it deleted (their count is what `take` answers).
 */
const takenAtOnce = 16;
const takes = new Map<
  string,
  (db: Db, ids: readonly number[], tenantId: number, ownerId: number) => Promise<unknown[]>
>();
function takeOf(byUser: boolean, count: number) {
  const key = `${byUser ? 'user' : 'guest'}:${count}`;
  let run = takes.get(key);
  if (!run) {
    const idFields = Array.from({ length: count }, (_, i) => `id${i}`);
    const statement = precompiledRecord<Record<string, number>, Compilable<unknown>>(
      ['tenant_id', 'owner_id', ...idFields],
      (db, r) =>
        db
          .deleteFrom('cart_items')
          .where('tenant_id', '=', r.tenant_id as number)
          .where(
            'id',
            'in',
            idFields.map((f) => r[f] as number),
          )
          .where(byUser ? 'user_id' : 'guest_id', '=', r.owner_id as number)
          .returning('id'),
    );
    run = (db, ids, tenantId, ownerId) =>
      statement(db, {
        tenant_id: tenantId,
        owner_id: ownerId,
        ...Object.fromEntries(ids.map((id, i) => [`id${i}`, id])),
      });
    takes.set(key, run);
  }
  return run;
}

export function cartRepository(db: Db) {
  return {
    lines: (owner: CartOwner) =>
      owner.user_id !== undefined
        ? userLines(db, owner.tenantId, owner.user_id)
        : guestLines(db, owner.tenantId, owner.guest_id),

    /** The lines and, when there are any, the versions pricing them reads first (one query). */
    async linesWithVersions(owner: CartOwner) {
      const read = owner.user_id !== undefined ? userLinesWithVersions : guestLinesWithVersions;
      const ownerId = owner.user_id !== undefined ? owner.user_id : owner.guest_id;
      // On SQLite, from memory while nothing has committed since the cart's last read (decision 072).
      const rows =
        !db.isTransaction && !runsOnSqlite(db)
          ? await linesWithVersionsBatched(db, owner)
          : (read.nowUnchanged(db, owner.tenantId, ownerId) ?? (await read(db, owner.tenantId, ownerId)));
      const first = rows[0];
      const lines = rows.map(
        ({ pricing_version, active_restaurant, timezone, catalogue_version, next_change_at, ...line }) => line,
      );
      if (!first) return { lines, versions: undefined };
      return {
        lines,
        versions: {
          pricing: first.pricing_version ?? undefined,
          catalogue:
            first.active_restaurant === null || first.timezone === null
              ? null
              : { version: first.catalogue_version, next_change_at: first.next_change_at, timezone: first.timezone },
        },
      };
    },

    /**
     * The restaurant's catalogue version row (null: no active restaurant of the tenant), the cart's
     * line count, how many lines are another restaurant's and the online ordering switches.
     */
    async opening(owner: CartOwner, restaurantId: number) {
      const [row] = await (owner.user_id !== undefined
        ? userOpening(db, owner.tenantId, owner.user_id, restaurantId)
        : guestOpening(db, owner.tenantId, owner.guest_id, restaurantId));
      if (!row) return { version: null, lines: 0, others: 0, switches: undefined };
      const { lines, others, tenant_enabled, restaurant_enabled, paused_until, ...version } = row;
      return {
        version,
        lines: Number(lines ?? 0),
        others: Number(others ?? 0),
        switches: { tenant_enabled, restaurant_enabled, paused_until },
      };
    },

    /** The line's id, or undefined when anything `seen` holds has changed (nothing written). */
    insertIfOpen: (owner: CartOwner, row: NewCartLine, seen: SeenOpen) => addIfOpen(db, owner, row, seen),

    /**
     * The lines' ids in order, each undefined when the cart had no room for it then (`maxLines`
     * lines, or another restaurant's): the adds after a full check (decision 069).
     */
    async insertIfRoom(owner: CartOwner, rows: readonly NewCartLine[], maxLines: number) {
      const ids: (number | undefined)[] = [];
      for (const row of rows) ids.push(await addIfRoom(db, owner, row, maxLines));
      return ids;
    },

    async setQuantity(owner: CartOwner, id: number, quantity: number) {
      let update = db
        .updateTable('cart_items')
        .set({ quantity, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('tenant_id', '=', owner.tenantId);
      update =
        owner.user_id !== undefined
          ? update.where('user_id', '=', owner.user_id)
          : update.where('guest_id', '=', owner.guest_id as number);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async remove(owner: CartOwner, id?: number) {
      let del = db.deleteFrom('cart_items').where('tenant_id', '=', owner.tenantId);
      if (id !== undefined) del = del.where('id', '=', id);
      del =
        owner.user_id !== undefined
          ? del.where('user_id', '=', owner.user_id)
          : del.where('guest_id', '=', owner.guest_id as number);
      const result = await del.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Removes exactly these lines of the owner's; answers how many were still there. */
    async take(owner: CartOwner, ids: readonly number[]) {
      if (ids.length === 0) return 0;
      const byUser = owner.user_id !== undefined;
      const ownerId = (byUser ? owner.user_id : owner.guest_id) as number;
      const run = ids.length <= takenAtOnce ? takeOf(byUser, ids.length) : undefined;
      if (run) return (await run(db, ids, owner.tenantId, ownerId)).length;
      let del = db.deleteFrom('cart_items').where('tenant_id', '=', owner.tenantId).where('id', 'in', ids);
      del = byUser ? del.where('user_id', '=', ownerId) : del.where('guest_id', '=', ownerId);
      const result = await del.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Hands a guest's lines to the user who signed in (the guest identity ends right after). */
    async reassignGuestLines(tenantId: number, guestId: number, userId: number) {
      await db
        .updateTable('cart_items')
        .set({ guest_id: null, user_id: userId, updated_at: new Date().toISOString() })
        .where('tenant_id', '=', tenantId)
        .where('guest_id', '=', guestId)
        .execute();
    },
  };
}
