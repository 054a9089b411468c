import {
  type CatalogueDocument,
  catalogueDocumentSchema,
  centsToDecimal,
  type DocBundle,
  type DocCategory,
  type DocModifierGroup,
  type DocProduct,
  docBundleSchema,
  docCategorySchema,
  docModifierGroupSchema,
  docProductSchema,
  menuLabels,
  salesChannels,
  taxClasses,
} from '@orderfront/core';
import { z } from 'zod';

/**
 * The editor's forms (decision 038): what a manager types (amounts as 12.50, hours per weekday),
 * turned into the contract's document entities and checked by the same schemas as the server.
 */

const amount = (allowNegative = false) =>
  z
    .string()
    .trim()
    .regex(allowNegative ? /^-?\d{1,7}(\.\d{1,2})?$/ : /^\d{1,7}(\.\d{1,2})?$/, 'An amount like 12.50')
    .transform((v) => {
      const negative = v.startsWith('-');
      const [whole, fraction = ''] = v.replace('-', '').split('.');
      const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      return negative ? -cents : cents;
    });

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'item';

/** A key not yet used: the name's slug, then -2, -3 … */
export function freshKey(name: string, taken: readonly string[]) {
  const base = slugify(name);
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}-${n}`;
  return key;
}

export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const dayRow = z.object({ on: z.boolean(), from: z.string(), to: z.string() });

export const categoryFormSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    archived: z.boolean(),
    days: z.array(dayRow).length(7),
  })
  .transform(
    (v): DocCategory => ({
      slug: v.slug,
      name: v.name,
      description: v.description,
      archived: v.archived,
      dayparts: v.days.flatMap((d, weekday) => (d.on ? [{ weekday, from: d.from, to: d.to }] : [])),
    }),
  )
  .pipe(docCategorySchema);
export type CategoryForm = z.input<typeof categoryFormSchema>;

export function categoryFormOf(c: DocCategory | null, slug: string): CategoryForm {
  return {
    name: c?.name ?? '',
    slug: c?.slug ?? slug,
    description: c?.description ?? '',
    archived: c?.archived ?? false,
    days: weekdayNames.map((_, weekday) => {
      const d = c?.dayparts.find((p) => p.weekday === weekday);
      return { on: Boolean(d), from: d?.from ?? '06:00', to: d?.to ?? '11:00' };
    }),
  };
}

export const productFormSchema = z
  .object({
    ref: z.string(),
    category: z.string().min(1, 'Choose a category'),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    price: amount(),
    online_price: amount(),
    channels: z.array(z.enum(salesChannels)),
    labels: z.array(z.enum(menuLabels)),
    tax_class: z.enum(taxClasses),
    unit: z.string().transform((v) => (v.trim() === '' ? null : v.trim())),
    half_and_half: z.boolean(),
    new: z.boolean(),
    archived: z.boolean(),
    attributes: z.array(
      z.object({
        name: z.string(),
        values: z.array(z.object({ name: z.string(), price_delta: amount(true), default: z.boolean() })),
      }),
    ),
    modifier_groups: z.array(z.string()),
  })
  .pipe(docProductSchema);
export type ProductForm = z.input<typeof productFormSchema>;

export function productFormOf(p: DocProduct | null, ref: string, category: string): ProductForm {
  return {
    ref: p?.ref ?? ref,
    category: p?.category ?? category,
    name: p?.name ?? '',
    description: p?.description ?? '',
    image: p?.image ?? null,
    price: centsToDecimal(p?.price ?? 0),
    online_price: centsToDecimal(p?.online_price ?? 0),
    channels: p?.channels ?? [...salesChannels],
    labels: p?.labels ?? [],
    tax_class: p?.tax_class ?? 'standard',
    unit: p?.unit ?? '',
    half_and_half: p?.half_and_half ?? false,
    new: p?.new ?? true,
    archived: p?.archived ?? false,
    attributes: (p?.attributes ?? []).map((a) => ({
      name: a.name,
      values: a.values.map((v) => ({ name: v.name, price_delta: centsToDecimal(v.price_delta), default: v.default })),
    })),
    modifier_groups: p?.modifier_groups ?? [],
  };
}

export const groupFormSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    min: z.coerce.number<string>().int('A whole number'),
    max: z.coerce.number<string>().int('A whole number'),
    free_quantity: z.coerce.number<string>().int('A whole number'),
    options: z.array(z.object({ name: z.string(), price: amount(), online_price: amount(), default: z.boolean() })),
  })
  .pipe(docModifierGroupSchema)
  .refine((g) => g.min <= g.max, { message: 'The minimum must not be more than the maximum', path: ['min'] });
export type GroupForm = z.input<typeof groupFormSchema>;

export function groupFormOf(g: DocModifierGroup | null, key: string): GroupForm {
  return {
    key: g?.key ?? key,
    name: g?.name ?? '',
    min: String(g?.min ?? 0),
    max: String(g?.max ?? 1),
    free_quantity: String(g?.free_quantity ?? 0),
    options: (g?.options ?? [{ name: '', price: 0, online_price: 0, default: false }]).map((o) => ({
      name: o.name,
      price: centsToDecimal(o.price),
      online_price: centsToDecimal(o.online_price),
      default: o.default,
    })),
  };
}

/** Moves item `from` to `to` (drag and drop, and the up/down buttons). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A deal or combo as the manager types it (decision 042); the contract's schema checks the result. */
export const bundleFormSchema = z
  .object({
    ref: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    price: amount(),
    online_price: amount(),
    archived: z.boolean(),
    slots: z.array(
      z.object({
        name: z.string(),
        quantity: z.coerce.number<string>().int('A whole number'),
        choices: z.array(
          z
            .object({ product: z.string().min(1, 'Choose a product'), extra_price: amount(), size: z.string() })
            // '' is the product's default size (decision 048): left out, as in older documents.
            .transform(({ size, ...c }) => (size ? { ...c, size } : c)),
        ),
      }),
    ),
  })
  .pipe(docBundleSchema);
export type BundleForm = z.input<typeof bundleFormSchema>;

export function bundleFormOf(b: DocBundle | null, ref: string): BundleForm {
  return {
    ref: b?.ref ?? ref,
    name: b?.name ?? '',
    description: b?.description ?? '',
    image: b?.image ?? null,
    price: centsToDecimal(b?.price ?? 0),
    online_price: centsToDecimal(b?.online_price ?? 0),
    archived: b?.archived ?? false,
    slots: (b?.slots ?? [{ name: '', quantity: 1, choices: [{ product: '', extra_price: 0 }] }]).map((s) => ({
      name: s.name,
      quantity: String(s.quantity),
      choices: s.choices.map((c) => ({
        product: c.product,
        extra_price: centsToDecimal(c.extra_price),
        size: c.size ?? '',
      })),
    })),
  };
}

/**
 * The problems a bundle has only in the whole document (unknown or archived products), put on the
 * form's fields: the same rules the server applies on publish.
 */
export function bundleProblems(doc: CatalogueDocument, kind: 'deals' | 'combos', bundle: DocBundle, index: number) {
  const others = doc[kind].filter((_, i) => i !== index);
  const parsed = catalogueDocumentSchema.safeParse({ ...doc, [kind]: [...others, bundle] });
  if (parsed.success) return [];
  const at = others.length;
  return parsed.error.issues
    .filter((i) => i.path[0] === kind && i.path[1] === at)
    .map((i) => ({ path: i.path.slice(2).join('.'), message: i.message }));
}
