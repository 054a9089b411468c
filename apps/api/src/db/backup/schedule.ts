import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../database.js';
import { createBackup, type MadeBackup } from './backup.js';
import { isBackupName, manifestName } from './manifest.js';

export interface ScheduledRun {
  made?: MadeBackup;
  pruned: string[];
  /** Why nothing was made: the newest backup is not old enough yet. */
  skipped?: 'not-due';
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
 * One scheduled backup if the newest in BACKUP_DIR is `everyHours` old, then prunes scheduled
 * backups beyond BACKUP_KEEP. Only one process runs it at a time: it is a background job
 * (decision 030), whose lease outlasts any backup.
 */
export async function runScheduledBackup(db: Db, config: Config, now = new Date()): Promise<ScheduledRun> {
  const { dir, everyHours, keep } = config.backup;
  if (now.getTime() - newestBackupAt(dir) < everyHours * hour - 60_000) return { pruned: [], skipped: 'not-due' };
  const made = await createBackup({ db, database: config.database, uploadsDir: config.uploadsDir }, dir, {
    now,
    madeBy: 'schedule',
  });
  return { made, pruned: pruneScheduled(dir, keep) };
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
