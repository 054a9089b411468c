import {
  type CatalogueDocument,
  type CatalogueRowError,
  catalogueDocumentSchema,
} from '../contract/catalogue-editor.js';

/** The JSON form of a catalogue document (decision 038): export and import. */

/**
 * Fields added to the format after files were first exported (decision 042) may be left out of an
 * import: a product is then standard-rated and sold each, and the file has no deals or combos.
 */
function withLaterFields(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const doc = raw as Record<string, unknown>;
  const products = Array.isArray(doc.products)
    ? doc.products.map((p: unknown) =>
        typeof p === 'object' && p !== null && !Array.isArray(p) ? { tax_class: 'standard', unit: null, ...p } : p,
      )
    : doc.products;
  return { deals: [], combos: [], ...doc, products };
}

/** A JSON import's problems, named by their path in the document. */
export function jsonToCatalogue(text: string): { document: CatalogueDocument | null; errors: CatalogueRowError[] } {
  let raw: unknown;
  try {
    raw = withLaterFields(JSON.parse(text));
  } catch (error) {
    return {
      document: null,
      errors: [{ row: 'document', field: '', message: `Not JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = catalogueDocumentSchema.safeParse(raw);
  if (parsed.success) return { document: parsed.data, errors: [] };
  return {
    document: null,
    errors: parsed.error.issues.map((issue) => ({
      row: issue.path.join('.') || 'document',
      field: String(issue.path.filter((p) => typeof p === 'string').at(-1) ?? ''),
      message: issue.message,
    })),
  };
}

/** The JSON export: stable key order and two-space indentation, so an export round-trips byte for byte. */
export const catalogueToJson = (doc: CatalogueDocument) => `${JSON.stringify(doc, null, 2)}\n`;
