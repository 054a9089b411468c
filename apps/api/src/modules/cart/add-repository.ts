import { type Insertable, type RawBuilder, sql } from 'kysely';
import { batched } from '../../db/batch.js';
import { type Db, isPostgres } from '../../db/database.js';
import { precompiled, precompiledRecord } from '../../db/precompiled.js';
import type { CartItemsTable } from '../../db/schema.js';
import type { CartOwner } from './repository.js';

// The cart's conditional adds (decisions 062, 069, 070, 074): the line goes in only while what was
// checked still holds, judged by the insert itself.

const lineColumns = [
  'tenant_id',
  'user_id',
  'guest_id',
  'restaurant_id',
  'kind',
  'restaurant_product_id',
  'product_id',
  'deal_id',
  'combo_product_id',
  'quantity',
  'is_half_and_half',
  'notes',
  'selection',
] as const satisfies readonly (keyof CartItemsTable)[];

/** A cart line as it is added: every column of `lineColumns` given. */
export type NewCartLine = { [K in (typeof lineColumns)[number]]-?: Insertable<CartItemsTable>[K] };

/** An integer parameter in a select list: PostgreSQL would take it as text (an insert … select). */
const int = (value: Given<number | null>) => sql<number>`cast(${value} as integer)`;

/** A value, or the column holding it in the rows of adds made together (decision 074). */
type Given<T> = T | RawBuilder<T>;
type GivenAll<T> = { [K in keyof T]: Given<T[K]> };

/** A conditional add's values: the line's columns, its owner's id, and the cart's line limit. */
interface LineRecord {
  tenant_id: number;
  owner_id: number;
  restaurant_id: number;
  kind: string;
  restaurant_product_id: number | null;
  product_id: number | null;
  deal_id: number | null;
  combo_product_id: number | null;
  quantity: number;
  is_half_and_half: number;
  notes: string;
  selection: string;
  max_lines: number;
}
/** Each field of a conditional add, with its type in the rows of adds made together (decision 074). */
const lineTypes = {
  tenant_id: 'int',
  owner_id: 'int',
  restaurant_id: 'int',
  kind: 'text',
  restaurant_product_id: 'int',
  product_id: 'int',
  deal_id: 'int',
  combo_product_id: 'int',
  quantity: 'int',
  is_half_and_half: 'int',
  notes: 'text',
  selection: 'text',
  max_lines: 'int',
} as const satisfies Record<keyof LineRecord, 'int' | 'text'>;
const lineFields = Object.keys(lineTypes) as (keyof LineRecord)[];

/** What the caller last saw of the restaurant when it checked an add in full. */
export interface SeenOpen {
  version: number;
  timezone: string;
  maxLines: number;
}

/**
 * The line as a row to insert, while the cart has room for it (decisions 069, 070): the restaurant
 * still active, fewer than `max_lines` lines and none of another restaurant, as the cart is when the
 * statement runs, not as a check read it a moment before. On PostgreSQL the room is checked by
 * `cart_has_room`, which first takes the cart's lock: the next add of the same cart waits for this
 * statement's commit, then counts its line.
 */
function lineIfRoom(db: Db, owner: 'user_id' | 'guest_id', r: GivenAll<LineRecord>) {
  const row = db
    .selectFrom('restaurants as r')
    .select([
      'r.tenant_id',
      int(owner === 'user_id' ? r.owner_id : null).as('user_id'),
      int(owner === 'guest_id' ? r.owner_id : null).as('guest_id'),
      'r.id as restaurant_id',
      sql<string>`${r.kind}`.as('kind'),
      int(r.restaurant_product_id).as('restaurant_product_id'),
      int(r.product_id).as('product_id'),
      int(r.deal_id).as('deal_id'),
      int(r.combo_product_id).as('combo_product_id'),
      int(r.quantity).as('quantity'),
      int(r.is_half_and_half).as('is_half_and_half'),
      sql<string>`${r.notes}`.as('notes'),
      sql<string>`${r.selection}`.as('selection'),
    ])
    .where('r.tenant_id', '=', r.tenant_id)
    .where('r.id', '=', r.restaurant_id)
    .where('r.status', '=', 1);
  if (isPostgres(db)) {
    const [user, guest] = owner === 'user_id' ? [r.owner_id, sql.lit(null)] : [sql.lit(null), r.owner_id];
    return row.where(
      sql<boolean>`cart_has_room(${r.tenant_id}, ${user}, ${guest}, ${r.restaurant_id}, ${r.max_lines})`,
    );
  }
  return row
    .where(
      (w) =>
        w
          .selectFrom('cart_items')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', r.tenant_id)
          .where(owner, '=', r.owner_id),
      '<',
      r.max_lines,
    )
    .where((w) =>
      w.not(
        w.exists(
          w
            .selectFrom('cart_items')
            .select('id')
            .where('tenant_id', '=', r.tenant_id)
            .where(owner, '=', r.owner_id)
            .where('restaurant_id', '<>', r.restaurant_id),
        ),
      ),
    );
}

