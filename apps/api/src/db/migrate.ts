import { type MigrationResultSet, Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

export function migrator(db: Db) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest());
}

function applied({ error, results }: MigrationResultSet): string[] {
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((r) => r.migrationName);
}
