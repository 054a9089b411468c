import fs from 'node:fs';
import path from 'node:path';
import { PostgresAdapter, sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../database.js';
import { createBackup, type MadeBackup, postgresSchema } from './backup.js';
import { isBackupName, manifestName } from './manifest.js';

export interface ScheduledRun {
  made?: MadeBackup;
  pruned: string[];
  /** Why nothing was made: not due yet, or another process holds the lock. */
  skipped?: 'not-due' | 'locked';
}

const hour = 3_600_000;

/** When the newest backup in `dir` was made (from its name), or 0 when there is none. */
export function newestBackupAt(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!isBackupName(name)) continue;
    const m = /^storefront-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
    const at = m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`) : Number.NaN;
    if (!Number.isNaN(at)) newest = Math.max(newest, at);
  }
  return newest;
}

/**
 * One scheduled backup if the newest in BACKUP_DIR is `everyHours` old, made by one process only: on
 * PostgreSQL the process holding a session advisory lock (others skip and find it fresh next time);
 * SQLite is served by one process. Then prunes scheduled backups beyond BACKUP_KEEP.
 */
export async function runScheduledBackup(db: Db, config: Config, now = new Date()): Promise<ScheduledRun> {
  const { dir, everyHours, keep } = config.backup;
  const due = () => now.getTime() - newestBackupAt(dir) >= everyHours * hour - 60_000;
  if (!due()) return { pruned: [], skipped: 'not-due' };
  const make = async () => {
    if (!due()) return { pruned: [], skipped: 'not-due' as const };
    const made = await createBackup({ db, database: config.database, uploadsDir: config.uploadsDir }, dir, {
      now,
      madeBy: 'schedule',
    });
    return { made, pruned: pruneScheduled(dir, keep) };
  };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return make();
  const key = `storefront backup ${await postgresSchema(db, config.database)}`;
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext(${key})) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return { pruned: [], skipped: 'locked' as const };
    try {
      return await make();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}

/** Deletes the oldest scheduled backups beyond `keep`; those made by `npm run backup` stay. */
export function pruneScheduled(dir: string, keep: number): string[] {
  const scheduled = fs
    .readdirSync(dir)
    .filter(isBackupName)
    .filter((name) => madeBy(path.join(dir, name)) === 'schedule')
    .sort();
  const pruned = scheduled.slice(0, Math.max(0, scheduled.length - keep));
  for (const name of pruned) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return pruned;
}

function madeBy(backup: string): string | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(backup, manifestName), 'utf8')).made_by;
  } catch {
    return undefined;
  }
}