/** The add after a full check: the line goes in while the cart has room (no row: nothing written). */
const insertIfRoomFor = (owner: 'user_id' | 'guest_id') =>
  precompiledRecord(lineFields, (db: Db, r: LineRecord) =>
    db
      .insertInto('cart_items')
      .columns(lineColumns)
      .expression(lineIfRoom(db, owner, r))
      .returning('id'),
  );

const userInsertIfRoom = insertIfRoomFor('user_id');
const guestInsertIfRoom = insertIfRoomFor('guest_id');

/**
 * The add in one statement (decision 062): with room in the cart, the line goes in only if
 * everything the full check reads still holds as the caller last saw it: its catalogue at `version`
 * with no timed change pending and its timezone unchanged, online ordering on and the restaurant not
 * paused. No row: nothing written, and the caller checks in full (that path says why, or adds).
 */
function lineIfOpen(db: Db, owner: 'user_id' | 'guest_id', r: GivenAll<OpenRecord>) {
  return (
    lineIfRoom(db, owner, r)
      .where('r.timezone', '=', r.timezone)
      .where((w) =>
        w.exists(
          w
            .selectFrom('catalogue_versions as cv')
            .select('cv.version')
            .whereRef('cv.tenant_id', '=', 'r.tenant_id')
            .whereRef('cv.restaurant_id', '=', 'r.id')
            .where('cv.version', '=', r.version)
            .where('cv.next_change_at', 'is', null),
        ),
      )
      // takesOnlineOrders (core), in SQL: the restaurant's switch, else the tenant's, on; and
      // any pause row at all sends the add to the full check, which knows whether it ran out.
      .where(
        (w) =>
          w.fn.coalesce(
            w
              .selectFrom('app_settings')
              .select('is_online_order_enabled')
              .where('tenant_id', '=', r.tenant_id)
              .where('restaurant_id', '=', r.restaurant_id),
            w
              .selectFrom('app_settings')
              .select('is_online_order_enabled')
              .where('tenant_id', '=', r.tenant_id)
              .where('restaurant_id', 'is', null),
            sql.lit(1),
          ),
        '=',
        1,
      )
      .where((w) =>
        w.not(
          w.exists(
            w
              .selectFrom('ordering_controls')
              .select('id')
              .where('tenant_id', '=', r.tenant_id)
              .where('restaurant_id', '=', r.restaurant_id)
              .where('paused_until', 'is not', null),
          ),
        ),
      )
  );
}
type OpenRecord = LineRecord & Omit<SeenOpen, 'maxLines'>;
const openTypes = { ...lineTypes, version: 'int', timezone: 'text' } as const satisfies Record<
  keyof OpenRecord,
  string
>;
const openFields = Object.keys(openTypes) as (keyof OpenRecord)[];
const insertIfOpenFor = (owner: 'user_id' | 'guest_id') =>
  precompiledRecord(openFields, (db: Db, r: OpenRecord) =>
    db
      .insertInto('cart_items')
      .columns(lineColumns)
      .expression(lineIfOpen(db, owner, r))
      .returning('id'),
  );

/**
 * PostgreSQL: the one-statement adds of concurrent requests in one statement, one round trip and
 * one commit for them all (decision 074), each row on its own conditions. The rows come as JSON, one
 * parameter whatever their number; a cart has at most one row in a statement (`apart`), so each
 * row's room is counted after its cart's lock with the cart as committed.
 */
const gatheredRows = sql.raw(
  Object.entries(openTypes)
    .map(([column, type]) => `${column} ${type}`)
    .join(', '),
);
const insertAllIfOpenFor = (owner: 'user_id' | 'guest_id') =>
  precompiled((db: Db, records: string) =>
    db
      .insertInto('cart_items')
      .columns(lineColumns)
      .expression(
        lineIfOpen(
          db,
          owner,
          Object.fromEntries(openFields.map((f) => [f, sql.ref(`v.${f}`)])) as GivenAll<OpenRecord>,
        ).innerJoin(sql`(select * from json_to_recordset(${records}::json) as x(${gatheredRows}))`.as('v'), (join) =>
          join.onTrue(),
        ),
      )
      .returning(['id', 'tenant_id', owner]),
  );
