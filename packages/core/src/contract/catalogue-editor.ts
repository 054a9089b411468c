import { z } from 'zod';
import { envelope } from './envelope.js';
import { menuLabels } from './menu-labels.js';

/**
 * The catalogue of one restaurant as the back office edits, publishes, exports and imports it
 * (decision 038). Entities are matched by keys (`ref`, `slug`, group `key`), never by database ids,
 * so a document moves between businesses. Money is integer cents; order is array order.
 */

export { type MenuLabel, menuLabelNames, menuLabels } from './menu-labels.js';
export const menuLabelSchema = z.enum(menuLabels);

/** How a product is taxed: at the business's rate, or not at all (GST-free food, decision 042). */
export const taxClasses = ['standard', 'gst_free'] as const;
export const taxClassSchema = z.enum(taxClasses);
export type TaxClass = z.infer<typeof taxClassSchema>;
export const taxClassNames: Record<TaxClass, string> = { standard: 'Standard (taxed)', gst_free: 'GST-free' };

export const salesChannels = ['online', 'in_store', 'dine_in'] as const;
const channelSchema = z.enum(salesChannels);

const price = z
  .number({ error: 'Enter a price' })
  .int('Prices are whole cents')
  .min(0, 'A price cannot be negative')
  .max(10_000_000, 'That price is too high');
const delta = z.number({ error: 'Enter an amount' }).int('Whole cents').min(-10_000_000).max(10_000_000);
const name = z.string().trim().min(1, 'Enter a name').max(120, 'At most 120 characters');
const key = z
  .string()
  .trim()
  .min(1, 'Enter a key')
  .max(60, 'At most 60 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lowercase letters, digits and dashes');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time as HH:MM');

/** A window a category is served in on one weekday (0 = Sunday); `to` is exclusive. */
export const daypartSchema = z
  .object({ weekday: z.number().int().min(0).max(6), from: hhmm, to: hhmm })
  .refine((d) => d.from < d.to, { message: 'Must end after it starts', path: ['to'] });
export type Daypart = z.infer<typeof daypartSchema>;

export const docCategorySchema = z.object({
  slug: key,
  name,
  description: z.string().max(1000, 'At most 1000 characters'),
  archived: z.boolean(),
  dayparts: z.array(daypartSchema).max(28),
});

export const docAttributeSchema = z.object({
  name,
  values: z.array(z.object({ name, price_delta: delta, default: z.boolean() })).min(1, 'Add at least one value'),
});

export const docProductSchema = z.object({
  ref: key,
  category: key,
  name,
  description: z.string().max(2000, 'At most 2000 characters'),
  image: z.string().max(500).nullable(),
  /** In-store and dine-in price. */
  price,
  online_price: price,
  channels: z.array(channelSchema).min(1, 'Sell it on at least one channel'),
  labels: z.array(menuLabelSchema),
  tax_class: taxClassSchema,
  /** What the price is for, shown beside it on the menu ('kg', '100 g'); null: each. */
  unit: z.string().trim().max(20, 'At most 20 characters').nullable(),
  half_and_half: z.boolean(),
  new: z.boolean(),
  archived: z.boolean(),
  attributes: z.array(docAttributeSchema),
  modifier_groups: z.array(key),
});

export const docModifierGroupSchema = z.object({
  key,
  name,
  min: z.number().int().min(0, 'At least 0'),
  max: z.number().int().min(1, 'At least 1'),
  free_quantity: z.number().int().min(0, 'At least 0'),
  options: z
    .array(z.object({ name, price, online_price: price, default: z.boolean() }))
    .min(1, 'Add at least one option'),
});

/**
 * One product that fills a slot, at one of its sizes (decision 048): `size` names a value of one of
 * the product's attributes ('Large'); absent, the customer gets the product's default size.
 */
export const docBundleChoiceSchema = z.object({ product: key, extra_price: price, size: name.optional() });

/** A slot of a deal or combo, filled `quantity` times from its choices (decision 042). */
export const docBundleSlotSchema = z.object({
  name,
  quantity: z.number({ error: 'Enter a number' }).int('A whole number').min(1, 'At least 1').max(20, 'At most 20'),
  choices: z.array(docBundleChoiceSchema).min(1, 'Add at least one product that fills this slot'),
});

