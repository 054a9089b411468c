import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PostgresAdapter, sql } from 'kysely';
import type { DatabaseTarget } from '../../config.js';
import { version } from '../../version.js';
import type { Db } from '../database.js';
import { sqliteDriver } from '../dialect.js';
import { migrator } from '../migrate.js';
import { BackupError, backupName, describeFiles, type Manifest, manifestName } from './manifest.js';

/** The SQLite driver for the running Node (decision 030). */
const SQLite = sqliteDriver();

export interface BackupSource {
  db: Db;
  database: DatabaseTarget;
  uploadsDir: string;
}

export interface MadeBackup {
  dir: string;
  manifest: Manifest;
}

/** The migrations applied to `db`, oldest first. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const all = await (await migrator(db)).getMigrations();
  return all.filter((m) => m.executedAt !== undefined).map((m) => m.name);
}

/**
 * Makes a consistent copy of the database and the uploaded files in a new directory of `backupDir`
 * while the server keeps taking orders: SQLite's online backup API, or pg_dump (one snapshot). The
 * directory appears under its final name only once complete, so a crash leaves no half backup.
 */
export async function createBackup(
  source: BackupSource,
  backupDir: string,
  options: { now?: Date; madeBy?: Manifest['made_by'] } = {},
): Promise<MadeBackup> {
  const now = options.now ?? new Date();
  const migrations = await appliedMigrations(source.db);
  const schemaVersion = migrations.at(-1);
  if (!schemaVersion) throw new BackupError('The database has no migrations applied: there is nothing to back up.');
  fs.mkdirSync(backupDir, { recursive: true });
  const name = uniqueName(backupDir, backupName(now, schemaVersion));
  const work = path.join(backupDir, `.${name}.partial`);
  fs.mkdirSync(work);
  try {
    const database =
      source.database.dialect === 'sqlite'
        ? await copySqlite(source.database.file, path.join(work, 'database.sqlite'))
        : await dumpPostgres(source.db, source.database, path.join(work, 'database.pgdump'));
    // After the database copy: every image a copied row names was there when the copy was taken.
    const uploads = path.join(work, 'uploads');
    if (fs.existsSync(source.uploadsDir)) fs.cpSync(source.uploadsDir, uploads, { recursive: true });
    else fs.mkdirSync(uploads);
    const manifest: Manifest = {
      format: 'storefront-backup',
      format_version: 1,
      created_at: now.toISOString(),
      app_version: version,
      dialect: source.database.dialect,
      schema_version: schemaVersion,
      migrations,
      database,
      uploads: 'uploads',
      made_by: options.madeBy ?? 'command',
      files: await describeFiles(work),
    };
    fs.writeFileSync(path.join(work, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    const dir = path.join(backupDir, name);
    fs.renameSync(work, dir);
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

function uniqueName(dir: string, name: string): string {
  let candidate = name;
  for (let n = 2; fs.existsSync(path.join(dir, candidate)); n++) candidate = `${name}-${n}`;
  return candidate;
}

async function copySqlite(file: string, to: string): Promise<Manifest['database']> {
  if (!fs.existsSync(file)) throw new BackupError(`The database ${file} does not exist.`);
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // All remaining pages in one step: one read snapshot, never restarted by the server's writes.
    await source.backup(to, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(to);
  try {
    copy.pragma('journal_mode = DELETE'); // one self-contained file, no -wal beside it
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy of the database failed its check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return { file: path.basename(to) };
}

/** The schema the installation's tables live in (a test or a second install may use another). */
async function postgresSchema(db: Db, target: DatabaseTarget): Promise<string> {
  if (target.dialect === 'postgres' && target.schema) return target.schema;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return 'main';
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

async function dumpPostgres(db: Db, target: DatabaseTarget, to: string): Promise<Manifest['database']> {
  if (target.dialect !== 'postgres') throw new Error('not a PostgreSQL target');
  const schema = await postgresSchema(db, target);
  const args = ['--format=custom', `--schema=${schema}`, '--no-owner', '--no-privileges', `--file=${to}`];
  const { url, env } = toolConnection(target.url);
  await runTool('pg_dump', [...args, `--dbname=${url}`], `pg_dump ${args.join(' ')} --dbname=DATABASE_URL`, env);
  return { file: path.basename(to), schema };
}

/** The URL for a client tool without its password, which goes in the environment (not in `ps`). */
export function toolConnection(connection: string): { url: string; env: Record<string, string> } {
  const url = new URL(connection);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/**
 * Runs a PostgreSQL client tool; `shown` is the command as the operator would type it (no password)
 * for the message when the tool is missing.
 */
export function runTool(
  tool: string,
  args: string[],
  shown: string,
  env: Record<string, string> = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed. Install the PostgreSQL client (postgresql-client, the server's major version or newer) or run by hand:\n  ${shown}`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new BackupError(`${tool} failed (exit code ${code}):\n${output.trim()}`));
    });
  });
}
