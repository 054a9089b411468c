import {
  type CatalogueDocument,
  type CatalogueImportBody,
  type CatalogueImportResult,
  type CataloguePublishRow,
  catalogueToCsv,
  catalogueToJson,
  csvToCatalogue,
  diffCatalogue,
  jsonToCatalogue,
} from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { catalogueService } from '../catalogue/service.js';
import { catalogueEditorRepository } from './repository.js';

const staleMessage =
  'The menu was published by someone else since you started editing. Reload it, redo your changes and publish again.';

/**
 * The CSV format has no deals or combos (decision 042): an import keeps the published ones, checked
 * against the imported products (a slot whose products are gone is an error, not a silent change).
 */
function keepBundles(parsed: ReturnType<typeof csvToCatalogue>, live: CatalogueDocument) {
  if (!parsed.document) return parsed;
  return jsonToCatalogue(JSON.stringify({ ...parsed.document, deals: live.deals, combos: live.combos }));
}

/**
 * The catalogue editor (decision 038): the published catalogue as a document, a publish that writes
 * a whole document in one transaction with one revision and version move, the exports and imports.
 */
export function catalogueEditorService(db: Db) {
  const repo = catalogueEditorRepository(db);
  const catalogue = catalogueService(db);

  async function current(tenantId: number, restaurantId: number) {
    const revision = await repo.ensureVersionRow(tenantId, restaurantId);
    const document = await repo.read(db, tenantId, restaurantId);
    return { restaurant_id: restaurantId, revision, document };
  }

  /**
   * Writes `document` as the restaurant's catalogue if nobody published since `base`: 409 otherwise,
   * with nothing written. Every restaurant of the tenant moves its cache on (products are shared).
   */
  async function publish(
    tenantId: number,
    restaurantId: number,
    base: number,
    document: CatalogueDocument,
    who: { userId: number | null; source: 'editor' | 'import' },
  ) {
    await repo.ensureVersionRow(tenantId, restaurantId);
    return db.transaction().execute(async (trx) => {
      if (!(await repo.claimRevision(trx, tenantId, restaurantId, base))) {
        throw new AppError('conflict', staleMessage);
      }
      const before = await repo.read(trx, tenantId, restaurantId);
      const changes = diffCatalogue(before, document);
      await repo.write(trx, tenantId, restaurantId, document);
      for (const id of await repo.restaurantIds(trx, tenantId)) {
        if (id !== restaurantId) await catalogue.moveVersion(trx, tenantId, id);
      }
      const revision = base + 1;
      await repo.recordPublish(trx, { tenantId, restaurantId, revision, changes, ...who });
      return { revision, changes };
    });
  }

  return {
    current,
    publish,

    async export(tenantId: number, restaurantId: number, format: 'json' | 'csv') {
      const { document } = await current(tenantId, restaurantId);
      return format === 'json' ? catalogueToJson(document) : catalogueToCsv(document);
    },

    /** A dry run lists every change and every error; an apply with any error writes nothing. */
    async import(tenantId: number, userId: number, body: CatalogueImportBody): Promise<CatalogueImportResult> {
      const { revision, document: live } = await current(tenantId, body.restaurant_id);
      const parsed =
        body.format === 'json' ? jsonToCatalogue(body.content) : keepBundles(csvToCatalogue(body.content), live);
      const changes = parsed.document ? diffCatalogue(live, parsed.document) : [];
      if (body.dry_run || !parsed.document) {
        return { applied: false, revision, changes, errors: parsed.errors };
      }
      const published = await publish(tenantId, body.restaurant_id, revision, parsed.document, {
        userId,
        source: 'import',
      });
      return { applied: true, revision: published.revision, changes: published.changes, errors: [] };
    },

    async history(tenantId: number, restaurantId: number): Promise<CataloguePublishRow[]> {
      const rows = await repo.history(tenantId, restaurantId);
      return rows.map((r) => ({
        id: r.id,
        revision: r.revision,
        source: r.source,
        user_name: r.user_name,
        changes: JSON.parse(r.changes) as string[],
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
  };
}