const userInsertIfOpen = insertIfOpenFor('user_id');
const guestInsertIfOpen = insertIfOpenFor('guest_id');
const userInsertAllIfOpen = insertAllIfOpenFor('user_id');
const guestInsertAllIfOpen = insertAllIfOpenFor('guest_id');

type Added = { id: number | undefined } | { error: unknown };
const addsTogether = new WeakMap<Db, Record<'user_id' | 'guest_id', (record: OpenRecord) => Promise<Added>>>();
const addsOf = (db: Db, owner: 'user_id' | 'guest_id') => {
  const [all, one] =
    owner === 'user_id' ? [userInsertAllIfOpen, userInsertIfOpen] : [guestInsertAllIfOpen, guestInsertIfOpen];
  return batched(
    (r: OpenRecord) => `${r.tenant_id} ${r.owner_id}`,
    async (records): Promise<Added[]> => {
      try {
        // In the owners' order, so two processes' statements take the carts' locks in one order.
        const sorted = [...records].sort((a, b) => a.owner_id - b.owner_id);
        const rows = (await all(db, JSON.stringify(sorted))) as { id: number; tenant_id: number }[];
        const ids = new Map(rows.map((row) => [`${row.tenant_id} ${(row as Record<string, unknown>)[owner]}`, row.id]));
        return records.map((r) => ({ id: ids.get(`${r.tenant_id} ${r.owner_id}`) }));
      } catch (error) {
        if (records.length === 1) return [{ error }];
        // A row the statement refused (a constraint) fails its own add only: each runs again alone.
        return Promise.all(
          records.map((r) =>
            one(db, r).then(
              ([row]) => ({ id: row?.id }),
              (e: unknown) => ({ error: e }),
            ),
          ),
        );
      }
    },
    200,
    true,
  );
};
function addTogether(db: Db, owner: CartOwner, record: OpenRecord) {
  let adds = addsTogether.get(db);
  if (!adds) {
    adds = { user_id: addsOf(db, 'user_id'), guest_id: addsOf(db, 'guest_id') };
    addsTogether.set(db, adds);
  }
  return owner.user_id !== undefined ? adds.user_id(record) : adds.guest_id(record);
}
/** The conditional insert's values for `row` of `owner`'s. */
const recordOf = (owner: CartOwner, row: NewCartLine, maxLines: number): LineRecord => ({
  tenant_id: owner.tenantId,
  owner_id: (owner.user_id ?? owner.guest_id) as number,
  restaurant_id: row.restaurant_id,
  kind: row.kind,
  restaurant_product_id: row.restaurant_product_id ?? null,
  product_id: row.product_id ?? null,
  deal_id: row.deal_id ?? null,
  combo_product_id: row.combo_product_id ?? null,
  quantity: row.quantity,
  is_half_and_half: row.is_half_and_half ?? 0,
  notes: row.notes ?? '',
  selection: row.selection,
  max_lines: maxLines,
});

/** The line's id, or undefined when anything `seen` holds has changed (nothing written). */
export async function addIfOpen(db: Db, owner: CartOwner, row: NewCartLine, seen: SeenOpen) {
  const record = { ...recordOf(owner, row, seen.maxLines), version: seen.version, timezone: seen.timezone };
  if (isPostgres(db) && !db.isTransaction) {
    // On PostgreSQL in one statement with the adds of other carts waiting with it (decision 074).
    const added = await addTogether(db, owner, record);
    if ('error' in added) throw added.error;
    return added.id;
  }
  // On SQLite committed with the other adds of the same turn (decision 066).
  const [inserted] = await (owner.user_id !== undefined
    ? userInsertIfOpen.together(db, record)
    : guestInsertIfOpen.together(db, record));
  return inserted?.id;
}

/** The line's id, or undefined when the cart had no room for it (nothing written). */
export async function addIfRoom(db: Db, owner: CartOwner, row: NewCartLine, maxLines: number) {
  const insert = owner.user_id !== undefined ? userInsertIfRoom : guestInsertIfRoom;
  return (await insert(db, recordOf(owner, row, maxLines)))[0]?.id;
}
