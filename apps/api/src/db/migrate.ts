import { type MigrationResultSet, Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/**
 * The schema the connection resolves unqualified names to. Kysely's migrator otherwise looks for its
 * tables in every schema, so a second schema on the same server (another tenant's install, a test
 * run) would make it skip creating its own.
 */
async function migrationSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

export async function migrator(db: Db) {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationSchema(db),
  });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await (await migrator(db)).migrateToLatest());
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

/** Every migration this release knows, oldest first, with when it was applied (undefined: pending). */
export async function migrationStatus(db: Db): Promise<{ name: string; appliedAt?: string }[]> {
  const all = await (await migrator(db)).getMigrations();
  return all.map((m) => ({ name: m.name, appliedAt: m.executedAt?.toISOString() }));
}
