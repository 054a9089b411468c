import {
  type CatalogueDocument,
  type CatalogueRowError,
  catalogueDocumentSchema,
  type Daypart,
  type DocProduct,
  menuLabels,
  salesChannels,
  taxClasses,
} from '../contract/catalogue-editor.js';
import { centsToDecimal } from '../pricing/money.js';

/**
 * Pure rules of the catalogue editor (decision 038): the change list a dry run and the
 * audit show, and the CSV form of a catalogue document (one row per category, product, size value,
 * modifier group and option).
 */

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

function fieldChanges<T extends object>(label: string, before: T, after: T, skip: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const field of Object.keys(after) as (keyof T & string)[]) {
    if (skip.includes(field)) continue;
    const a = JSON.stringify(before[field]);
    const b = JSON.stringify(after[field]);
    if (a !== b) out.push(`${label}: ${field.replace(/_/g, ' ')} ${show(before[field])} → ${show(after[field])}`);
  }
  return out;
}

/** Every change from `before` to `after`, one line each, in document order (the dry run and the audit). */
export function diffCatalogue(before: CatalogueDocument, after: CatalogueDocument): string[] {
  const changes: string[] = [];
  const section = <T extends object>(
    kind: string,
    was: readonly T[],
    now: readonly T[],
    keyOf: (item: T) => string,
    nameOf: (item: T) => string,
  ) => {
    const old = new Map(was.map((item) => [keyOf(item), item]));
    const fresh = new Set(now.map(keyOf));
    now.forEach((item) => {
      const prior = old.get(keyOf(item));
      if (!prior) changes.push(`${kind} "${nameOf(item)}" added`);
      else changes.push(...fieldChanges(`${kind} "${nameOf(item)}"`, prior, item));
    });
    for (const item of was) if (!fresh.has(keyOf(item))) changes.push(`${kind} "${nameOf(item)}" removed`);
    const order = (items: readonly T[]) =>
      items
        .map(keyOf)
        .filter((k) => old.has(k) && fresh.has(k))
        .join('\n');
    if (order(was) !== order(now)) changes.push(`${kind} order changed`);
  };
  section(
    'Category',
    before.categories,
    after.categories,
    (c) => c.slug,
    (c) => c.name,
  );
  section(
    'Modifier group',
    before.modifier_groups,
    after.modifier_groups,
    (g) => g.key,
    (g) => g.name,
  );
  section(
    'Product',
    before.products,
    after.products,
    (p) => p.ref,
    (p) => p.name,
  );
  section(
    'Deal',
    before.deals,
    after.deals,
    (d) => d.ref,
    (d) => d.name,
  );
  section(
    'Combo',
    before.combos,
    after.combos,
    (c) => c.ref,
    (c) => c.name,
  );
  return changes;
}

// ---- CSV -------------------------------------------------------------------------------------

export const catalogueCsvColumns = [
  'type',
  'key',
  'parent',
  'name',
  'description',
  'price',
  'online_price',
  'channels',
  'labels',
  'flags',
  'min',
  'max',
  'free_quantity',
  'dayparts',
  'image',
  'groups',
  'tax_class',
  'unit',
] as const;
type Column = (typeof catalogueCsvColumns)[number];
type Row = Partial<Record<Column, string>>;

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

