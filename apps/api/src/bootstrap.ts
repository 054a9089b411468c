import type { Config } from './config.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/demo.js';
import { tenantService } from './modules/tenants/service.js';

export interface Prepared {
  db: Db;
  migrated: string[];
  seeded: boolean;
}

/** Opens the database, applies pending migrations and seeds the demo business on first run. */
export async function prepareDatabase(config: Config): Promise<Prepared> {
  const db = openDatabase(config.database);
  try {
    const migrated = await migrateToLatest(db);
    const seeded = config.seedDemo ? await seedDemo(db) : false;
    if (!(await tenantService(db).byId(config.tenantId))) {
      throw new Error(
        `Tenant ${config.tenantId} does not exist. Set TENANT_ID to an existing tenant or seed the demo.`,
      );
    }
    return { db, migrated, seeded };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
