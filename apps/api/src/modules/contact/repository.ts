import type { Db } from '../../db/database.js';

export function contactRepository(db: Db) {
  return {
    addSubscriber(tenantId: number, email: string) {
      return db.insertInto('newsletter_subscribers').values({ tenant_id: tenantId, email }).execute();
    },
  };
}