function decimalToCents(value: string): number | null {
  const m = /^(-?)(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

const flagsOf = (flags: Record<string, boolean>) =>
  Object.entries(flags)
    .filter(([, on]) => on)
    .map(([flag]) => flag)
    .join('|');

const daypartsToCell = (dayparts: readonly Daypart[]) =>
  dayparts.map((d) => `${d.weekday} ${d.from}-${d.to}`).join('|');

/** The document as CSV: one row per category, product, attribute value, modifier group and option. */
export function catalogueToCsv(doc: CatalogueDocument): string {
  const rows: Row[] = [];
  for (const c of doc.categories) {
    rows.push({
      type: 'category',
      key: c.slug,
      name: c.name,
      description: c.description,
      flags: flagsOf({ archived: c.archived }),
      dayparts: daypartsToCell(c.dayparts),
    });
  }
  for (const g of doc.modifier_groups) {
    rows.push({
      type: 'modifier_group',
      key: g.key,
      name: g.name,
      min: String(g.min),
      max: String(g.max),
      free_quantity: String(g.free_quantity),
    });
    for (const o of g.options) {
      rows.push({
        type: 'option',
        parent: g.key,
        name: o.name,
        price: centsToDecimal(o.price),
        online_price: centsToDecimal(o.online_price),
        flags: flagsOf({ default: o.default }),
      });
    }
  }
  for (const p of doc.products) {
    rows.push({
      type: 'product',
      key: p.ref,
      parent: p.category,
      name: p.name,
      description: p.description,
      price: centsToDecimal(p.price),
      online_price: centsToDecimal(p.online_price),
      channels: p.channels.join('|'),
      labels: p.labels.join('|'),
      flags: flagsOf({ half_and_half: p.half_and_half, new: p.new, archived: p.archived }),
      image: p.image ?? '',
      groups: p.modifier_groups.join('|'),
      tax_class: p.tax_class,
      unit: p.unit ?? '',
    });
    for (const a of p.attributes) {
      for (const v of a.values) {
        rows.push({
          type: 'attribute_value',
          key: a.name,
          parent: p.ref,
          name: v.name,
          price: centsToDecimal(v.price_delta),
          flags: flagsOf({ default: v.default }),
        });
      }
    }
  }
  const lines = [catalogueCsvColumns.join(',')];
  for (const row of rows) lines.push(catalogueCsvColumns.map((c) => cell(row[c] ?? '')).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 records, each with the 1-based line it starts on. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  const endRecord = () => {
    cells.push(field);
    if (any || cells.length > 1 || field !== '') records.push({ line: start, cells });
    cells = [];
    field = '';
    any = false;
  };
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const ch = source[i] as string;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      any = true;
    } else if (ch === ',') {
      cells.push(field);
      field = '';
      any = true;
    } else if (ch === '\r') {
      // Part of \r\n; a lone \r ends the record too.
      if (source[i + 1] !== '\n') {
        endRecord();
        line++;
        start = line;
      }
    } else if (ch === '\n') {
      endRecord();
      line++;
      start = line;
    } else {
      field += ch;
      any = true;
    }
  }
  if (field !== '' || cells.length > 0) endRecord();
  return records;
}

const yes = (flags: string, flag: string) =>
  flags
    .split('|')
    .map((f) => f.trim())
    .includes(flag);

/**
 * Reads a CSV export back into a document; every problem is named by its line (the header is
 * line 1). The document is only returned when there is no error at all.
 */
export function csvToCatalogue(text: string): { document: CatalogueDocument | null; errors: CatalogueRowError[] } {
  const errors: CatalogueRowError[] = [];
  const records = parseCsv(text);
  const header = records.shift();
  const wrong = header ? catalogueCsvColumns.find((c, i) => header.cells[i]?.trim() !== c) : 'type';
  if (!header || wrong) {
    return {
      document: null,
      errors: [{ row: 1, field: wrong ?? 'type', message: `The header must be: ${catalogueCsvColumns.join(',')}` }],
    };
  }
  const doc: CatalogueDocument = {
    format: 'orderfront-catalogue/1',
    categories: [],
    modifier_groups: [],
    products: [],
    // Deals and combos travel in the JSON format only: a CSV import keeps the published ones.
    deals: [],
    combos: [],
  };
  // Which line each entity came from, to name the line of a whole-document problem.
  const lines = { categories: [] as number[], modifier_groups: [] as number[], products: [] as number[] };
  const optionLines = new Map<string, number[]>();
  const valueLines = new Map<string, number[][]>();

  for (const { line, cells } of records) {
    const row = Object.fromEntries(catalogueCsvColumns.map((c, i) => [c, (cells[i] ?? '').trim()])) as Record<
      Column,
      string
    >;
    const fail = (field: string, message: string) => errors.push({ row: line, field, message });
    const money = (field: 'price' | 'online_price', allowNegative = false) => {
      const cents = decimalToCents(row[field]);
      if (cents === null) fail(field, 'Not an amount like 12.50');
      else if (cents < 0 && !allowNegative) fail(field, 'A price cannot be negative');
      return cents ?? 0;
    };
    const count = (field: 'min' | 'max' | 'free_quantity') => {
      if (!/^\d{1,4}$/.test(row[field])) {
        fail(field, 'Not a whole number');
        return 0;
      }
      return Number(row[field]);
    };
    const list = (field: 'channels' | 'labels' | 'groups') =>
      row[field] === ''
        ? []
        : row[field]
            .split('|')
            .map((v) => v.trim())
            .filter(Boolean);
    switch (row.type) {
      case 'category': {
        const dayparts = row.dayparts === '' ? [] : row.dayparts.split('|').map((part) => part.trim());
        const parsed = dayparts.map((part) => /^([0-6]) (\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(part));
        if (parsed.some((m) => !m)) fail('dayparts', 'Each daypart is "weekday HH:MM-HH:MM" (0 = Sunday)');
        doc.categories.push({
          slug: row.key,
          name: row.name,
          description: row.description,
          archived: yes(row.flags, 'archived'),
          dayparts: parsed.flatMap((m) =>
            m ? [{ weekday: Number(m[1]), from: m[2] as string, to: m[3] as string }] : [],
          ),
        });
        lines.categories.push(line);
        break;
      }
      case 'modifier_group':
        doc.modifier_groups.push({
          key: row.key,
          name: row.name,
          min: count('min'),
          max: count('max'),
          free_quantity: count('free_quantity'),
          options: [],
        });
        lines.modifier_groups.push(line);
        optionLines.set(row.key, []);
        break;
      case 'option': {
        const group = doc.modifier_groups.find((g) => g.key === row.parent);
        if (!group) {
          fail('parent', 'No modifier group with this key above this row');
          break;
        }
        group.options.push({
          name: row.name,
          price: money('price'),
          online_price: money('online_price'),
          default: yes(row.flags, 'default'),
        });
        optionLines.get(group.key)?.push(line);
        break;
      }
      case 'product': {
        const channels = list('channels');
        const labels = list('labels');
        const badChannel = channels.find((c) => !(salesChannels as readonly string[]).includes(c));
        if (badChannel) fail('channels', `Unknown channel ${badChannel}`);
        const badLabel = labels.find((l) => !(menuLabels as readonly string[]).includes(l));
        if (badLabel) fail('labels', `Unknown label ${badLabel}`);
        const taxClass = row.tax_class === '' ? 'standard' : row.tax_class;
        if (!(taxClasses as readonly string[]).includes(taxClass)) fail('tax_class', `Unknown tax class ${taxClass}`);
        doc.products.push({
          ref: row.key,
          category: row.parent,
          name: row.name,
          description: row.description,
          image: row.image === '' ? null : row.image,
          price: money('price'),
          online_price: money('online_price'),
          channels: channels as DocProduct['channels'],
          labels: labels as DocProduct['labels'],
          tax_class: taxClass as DocProduct['tax_class'],
          unit: row.unit === '' ? null : row.unit,
          half_and_half: yes(row.flags, 'half_and_half'),
          new: yes(row.flags, 'new'),
          archived: yes(row.flags, 'archived'),
          attributes: [],
          modifier_groups: list('groups'),
        });
        lines.products.push(line);
        valueLines.set(row.key, []);
        break;
      }
      case 'attribute_value': {
        const product = doc.products.find((p) => p.ref === row.parent);
        if (!product) {
          fail('parent', 'No product with this key above this row');
          break;
        }
        let index = product.attributes.findIndex((a) => a.name === row.key);
        if (index < 0) {
          product.attributes.push({ name: row.key, values: [] });
          index = product.attributes.length - 1;
          valueLines.get(product.ref)?.push([]);
        }
        (product.attributes[index] as DocProduct['attributes'][number]).values.push({
          name: row.name,
          price_delta: money('price', true),
          default: yes(row.flags, 'default'),
        });
        valueLines.get(product.ref)?.[index]?.push(line);
        break;
      }
      default:
        fail('type', 'The type must be category, modifier_group, option, product or attribute_value');
    }
  }

  const parsed = catalogueDocumentSchema.safeParse(doc);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [section, index, ...rest] = issue.path as (string | number)[];
      let row: number | string = issue.path.join('.');
      const entityLines = lines[section as keyof typeof lines];
      if (entityLines && typeof index === 'number') {
        row = entityLines[index] ?? row;
        const entity = doc[section as keyof typeof lines][index] as { key?: string; ref?: string } | undefined;
        if (section === 'modifier_groups' && rest[0] === 'options' && typeof rest[1] === 'number' && entity?.key) {
          row = optionLines.get(entity.key)?.[rest[1]] ?? row;
        }
        if (section === 'products' && rest[0] === 'attributes' && typeof rest[1] === 'number' && entity?.ref) {
          const values = valueLines.get(entity.ref)?.[rest[1]];
          row = (rest[2] === 'values' && typeof rest[3] === 'number' ? values?.[rest[3]] : values?.[0]) ?? row;
        }
      }
      const field = String(rest.filter((p) => typeof p === 'string').at(-1) ?? section ?? '');
      // One message per row and field: a row's own check (above) already said what is wrong.
      if (!errors.some((e) => e.row === row && e.field === field)) {
        errors.push({ row, field, message: issue.message });
      }
    }
  }
  errors.sort((a, b) => (typeof a.row === 'number' ? a.row : 1e9) - (typeof b.row === 'number' ? b.row : 1e9));
  return { document: errors.length === 0 && parsed.success ? parsed.data : null, errors };
}
