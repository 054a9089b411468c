import type { ContentPageSlug } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { pageRepository } from './repository.js';

/** The tenant's content pages (terms, privacy, refunds). */
export function pageService(db: Db) {
  const repo = pageRepository(db);
  return {
    async page(tenantId: number, slug: ContentPageSlug) {
      const page = await repo.find(tenantId, slug);
      if (!page) throw new AppError('not_found', 'Page not found');
      return { ...page, slug: page.slug as ContentPageSlug };
    },
  };
}
