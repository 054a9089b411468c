import type { CatalogueDocument, Daypart, DocModifierGroup, DocProduct, MenuLabel } from '@orderfront/core';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { readBundles, writeBundles } from './bundle-repository.js';
import { refOf, removeRows, saveRow, syncByName, type Trx } from './rows-repository.js';

type AttributeValueRow = Selectable<Database['attribute_values']>;
type ModifierGroupRow = Selectable<Database['modifier_groups']>;

const keyOf = (g: { id: number; template_key: string | null }) => g.template_key ?? `g${g.id}`;
const list = (value: string) => (value === '' ? [] : value.split(','));

/** The catalogue of one restaurant as a document, and the write of a whole document (decision 038). */
export function catalogueEditorRepository(db: Db) {
  return {
    read: readDocument,

    /**
     * Moves the restaurant's publish revision from `base` to `base + 1` (and its cache version on):
     * false when another publish got there first. The conditional update is the lock: on
     * PostgreSQL a concurrent publish waits on the row and then finds the revision moved.
     */
    async claimRevision(trx: Trx, tenantId: number, restaurantId: number, base: number) {
      const updated = await trx
        .updateTable('catalogue_versions')
        .set((eb) => ({ version: eb('version', '+', 1), revision: eb('revision', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .where('revision', '=', base)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },

    /** The row the revision lives on exists before anyone reads or claims it. */
    async ensureVersionRow(tenantId: number, restaurantId: number) {
      await db
        .insertInto('catalogue_versions')
        .values({ tenant_id: tenantId, restaurant_id: restaurantId })
        .onConflict((oc) => oc.columns(['tenant_id', 'restaurant_id']).doNothing())
        .execute();
      const row = await db
        .selectFrom('catalogue_versions')
        .select('revision')
        .where('tenant_id', '=', tenantId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirstOrThrow();
      return row.revision;
    },

    restaurantIds(trx: Trx, tenantId: number) {
      return trx
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .execute()
        .then((rows) => rows.map((r) => r.id));
    },

    write: writeDocument,

    async recordPublish(
      trx: Trx,
      row: {
        tenantId: number;
        restaurantId: number;
        revision: number;
        userId: number | null;
        source: 'editor' | 'import';
        changes: string[];
      },
    ) {
      await trx
        .insertInto('catalogue_publishes')
        .values({
          tenant_id: row.tenantId,
          restaurant_id: row.restaurantId,
          revision: row.revision,
          user_id: row.userId,
          source: row.source,
          changes: JSON.stringify(row.changes),
        })
        .execute();
    },

    history(tenantId: number, restaurantId: number) {
      return db
        .selectFrom('catalogue_publishes as cp')
        .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'cp.user_id').onRef('u.tenant_id', '=', 'cp.tenant_id'))
        .select(['cp.id', 'cp.revision', 'cp.source', 'cp.changes', 'cp.created_at', 'u.name as user_name'])
        .where('cp.tenant_id', '=', tenantId)
        .where('cp.restaurant_id', '=', restaurantId)
        .orderBy('cp.id', 'desc')
        .limit(100)
        .execute();
    },
  };
}

/** A product's attributes and values, matched by name (kept values keep their ids for open carts). */
async function writeAttributes(trx: Trx, tenantId: number, productId: number, p: DocProduct) {
  const current = await trx
    .selectFrom('attributes')
    .select(['id', 'display_name as name'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .execute();
  const attributeIds = await syncByName(
    trx,
    'attributes',
    tenantId,
    current,
    p.attributes,
    (a) => a.name,
    (_, index) => ({ sort_order: index }),
    (a) => ({ product_id: productId, display_name: a.name }),
  );
  for (const [index, a] of p.attributes.entries()) {
    const attributeId = attributeIds[index] as number;
    const values = await trx
      .selectFrom('attribute_values')
      .select(['id', 'display_value as name'])
      .where('tenant_id', '=', tenantId)
      .where('attribute_id', '=', attributeId)
      .execute();
    await syncByName(
      trx,
      'attribute_values',
      tenantId,
      values,
      a.values,
      (v) => v.name,
      (v, order) => ({ price_adjustment: v.price_delta, is_default: v.default ? 1 : 0, sort_order: order }),
      (v) => ({ attribute_id: attributeId, display_value: v.name }),
    );
  }
}

/** A product's copies of its shared modifier groups and the restaurant's options in them, matched by key and name. */
async function writeGroups(
  trx: Trx,
  tenantId: number,
  restaurantId: number,
  productId: number,
  p: DocProduct,
  groupsByKey: Map<string, DocModifierGroup>,
) {
  const current = await trx
    .selectFrom('modifier_groups')
    .select(['id', 'template_key'])
    .where('tenant_id', '=', tenantId)
    .where('product_id', '=', productId)
    .execute();
  const groupIds = await syncByName(
    trx,
    'modifier_groups',
    tenantId,
    current.map((g) => ({ id: g.id, name: keyOf(g) })),
    p.modifier_groups,
    (key) => key,
    (key, index) => {
      const g = groupsByKey.get(key) as DocModifierGroup;
      return {
        name: g.name,
        min_select: g.min,
        max_select: g.max,
        free_quantity: g.free_quantity,
        sort_order: index,
        template_key: key,
      };
    },
    () => ({ product_id: productId }),
  );
  for (const [index, key] of p.modifier_groups.entries()) {
    const g = groupsByKey.get(key) as DocModifierGroup;
    const groupId = groupIds[index] as number;
    const options = await trx
      .selectFrom('restaurant_product_modifiers')
      .select(['id', 'name'])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('modifier_group_id', '=', groupId)
      .execute();
    await syncByName(
      trx,
      'restaurant_product_modifiers',
      tenantId,
      options,
      g.options,
      (o) => o.name,
      (o, order) => ({
        price: o.price,
        online_price: o.online_price,
        is_default: o.default ? 1 : 0,
        sort_order: order,
      }),
      (o) => ({ restaurant_id: restaurantId, modifier_group_id: groupId, name: o.name }),
    );
  }
}

/** The tenant's rows of a product-level table in the editor's order. */
const ordered = (exec: Trx, table: 'attributes' | 'attribute_values' | 'modifier_groups', tenantId: number) =>
  exec
    .selectFrom(table as 'attributes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();

/** The restaurant's published catalogue as the editor and the exports see it (every query tenant-scoped). */
async function readDocument(exec: Trx, tenantId: number, restaurantId: number): Promise<CatalogueDocument> {
  const [categories, products, attributes, values, groups, options, deals, combos] = await Promise.all([
    exec
      .selectFrom('categories')
      .select(['id', 'slug', 'name', 'description', 'archived', 'dayparts'])
      .where('tenant_id', '=', tenantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    exec
      .selectFrom('restaurant_products as rp')
      .innerJoin('products as p', (j) =>
        j.onRef('p.id', '=', 'rp.product_id').onRef('p.tenant_id', '=', 'rp.tenant_id'),
      )
      .select([
        'p.id',
        'p.ref',
        'p.category_id',
        'p.name',
        'p.description',
        'p.image_path',
        'p.labels',
        'p.is_half_and_half',
        'p.is_new',
        'p.archived',
        'p.tax_class',
        'rp.price',
        'rp.unit',
        'rp.online_price',
        'rp.channels',
      ])
      .where('rp.tenant_id', '=', tenantId)
      .where('rp.restaurant_id', '=', restaurantId)
      .orderBy('p.sort_order')
      .orderBy('p.id')
      .execute(),
    ordered(exec, 'attributes', tenantId),
    ordered(exec, 'attribute_values', tenantId) as unknown as Promise<AttributeValueRow[]>,
    ordered(exec, 'modifier_groups', tenantId) as unknown as Promise<ModifierGroupRow[]>,
    exec
      .selectFrom('restaurant_product_modifiers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    readBundles(exec, tenantId, restaurantId, 'deals'),
    readBundles(exec, tenantId, restaurantId, 'combos'),
  ]);
  const slugOf = new Map(categories.map((c) => [c.id, c.slug]));
  const docGroups = new Map<string, DocModifierGroup>();
  const docProducts: DocProduct[] = products.map((p) => {
    const own = groups.filter((g) => g.product_id === p.id);
    for (const g of own) {
      const key = keyOf(g);
      if (docGroups.has(key)) continue;
      docGroups.set(key, {
        key,
        name: g.name,
        min: g.min_select,
        max: g.max_select,
        free_quantity: g.free_quantity,
        options: options
          .filter((o) => o.modifier_group_id === g.id)
          .map((o) => ({
            name: o.name,
            price: o.price,
            online_price: o.online_price,
            default: o.is_default === 1,
          })),
      });
    }
    return {
      ref: refOf(p),
      category: slugOf.get(p.category_id) ?? '',
      name: p.name,
      description: p.description,
      image: p.image_path,
      price: p.price,
      online_price: p.online_price,
      channels: list(p.channels) as DocProduct['channels'],
      labels: list(p.labels) as MenuLabel[],
      tax_class: p.tax_class === 'gst_free' ? 'gst_free' : 'standard',
      unit: p.unit,
      half_and_half: p.is_half_and_half === 1,
      new: p.is_new === 1,
      archived: p.archived === 1,
      attributes: attributes
        .filter((a) => a.product_id === p.id)
        .map((a) => ({
          name: a.display_name,
          values: values
            .filter((v) => v.attribute_id === a.id)
            .map((v) => ({ name: v.display_value, price_delta: v.price_adjustment, default: v.is_default === 1 })),
        })),
      modifier_groups: own.map(keyOf),
    };
  });
  return {
    format: 'orderfront-catalogue/1',
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      archived: c.archived === 1,
      dayparts: JSON.parse(c.dayparts) as Daypart[],
    })),
    modifier_groups: [...docGroups.values()],
    products: docProducts,
    deals,
    combos,
  };
}

/** Writes the whole document over the restaurant's catalogue, keeping the ids of what stays. */
async function writeDocument(trx: Trx, tenantId: number, restaurantId: number, doc: CatalogueDocument) {
  const at = new Date().toISOString();
  const existingCategories = await trx
    .selectFrom('categories')
    .select(['id', 'slug'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const categoryIds = new Map(existingCategories.map((c) => [c.slug, c.id]));
  for (const [index, c] of doc.categories.entries()) {
    const fields = {
      name: c.name,
      description: c.description,
      archived: c.archived ? 1 : 0,
      dayparts: JSON.stringify(c.dayparts),
      sort_order: index,
      updated_at: at,
    };
    categoryIds.set(
      c.slug,
      await saveRow(trx, 'categories', tenantId, categoryIds.get(c.slug), fields, { slug: c.slug }),
    );
  }

  const existingProducts = await trx
    .selectFrom('products')
    .select(['id', 'ref'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const productIds = new Map(existingProducts.map((p) => [refOf(p), p.id]));
  const kept = new Set<number>();
  const groupsByKey = new Map(doc.modifier_groups.map((g) => [g.key, g]));
  for (const [index, p] of doc.products.entries()) {
    const fields = {
      category_id: categoryIds.get(p.category) as number,
      name: p.name,
      description: p.description,
      image_path: p.image,
      labels: p.labels.join(','),
      tax_class: p.tax_class,
      is_half_and_half: p.half_and_half ? 1 : 0,
      is_new: p.new ? 1 : 0,
      archived: p.archived ? 1 : 0,
      sort_order: index,
      updated_at: at,
    };
    const productId = await saveRow(trx, 'products', tenantId, productIds.get(p.ref), fields, { ref: p.ref });
    productIds.set(p.ref, productId);
    kept.add(productId);
    const sold = {
      price: p.price,
      online_price: p.online_price,
      channels: p.channels.join(','),
      unit: p.unit,
      updated_at: at,
    };
    const updated = await trx
      .updateTable('restaurant_products')
      .set(sold)
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', '=', restaurantId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto('restaurant_products')
        .values({
          tenant_id: tenantId,
          restaurant_id: restaurantId,
          product_id: productId,
          stock_count: null,
          ...sold,
        })
        .execute();
    }
    await writeAttributes(trx, tenantId, productId, p);
    await writeGroups(trx, tenantId, restaurantId, productId, p, groupsByKey);
  }

  // What the restaurant sold and the document leaves out is archived, never deleted: orders,
  // deals and wishlists keep pointing at it.
  const sold = await trx
    .selectFrom('restaurant_products')
    .select('product_id')
    .where('tenant_id', '=', tenantId)
    .where('restaurant_id', '=', restaurantId)
    .execute();
  const dropped = sold.map((r) => r.product_id).filter((id) => !kept.has(id));
  if (dropped.length > 0) {
    await trx
      .updateTable('products')
      .set({ archived: 1, updated_at: at })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', dropped)
      .execute();
  }
  const slugs = new Set(doc.categories.map((c) => c.slug));
  for (const c of existingCategories) {
    if (slugs.has(c.slug)) continue;
    const used = await trx
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('category_id', '=', c.id)
      .executeTakeFirst();
    if (used) {
      await trx
        .updateTable('categories')
        .set({ archived: 1 })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', c.id)
        .execute();
    } else {
      await removeRows(trx, 'categories', tenantId, [c.id]);
    }
  }

  const soldRows = await trx
    .selectFrom('restaurant_products as rp')
    .innerJoin('products as p', (j) => j.onRef('p.id', '=', 'rp.product_id').onRef('p.tenant_id', '=', 'rp.tenant_id'))
    .select(['rp.id as sold_id', 'p.id', 'p.ref'])
    .where('rp.tenant_id', '=', tenantId)
    .where('rp.restaurant_id', '=', restaurantId)
    .execute();
  const soldIds = new Map(soldRows.map((r) => [refOf(r), r.sold_id]));
  await writeBundles(trx, tenantId, restaurantId, 'deals', doc.deals, soldIds, at);
  await writeBundles(trx, tenantId, restaurantId, 'combos', doc.combos, soldIds, at);
}