/** A deal or combo: one price for its slots, plus each chosen product's extra price. */
export const docBundleSchema = z.object({
  ref: key,
  name,
  description: z.string().max(2000, 'At most 2000 characters'),
  image: z.string().max(500).nullable(),
  price,
  online_price: price,
  archived: z.boolean(),
  slots: z.array(docBundleSlotSchema).min(1, 'Add at least one slot'),
});

export type DocCategory = z.infer<typeof docCategorySchema>;
export type DocBundle = z.infer<typeof docBundleSchema>;
export type DocBundleSlot = z.infer<typeof docBundleSlotSchema>;
export type DocBundleChoice = z.infer<typeof docBundleChoiceSchema>;
export type DocProduct = z.infer<typeof docProductSchema>;
export type DocModifierGroup = z.infer<typeof docModifierGroupSchema>;

const dupes = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);

/** The attributes of a product that have a value named `size` (decision 048): a choice's size names exactly one. */
export const attributesWithSize = (product: Pick<DocProduct, 'attributes'>, size: string) =>
  product.attributes.filter((a) => a.values.some((v) => v.name === size));

function sizeProblem(product: DocProduct, size: string): string | null {
  const found = attributesWithSize(product, size).length;
  if (found === 1) return null;
  if (found > 1) return `${product.name} has ${size} in more than one attribute`;
  const sizes = product.attributes.flatMap((a) => a.values.map((v) => v.name));
  return sizes.length ? `${product.name} comes in ${sizes.join(', ')}, not ${size}` : `${product.name} has no sizes`;
}

/** Everything a publish needs to be consistent; every problem names its path. */
export const catalogueDocumentSchema = z
  .object({
    format: z.literal('orderfront-catalogue/1'),
    categories: z.array(docCategorySchema),
    modifier_groups: z.array(docModifierGroupSchema),
    products: z.array(docProductSchema),
    deals: z.array(docBundleSchema),
    combos: z.array(docBundleSchema),
  })
  .superRefine((doc, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    doc.categories.forEach((c, i) => {
      if (doc.categories.findIndex((o) => o.slug === c.slug) !== i) issue(['categories', i, 'slug'], 'Already used');
      if (doc.categories.findIndex((o) => o.name.toLowerCase() === c.name.toLowerCase()) !== i) {
        issue(['categories', i, 'name'], 'Another category has this name');
      }
    });
    doc.modifier_groups.forEach((g, i) => {
      if (doc.modifier_groups.findIndex((o) => o.key === g.key) !== i)
        issue(['modifier_groups', i, 'key'], 'Already used');
      if (g.min > g.max) issue(['modifier_groups', i, 'min'], 'Must not be more than the maximum');
      if (g.min > g.options.length) issue(['modifier_groups', i, 'min'], 'More than there are options');
      if (g.free_quantity > g.max) issue(['modifier_groups', i, 'free_quantity'], 'More than the maximum');
      for (const d of new Set(dupes(g.options.map((o) => o.name.toLowerCase())))) {
        issue(['modifier_groups', i, 'options'], `Two options are called ${d}`);
      }
      if (g.options.filter((o) => o.default).length > g.max) {
        issue(['modifier_groups', i, 'options'], 'More defaults than the maximum');
      }
    });
    const slugs = new Set(doc.categories.map((c) => c.slug));
    const groups = new Set(doc.modifier_groups.map((g) => g.key));
    doc.products.forEach((p, i) => {
      if (doc.products.findIndex((o) => o.ref === p.ref) !== i) issue(['products', i, 'ref'], 'Already used');
      if (!slugs.has(p.category)) issue(['products', i, 'category'], 'No such category');
      const sameName = doc.products.findIndex(
        (o) => o.category === p.category && o.name.toLowerCase() === p.name.toLowerCase() && !o.archived,
      );
      if (!p.archived && sameName !== i)
        issue(['products', i, 'name'], 'Another product of the category has this name');
      p.modifier_groups.forEach((g, j) => {
        if (!groups.has(g)) issue(['products', i, 'modifier_groups', j], 'No such modifier group');
      });
      if (dupes(p.modifier_groups).length > 0) issue(['products', i, 'modifier_groups'], 'A group is listed twice');
      if (dupes(p.attributes.map((a) => a.name.toLowerCase())).length > 0) {
        issue(['products', i, 'attributes'], 'Two attributes have the same name');
      }
      p.attributes.forEach((a, j) => {
        if (dupes(a.values.map((v) => v.name.toLowerCase())).length > 0) {
          issue(['products', i, 'attributes', j, 'values'], 'Two values have the same name');
        }
        if (a.values.filter((v) => v.default).length > 1) {
          issue(['products', i, 'attributes', j, 'values'], 'Only one value can be the default');
        }
      });
    });
    const products = new Map(doc.products.map((p) => [p.ref, p]));
    for (const kind of ['deals', 'combos'] as const) {
      doc[kind].forEach((b, i) => {
        if (doc[kind].findIndex((o) => o.ref === b.ref) !== i) issue([kind, i, 'ref'], 'Already used');
        if (dupes(b.slots.map((s) => s.name.toLowerCase())).length > 0)
          issue([kind, i, 'slots'], 'Two slots have the same name');
        b.slots.forEach((s, j) => {
          s.choices.forEach((c, k) => {
            const product = products.get(c.product);
            if (!product) issue([kind, i, 'slots', j, 'choices', k, 'product'], 'No such product');
            else if (c.size !== undefined) {
              const problem = sizeProblem(product, c.size);
              if (problem) issue([kind, i, 'slots', j, 'choices', k, 'size'], problem);
            }
          });
          if (dupes(s.choices.map((c) => `${c.product}\n${c.size ?? ''}`)).length > 0) {
            issue([kind, i, 'slots', j, 'choices'], 'A product is listed twice at the same size');
          }
          // A live bundle must be orderable: every slot needs a product customers can buy.
          const fills = (c: DocBundleChoice) => {
            const product = products.get(c.product);
            return product?.archived === false && (c.size === undefined || !sizeProblem(product, c.size));
          };
          if (!b.archived && !s.choices.some(fills)) {
            issue([kind, i, 'slots', j, 'choices'], 'No available product fills this slot');
          }
        });
      });
    }
  });
