import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { migrator } from '../../src/db/migrate.js';

/** An installation of an earlier release as data (test/fixtures/make-upgrade-fixture.ts makes one). */
export interface UpgradeFixture {
  schema_version: string;
  migrations: string[];
  /** Tables in an order that satisfies their foreign keys, each with its rows. */
  tables: { name: string; rows: Record<string, unknown>[] }[];
}

export const fixturesDir = path.resolve(import.meta.dirname, '../fixtures');

export function upgradeFixtures(): { file: string; fixture: UpgradeFixture }[] {
  return fs
    .readdirSync(fixturesDir)
    .filter((name) => /^upgrade-.+\.json$/.test(name))
    .sort()
    .map((file) => ({ file, fixture: JSON.parse(fs.readFileSync(path.join(fixturesDir, file), 'utf8')) }));
}

/** Builds the fixture's release on an empty database: its migrations only, then its rows. */
export async function installFixture(db: Db, fixture: UpgradeFixture) {
  const { error } = await (await migrator(db)).migrateTo(fixture.schema_version);
  if (error) throw error;
  const any = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const { name, rows } of fixture.tables) {
    for (let i = 0; i < rows.length; i += 50)
      await any
        .insertInto(name)
        .values(rows.slice(i, i + 50))
        .execute();
  }
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // Rows came with their ids: the sequences continue after them, as in the installation they came from.
  for (const { name, rows } of fixture.tables) {
    if (typeof rows[0]?.id !== 'number') continue; // no rows, or an id that is not a serial
    await sql`select setval(pg_get_serial_sequence(${name}, 'id')::regclass, (select max(id) from ${sql.table(name)}))`.execute(
      db,
    );
  }
}
