import type { Db } from '../../db/database.js';

/** The tables that keep an uploaded image's path (decisions 017, 037, 042). */
const imageTables = ['restaurants', 'categories', 'products', 'deals', 'combo_products'] as const;

/** The image paths the operator's `images resize` command moves to their resized files (decision 048). */
export function imageRepository(db: Db) {
  return {
    /** Every row of every business whose image is one of `paths`: the command serves the whole install. */
    async rowsUsing(paths: readonly string[]) {
      if (paths.length === 0) return [];
      const rows: { table: (typeof imageTables)[number]; tenant_id: number; image_path: string }[] = [];
      for (const table of imageTables) {
        const found = await db
          .selectFrom(table as 'products')
          .select(['tenant_id', 'image_path'])
          .where('image_path', 'in', paths)
          .distinct()
          .execute();
        for (const r of found) if (r.image_path) rows.push({ table, tenant_id: r.tenant_id, image_path: r.image_path });
      }
      return rows;
    },
    /** Points one business's rows from an image path to another; answers how many moved. */
    async movePath(table: (typeof imageTables)[number], tenantId: number, from: string, to: string) {
      const result = await db
        .updateTable(table as 'products')
        .set({ image_path: to })
        .where('tenant_id', '=', tenantId)
        .where('image_path', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Moves the business's catalogue versions on, so every process's cached menus read the new paths. */
    async bumpCatalogues(tenantId: number) {
      await db
        .updateTable('catalogue_versions')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .execute();
    },
  };
}
