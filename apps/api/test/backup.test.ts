import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/commands.js';
import type { DatabaseTarget } from '../src/config.js';
import { createBackup, type MadeBackup } from '../src/db/backup/backup.js';
import { markInUse } from '../src/db/backup/in-use.js';
import { type Manifest, manifestName } from '../src/db/backup/manifest.js';
import { restoreBackup } from '../src/db/backup/restore.js';
import { newestBackupAt, runScheduledBackup } from '../src/db/backup/schedule.js';
import { migrations } from '../src/db/migrations/index.js';
import { jobRepository } from '../src/modules/jobs/repository.js';
import { jobScheduler } from '../src/modules/jobs/service.js';
import { scheduleBackups } from '../src/plugins/backups.js';
import { createTestApp, type TestContext } from './support/app.js';
import { runCommandOn } from './support/commands.js';
import { createEmptyInstallation, type TestDatabase } from './support/database.js';

/**
 * A restore checks the whole backup and the target before it touches anything; scheduled backups
 * are made once across processes and pruned (decision 027). The restore drill is backup-restore.test.ts.
 */

let ctx: TestContext;
let work: string;
let backup: MadeBackup;
let installation: TestDatabase;
let uploadsDir: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-refusals-'));
  ctx = await createTestApp({ env: { UPLOADS_DIR: path.join(work, 'uploads') } });
  fs.writeFileSync(path.join(ctx.config.uploadsDir, 'logo.png'), 'png');
  backup = await createBackup(
    { db: ctx.db, database: ctx.config.database, uploadsDir: ctx.config.uploadsDir },
    path.join(work, 'backups'),
  );
  installation = await createEmptyInstallation();
  // A stopped installation with data in it (SQLite: the file; PostgreSQL: an empty new database).
  if (installation.target.dialect === 'sqlite') {
    fs.mkdirSync(path.dirname(installation.target.file), { recursive: true });
    fs.copyFileSync(path.join(backup.dir, 'database.sqlite'), installation.target.file);
  }
  uploadsDir = path.join(work, 'installed-uploads');
  fs.mkdirSync(uploadsDir);
  fs.writeFileSync(path.join(uploadsDir, 'mine.png'), 'mine');
});

afterAll(async () => {
  await ctx?.close();
  await installation?.drop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** What a restore could change: the target's database and uploads, as a comparable snapshot. */
async function targetState(target: DatabaseTarget) {
  const uploads = fs.readdirSync(path.dirname(uploadsDir)).filter((name) => name.startsWith('installed-uploads'));
  if (target.dialect === 'sqlite') {
    const dir = path.dirname(target.file);
    return { files: fs.readdirSync(dir).sort(), bytes: fs.readFileSync(target.file).toString('base64'), uploads };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    // Only the target's own schema and what a restore would put beside it: other tests share `test`.
    const own = target.schema ?? '%';
    const { rows } = await client.query(
      `select n.nspname, count(c.oid)::int as relations from pg_namespace n left join pg_class c on c.relnamespace = n.oid
       where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and n.nspname like $1
       group by n.nspname order by n.nspname`,
      [`${own}`],
    );
    const kept = await client.query('select count(*)::int as n from pg_namespace where nspname like $1', [
      `${target.schema ?? 'public'}\\_before\\_restore%`,
    ]);
    return { schemas: rows, kept: kept.rows, uploads };
  } finally {
    await client.end();
  }
}

/** A copy of the backup with `change` applied to it. */
function alteredCopy(name: string, change: (dir: string, manifest: Manifest) => Manifest | undefined) {
  const dir = path.join(work, name);
  fs.cpSync(backup.dir, dir, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, manifestName), 'utf8')) as Manifest;
  const changed = change(dir, manifest);
  if (changed) fs.writeFileSync(path.join(dir, manifestName), JSON.stringify(changed));
  return dir;
}

async function refused(given: string, target: DatabaseTarget = installation.target) {
  const state = await targetState(target);
  const error = await restoreBackup({ database: target, uploadsDir }, given).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error, 'the restore was refused').toBeInstanceOf(Error);
  expect(await targetState(target)).toEqual(state);
  return error?.message ?? '';
}

