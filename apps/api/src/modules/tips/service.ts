import type { TipSettings } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { tipsRepository } from './repository.js';

/** Other modules read a tenant's tip settings (decision 040) through this, never the table. */
export function tipsService(db: Db) {
  const repo = tipsRepository(db);
  return {
    settings: (tenantId: number) => repo.settings(tenantId),
    save: (tenantId: number, settings: TipSettings, now: Date) => repo.save(tenantId, settings, now.toISOString()),
  };
}
