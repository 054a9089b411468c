import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Row writes the catalogue document shares between its entities (decision 038). */
export type Trx = Kysely<Database>;

export const refOf = (p: { id: number; ref: string | null }) => p.ref ?? `p${p.id}`;

/** Tables whose rows the document writes by id (each has `id` and `tenant_id`). */
export type Keyed =
  | 'attributes'
  | 'attribute_values'
  | 'modifier_groups'
  | 'restaurant_product_modifiers'
  | 'categories'
  | 'products'
  | 'deals'
  | 'combo_products'
  | 'deal_component_types'
  | 'combo_product_slots';
export type Fields = Record<string, string | number | null>;

/** Deletes the tenant's rows of `table` with these ids (nothing when there are none). */
export async function removeRows(trx: Trx, table: Keyed, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  // One query shape for every table: Kysely cannot type a union of table names.
  await trx
    .deleteFrom(table as 'attributes')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Updates row `id` with `fields`, or inserts `fields` and `created` when there is no row yet: its id. */
export async function saveRow(
  trx: Trx,
  table: Keyed,
  tenantId: number,
  id: number | undefined,
  fields: Fields,
  created: Fields,
) {
  if (id !== undefined) {
    await trx
      .updateTable(table as 'attributes')
      .set(fields as never)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    return id;
  }
  const row = await trx
    .insertInto(table as 'attributes')
    .values({ tenant_id: tenantId, ...created, ...fields } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes the rows `current` (matched by name) become `wanted`: drops what is not wanted, updates what
 * stays (keeping its id for open carts) and inserts the rest. The ids in `wanted` order.
 */
export async function syncByName<T>(
  trx: Trx,
  table: Keyed,
  tenantId: number,
  current: readonly { id: number; name: string | null }[],
  wanted: readonly T[],
  nameOf: (item: T) => string,
  fieldsOf: (item: T, index: number) => Fields,
  createdOf: (item: T) => Fields,
) {
  const names = new Set(wanted.map(nameOf));
  await removeRows(
    trx,
    table,
    tenantId,
    current.filter((c) => !names.has(c.name ?? '')).map((c) => c.id),
  );
  const ids: number[] = [];
  for (const [index, item] of wanted.entries()) {
    const id = current.find((c) => c.name === nameOf(item))?.id;
    ids.push(await saveRow(trx, table, tenantId, id, fieldsOf(item, index), createdOf(item)));
  }
  return ids;
}
