import type { DocBundle } from '@orderfront/core';
import { refOf, saveRow, syncByName, type Trx } from './rows-repository.js';

const bundleTables = {
  deals: { table: 'deals', slots: 'deal_component_types', choiceColumn: 'deal_component_type_id', prefix: 'd' },
  combos: { table: 'combo_products', slots: 'combo_product_slots', choiceColumn: 'combo_product_slot_id', prefix: 'c' },
} as const;
type BundleKind = keyof typeof bundleTables;

/**
 * The restaurant's deals or combos (decision 042), matched by ref; slots by name (carts name their
 * ids), choices rewritten. A bundle the document leaves out is archived, never deleted.
 */
export async function writeBundles(
  trx: Trx,
  tenantId: number,
  restaurantId: number,
  kind: BundleKind,
  bundles: readonly DocBundle[],
  soldIds: ReadonlyMap<string, number>,
  at: string,
) {
  const { table, slots: slotTable, choiceColumn, prefix } = bundleTables[kind];
  const current = await trx
    .selectFrom(table as 'deals')
    .select(['id', 'ref'])
    .where('tenant_id', '=', tenantId)
    .where('restaurant_id', '=', restaurantId)
    .execute();
  const idOf = new Map(current.map((b) => [b.ref ?? `${prefix}${b.id}`, b.id]));
  for (const [index, b] of bundles.entries()) {
    const fields = {
      name: b.name,
      description: b.description,
      image_path: b.image,
      price: b.price,
      online_price: b.online_price,
      archived: b.archived ? 1 : 0,
      sort_order: index,
      updated_at: at,
    };
    const bundleId = await saveRow(trx, table, tenantId, idOf.get(b.ref), fields, {
      restaurant_id: restaurantId,
      ref: b.ref,
    });
    idOf.delete(b.ref);
    const slots = await trx
      .selectFrom(slotTable as 'deal_component_types')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('parent_id', '=', bundleId)
      .execute();
    const slotIds = await syncByName(
      trx,
      slotTable,
      tenantId,
      slots,
      b.slots,
      (s) => s.name,
      (s, order) => ({ quantity: s.quantity, sort_order: order }),
      (s) => ({ parent_id: bundleId, name: s.name }),
    );
    if (slotIds.length > 0) {
      await trx
        .deleteFrom('slot_choices')
        .where('tenant_id', '=', tenantId)
        .where(choiceColumn, 'in', slotIds)
        .execute();
    }
    const choices = b.slots.flatMap((s, j) =>
      s.choices.map((c, order) => ({
        tenant_id: tenantId,
        [choiceColumn]: slotIds[j] as number,
        restaurant_product_id: soldIds.get(c.product) as number,
        extra_price: c.extra_price,
        size: c.size ?? null,
        sort_order: order,
      })),
    );
    if (choices.length > 0) await trx.insertInto('slot_choices').values(choices).execute();
  }
  const dropped = [...idOf.values()];
  if (dropped.length > 0) {
    await trx
      .updateTable(table as 'deals')
      .set({ archived: 1, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', dropped)
      .execute();
  }
}

/** The restaurant's deals or combos as document entities, choices named by product ref. */
export async function readBundles(
  exec: Trx,
  tenantId: number,
  restaurantId: number,
  kind: BundleKind,
): Promise<DocBundle[]> {
  const { table, slots: slotTable, choiceColumn, prefix } = bundleTables[kind];
  const bundles = await exec
    .selectFrom(table as 'deals')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('restaurant_id', '=', restaurantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  if (bundles.length === 0) return [];
  const [slots, choices] = await Promise.all([
    exec
      .selectFrom(slotTable as 'deal_component_types')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(
        'parent_id',
        'in',
        bundles.map((b) => b.id),
      )
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    exec
      .selectFrom('slot_choices as sc')
      .innerJoin('restaurant_products as rp', (j) =>
        j.onRef('rp.id', '=', 'sc.restaurant_product_id').onRef('rp.tenant_id', '=', 'sc.tenant_id'),
      )
      .innerJoin('products as p', (j) =>
        j.onRef('p.id', '=', 'rp.product_id').onRef('p.tenant_id', '=', 'rp.tenant_id'),
      )
      .select([`sc.${choiceColumn} as slot_id`, 'sc.extra_price', 'sc.size', 'p.id', 'p.ref'])
      .where('sc.tenant_id', '=', tenantId)
      .where('rp.restaurant_id', '=', restaurantId)
      .orderBy('sc.sort_order')
      .orderBy('sc.id')
      .execute(),
  ]);
  return bundles.map((b) => ({
    ref: b.ref ?? `${prefix}${b.id}`,
    name: b.name,
    description: b.description,
    image: b.image_path,
    price: b.price,
    online_price: b.online_price,
    archived: b.archived === 1,
    slots: slots
      .filter((s) => s.parent_id === b.id)
      .map((s) => ({
        name: s.name,
        quantity: s.quantity,
        choices: choices
          .filter((c) => c.slot_id === s.id)
          // No size: left out, so files from before sizes (decision 048) export byte for byte as before.
          .map((c) => ({
            product: refOf(c),
            extra_price: c.extra_price,
            ...(c.size === null ? {} : { size: c.size }),
          })),
      })),
  }));
}
