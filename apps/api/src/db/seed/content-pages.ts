import { contentPageSlugs } from '@orderfront/core';
import { defaultContentPage } from '../../modules/pages/defaults.js';
import type { Db } from '../database.js';

/** The demo business's terms, privacy and refund policy pages. */
export async function seedContentPages(db: Db, tenantId: number, business: string, email: string) {
  await db
    .insertInto('content_pages')
    .values(
      contentPageSlugs.map((slug) => ({ tenant_id: tenantId, slug, ...defaultContentPage(slug, business, email) })),
    )
    .execute();
}
