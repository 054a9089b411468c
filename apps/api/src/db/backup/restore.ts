import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../../config.js';
import { applicationName, sqliteDriver } from '../dialect.js';
import { migrations as knownMigrations } from '../migrations/index.js';
import { runTool, toolConnection } from './backup.js';
import { inUseKey } from './in-use.js';
import { BackupError, filesUnder, type Manifest, readBackup } from './manifest.js';

/** The SQLite driver for the running Node (decision 030). */
const SQLite = sqliteDriver();

export interface RestoreTarget {
  database: DatabaseTarget;
  uploadsDir: string;
}

/**
 * Restores a backup into a stopped installation: checks the whole backup first (manifest, checksums,
 * dialect, schema not newer than this release, nothing running on the target), then puts the
 * database and the uploads in place, keeping what was there beside them. Returns what it did, one
 * line each. Refusing changes nothing.
 */
export async function restoreBackup(target: RestoreTarget, given: string, now = new Date()): Promise<string[]> {
  const { dir, manifest } = await readBackup(given);
  refuseUnrestorable(manifest, target.database);
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const done = [
    `Backup ${path.basename(dir)}: ${manifest.dialect}, schema ${manifest.schema_version}, made ${manifest.created_at} by version ${manifest.app_version}.`,
  ];
  const copy = path.join(dir, manifest.database.file);
  if (target.database.dialect === 'sqlite') done.push(...(await restoreSqlite(copy, target.database.file, stamp)));
  else done.push(...(await restorePostgres(copy, manifest, target.database, stamp)));
  done.push(restoreUploads(path.join(dir, manifest.uploads), target.uploadsDir, stamp));
  const pending = Object.keys(knownMigrations).filter((name) => !manifest.migrations.includes(name));
  done.push(
    pending.length
      ? `The server applies ${pending.length} newer migration(s) when it starts: ${pending.join(', ')}.`
      : 'The schema is this release’s: no migrations to apply.',
  );
  return done;
}

function refuseUnrestorable(manifest: Manifest, database: DatabaseTarget) {
  if (manifest.dialect !== database.dialect) {
    throw new BackupError(
      `This is a ${manifest.dialect} backup and DATABASE_URL points at ${database.dialect}: it restores only into ${manifest.dialect}.`,
    );
  }
  const unknown = manifest.migrations.filter((name) => !(name in knownMigrations));
  if (unknown.length) {
    const latest = Object.keys(knownMigrations).at(-1);
    throw new BackupError(
      `This backup is from a newer release (schema ${manifest.schema_version}; this release knows up to ${latest}, and not ${unknown.join(', ')}). Restore it with that release or a later one.`,
    );
  }
}

async function restoreSqlite(copy: string, file: string, stamp: string): Promise<string[]> {
  const done: string[] = [];
  if (fs.existsSync(file)) {
    refuseOpenSqlite(file);
    const kept = `${file}.before-restore-${stamp}`;
    fs.renameSync(file, kept);
    done.push(`Kept the database that was there as ${kept}.`);
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const leftover of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(leftover, { force: true });
  const partial = `${file}.restoring`;
  fs.copyFileSync(copy, partial);
  fs.renameSync(partial, file);
  done.push(`Restored the database to ${file}.`);
  return done;
}

/** An exclusive lock cannot be had while any connection (a running server) has the file open. */
function refuseOpenSqlite(file: string) {
  const probe = new SQLite(file, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE');
    probe.exec('COMMIT');
  } catch {
    throw new BackupError(`${file} is in use: stop the server before restoring into it.`);
  } finally {
    probe.close();
  }
}

async function restorePostgres(
  copy: string,
  manifest: Manifest,
  target: Extract<DatabaseTarget, { dialect: 'postgres' }>,
  stamp: string,
): Promise<string[]> {
  const from = manifest.database.schema ?? 'public';
  await runTool('pg_restore', ['--list', copy], `pg_restore --list ${copy}`); // a readable archive, before anything changes
  const client = new pg.Client({ connectionString: target.url, application_name: 'storefront-restore' });
  await client.connect();
  try {
    const schema = target.schema ?? (await currentSchema(client));
    await refuseOpenPostgres(client, schema);
    const exists = async (name: string) =>
      (await client.query('select 1 from pg_namespace where nspname = $1', [name])).rowCount === 1;
    if (from !== schema && (await exists(from))) {
      throw new BackupError(
        `The backup holds schema "${from}" and that database already has a schema of that name beside "${schema}": restore into another database, or move "${from}" away first.`,
      );
    }
    const done: string[] = [];
    const kept = `${schema}_before_restore_${stamp.toLowerCase()}`;
    const hadSchema = await exists(schema);
    if (hadSchema) await client.query(`alter schema ${ident(schema)} rename to ${ident(kept)}`);
    try {
      const { url, env } = toolConnection(target.url);
      const args = ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${url}`];
      await runTool('pg_restore', [...args, copy], `pg_restore ${args.join(' ')} ${copy}`, env);
      if (from !== schema) await client.query(`alter schema ${ident(from)} rename to ${ident(schema)}`);
    } catch (error) {
      if (hadSchema) await client.query(`alter schema ${ident(kept)} rename to ${ident(schema)}`);
      throw error;
    }
    await analyze(client, schema);
    if (hadSchema && (await isEmpty(client, kept))) await client.query(`drop schema ${ident(kept)}`);
    else if (hadSchema)
      done.push(`Kept the schema that was there as "${kept}" (drop it with: DROP SCHEMA "${kept}" CASCADE).`);
    done.push(`Restored the database into schema "${schema}".`);
    return done;
  } finally {
    await client.end();
  }
}

/**
 * pg_restore brings the rows but not the planner's statistics: they are gathered before a server
 * starts on them, or its first statements are planned as if the tables were empty (decision 079).
 */
async function analyze(client: pg.Client, schema: string) {
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = $1",
    [schema],
  );
  if (rows.length > 0) await client.query(`analyze ${rows.map((r) => r.name).join(', ')}`);
}

async function isEmpty(client: pg.Client, schema: string): Promise<boolean> {
  const { rows } = await client.query(
    'select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 limit 1',
    [schema],
  );
  return rows.length === 0;
}

async function currentSchema(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string | null }>('select current_schema() as schema');
  return rows[0]?.schema ?? 'public';
}

async function refuseOpenPostgres(client: pg.Client, schema: string) {
  // Held by this session until the restore ends: a server starting meanwhile waits for it.
  const { rows: lock } = await client.query<{ locked: boolean }>(
    'select pg_try_advisory_lock(hashtext($1)) as locked',
    [inUseKey(schema)],
  );
  if (!lock[0]?.locked)
    throw new BackupError(`A storefront server is using schema "${schema}": stop it before restoring.`);
  const { rows } = await client.query<{ open: string }>(
    'select count(*) as open from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
    [applicationName(schema)],
  );
  if (Number(rows[0]?.open ?? 0) > 0) {
    throw new BackupError(
      `A storefront server is connected to schema "${schema}" (${rows[0]?.open} connection(s)): stop it before restoring.`,
    );
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function restoreUploads(from: string, to: string, stamp: string): string {
  let kept = '';
  if (fs.existsSync(to) && fs.readdirSync(to).length > 0) {
    kept = `${to}.before-restore-${stamp}`;
    fs.renameSync(to, kept);
  } else fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true });
  return `Restored ${filesUnder(to).length} uploaded file(s) to ${to}${kept ? ` (kept the previous ones as ${kept})` : ''}.`;
}
