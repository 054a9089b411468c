import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export function tenantRepository(db: Db) {
  return {
    findById(id: number) {
      return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** The tenant mapped to `host`, else the one with `fallbackId`: one query, on every page request. */
    findForHost(host: string, fallbackId: number) {
      return db
        .selectFrom('tenants')
        .selectAll()
        .where((eb) => eb.or([eb('host', '=', host), eb('id', '=', fallbackId)]))
        .orderBy(sql`case when host = ${host} then 0 else 1 end`)
        .limit(1)
        .executeTakeFirst();
    },
  };
}