describe('restore refuses what it cannot restore, and changes nothing', () => {
  it('a file that is not a backup', async () => {
    const foreign = path.join(work, 'orders.csv');
    fs.writeFileSync(foreign, 'id,total\n1,100\n');
    expect(await refused(foreign)).toMatch(/is not a backup: a backup is a directory made by `npm run backup`/);
    expect(await refused(path.join(work, 'nowhere'))).toMatch(/does not exist/);
    const other = alteredCopy('other-json', (_dir, manifest) => ({ ...manifest, format: 'x' }) as unknown as Manifest);
    expect(await refused(other)).toMatch(/is not a backup: its manifest.json is not a backup manifest/);
    const garbled = alteredCopy('garbled', (dir) => void fs.writeFileSync(path.join(dir, manifestName), '{"form'));
    expect(await refused(garbled)).toMatch(/is not JSON/);
  });

  it('a truncated, damaged or incomplete backup', async () => {
    const file = backup.manifest.database.file;
    const truncated = alteredCopy('truncated', (dir) => {
      const full = path.join(dir, file);
      fs.truncateSync(full, Math.floor(fs.statSync(full).size / 2));
      return undefined;
    });
    expect(await refused(truncated)).toMatch(new RegExp(`is damaged: ${file} has \\d+ bytes, the manifest says`));
    const flipped = alteredCopy('flipped', (dir) => {
      const full = path.join(dir, file);
      const bytes = fs.readFileSync(full);
      bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff;
      fs.writeFileSync(full, bytes);
      return undefined;
    });
    expect(await refused(flipped)).toMatch(`is damaged: ${file} does not match its checksum`);
    const missing = alteredCopy('missing', (dir) => void fs.rmSync(path.join(dir, 'uploads/logo.png')));
    expect(await refused(missing)).toMatch('is incomplete: uploads/logo.png is missing');
  });

  it('a backup from a newer release, or of the other dialect', async () => {
    const future = '29991231T2359-from-the-future';
    const newer = alteredCopy('newer', (_dir, manifest) => ({
      ...manifest,
      schema_version: future,
      migrations: [...manifest.migrations, future],
    }));
    expect(await refused(newer)).toMatch(`This backup is from a newer release (schema ${future}`);
    const dialect = installation.target.dialect === 'sqlite' ? 'postgres' : 'sqlite';
    const other = alteredCopy('other-dialect', (_dir, manifest) => ({ ...manifest, dialect }));
    expect(await refused(other)).toMatch(`This is a ${dialect} backup and DATABASE_URL points at`);
  });

  it('an installation whose server is running', async () => {
    // What the server does when it starts (server.ts): mark the installation in use.
    const release = await markInUse(ctx.config.database);
    try {
      expect(await refused(backup.dir, ctx.config.database)).toMatch(/stop (the server|it) before restoring/);
    } finally {
      await release();
    }
  });

  it('the command line says why and exits with 1', async () => {
    const foreign = path.join(work, 'notes.txt');
    fs.writeFileSync(foreign, 'hello');
    const env = { DATABASE_URL: `sqlite:${path.join(work, 'cli.sqlite')}`, UPLOADS_DIR: uploadsDir };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const result = await runCommand(['restore', foreign]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `${foreign} is not a backup: a backup is a directory made by \`npm run backup\` holding manifest.json.\n`,
      });
      expect((await runCommand(['restore'])).stderr).toMatch(/^Usage: npm run restore -- BACKUP_DIRECTORY/);
      expect((await runCommand(['restor'])).code).toBe(2);
    } finally {
      process.env = saved;
    }
    expect(fs.existsSync(path.join(work, 'cli.sqlite'))).toBe(false);
  });

  it('the command line lists applied and pending migrations', async () => {
    const result = await runCommandOn(ctx, ['migrate', '--status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Applied \\(${Object.keys(migrations).length}\\):\\n  20261122T0900-foundation  \\d{4}-`),
    );
    expect(result.stdout).toMatch(/Pending \(0\): none\n$/);
  });
});

describe('scheduled backups', () => {
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000);
  const config = (dir: string) => ({ ...ctx.config, backup: { dir, everyHours: 6, keep: 1 } });

  it('makes one when due, none while the newest is fresh, and keeps the last BACKUP_KEEP scheduled ones', {
    timeout: 30_000,
  }, async () => {
    const dir = path.join(work, 'scheduled');
    fs.mkdirSync(dir);
    fs.cpSync(backup.dir, path.join(dir, path.basename(backup.dir)), { recursive: true }); // made by the command
    const first = await runScheduledBackup(ctx.db, config(dir), hours(7));
    expect(first.made?.manifest.made_by).toBe('schedule');
    expect(await runScheduledBackup(ctx.db, config(dir), hours(8))).toEqual({ pruned: [], skipped: 'not-due' });
    const lastAt = hours(14);
    const second = await runScheduledBackup(ctx.db, config(dir), lastAt);
    expect(second.pruned).toEqual([path.basename(first.made?.dir ?? '')]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [backup.dir, second.made?.dir].map((d) => path.basename(d ?? '')).sort(),
    );
    expect(newestBackupAt(dir)).toBe(Math.floor(lastAt.getTime() / 1000) * 1000);
  });

  it('is a background job: two processes looking at once make one backup', { timeout: 30_000 }, async () => {
    const dir = path.join(work, 'two-processes');
    const schedulers = ['a', 'b'].map((holder) => {
      const jobs = jobScheduler(ctx.db, { log: ctx.app.log, holder });
      scheduleBackups(jobs, ctx.db, config(dir), ctx.app.log);
      return jobs;
    });
    await jobRepository(ctx.db).ensure('scheduled-backup');
    const won = await Promise.all(schedulers.map((jobs) => jobs.runIfDue('scheduled-backup')));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    const row = (await schedulers[0]?.list())?.find((job) => job.name === 'scheduled-backup');
    expect(row).toMatchObject({ failures: 0, lease_until: null });
  });
});
