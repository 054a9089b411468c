import type { Db } from '../../db/database.js';

export function pageRepository(db: Db) {
  return {
    find(tenantId: number, slug: string) {
      return db
        .selectFrom('content_pages')
        .select(['slug', 'title', 'body', 'updated_at'])
        .where('tenant_id', '=', tenantId)
        .where('slug', '=', slug)
        .executeTakeFirst();
    },
  };
}
