import type { Db } from '../../db/database.js';
import { ping } from '../../db/dialect.js';

export function healthService(db: Db) {
  return {
    /** Throws when the database does not answer. */
    databaseReachable: () => ping(db),
  };
}