export type CatalogueDocument = z.infer<typeof catalogueDocumentSchema>;

export const emptyCatalogueDocument = (): CatalogueDocument => ({
  format: 'orderfront-catalogue/1',
  categories: [],
  modifier_groups: [],
  products: [],
  deals: [],
  combos: [],
});

export const catalogueEditorSchema = z.object({
  restaurant_id: z.number().int().positive(),
  /** The publish revision the document was read at; a publish based on another answers 409. */
  revision: z.number().int().positive(),
  document: catalogueDocumentSchema,
});
export type CatalogueEditorState = z.infer<typeof catalogueEditorSchema>;
export const catalogueEditorResponseSchema = envelope(catalogueEditorSchema);

export const cataloguePublishBodySchema = z.strictObject({
  restaurant_id: z.number().int().positive(),
  base_revision: z.number().int().positive(),
  document: catalogueDocumentSchema,
});
export type CataloguePublishBody = z.infer<typeof cataloguePublishBodySchema>;

export const catalogueRowErrorSchema = z.object({
  /** 1-based line of the CSV (the header is line 1), or the JSON path. */
  row: z.union([z.number().int(), z.string()]),
  field: z.string(),
  message: z.string(),
});
export type CatalogueRowError = z.infer<typeof catalogueRowErrorSchema>;

export const catalogueImportBodySchema = z.strictObject({
  restaurant_id: z.number().int().positive(),
  format: z.enum(['json', 'csv']),
  content: z.string().max(5_000_000),
  dry_run: z.boolean(),
});
export type CatalogueImportBody = z.infer<typeof catalogueImportBodySchema>;

export const catalogueImportResultSchema = z.object({
  applied: z.boolean(),
  revision: z.number().int(),
  changes: z.array(z.string()),
  errors: z.array(catalogueRowErrorSchema),
});
export type CatalogueImportResult = z.infer<typeof catalogueImportResultSchema>;
export const catalogueImportResponseSchema = envelope(catalogueImportResultSchema);

export const cataloguePublishResultSchema = z.object({ revision: z.number().int(), changes: z.array(z.string()) });
export const cataloguePublishResponseSchema = envelope(cataloguePublishResultSchema);

export const catalogueExportQuerySchema = z.strictObject({
  restaurant_id: z.coerce.number().int().positive(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const cataloguePublishRowSchema = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  source: z.enum(['editor', 'import']),
  user_name: z.string().nullable(),
  changes: z.array(z.string()),
  created_at: z.string(),
});
export const catalogueHistoryResponseSchema = envelope(z.array(cataloguePublishRowSchema));
export type CataloguePublishRow = z.infer<typeof cataloguePublishRowSchema>;

export const catalogueImageResponseSchema = envelope(z.object({ image: z.string() }));
