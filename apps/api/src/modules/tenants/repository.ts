import type { Db } from '../../db/database.js';

export function tenantRepository(db: Db) {
  return {
    findById(id: number) {
      return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByHost(host: string) {
      return db.selectFrom('tenants').selectAll().where('host', '=', host).executeTakeFirst();
    },
  };
}
