import fs from 'node:fs';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createBackup } from './db/backup/backup.js';
import { BackupError } from './db/backup/manifest.js';
import { restoreBackup } from './db/backup/restore.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest, migrationStatus } from './db/migrate.js';
import { resizeReportText, resizeUploads } from './modules/admin/image-sizes.js';
import { tenantCommand } from './modules/tenants/command.js';
import { OperatorError } from './modules/tenants/operator.js';

async function withDatabase<T>(config: Config, fn: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase(config.database);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

const commands: Record<string, (args: string[]) => Promise<string>> = {
  async migrate(args) {
    const config = loadConfig();
    if (args.includes('--status')) {
      return withDatabase(config, async (db) => {
        const status = await migrationStatus(db);
        const applied = status.filter((m) => m.appliedAt);
        const pending = status.filter((m) => !m.appliedAt);
        return [
          `Applied (${applied.length}):`,
          ...applied.map((m) => `  ${m.name}  ${m.appliedAt}`),
          `Pending (${pending.length}):${pending.length ? '' : ' none'}`,
          ...pending.map((m) => `  ${m.name}`),
        ].join('\n');
      });
    }
    return withDatabase(config, async (db) => {
      const applied = await migrateToLatest(db);
      return applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.';
    });
  },
  async seed() {
    return withDatabase(loadConfig(), async (db) => {
      await migrateToLatest(db);
      const { seedDemo } = await import('./db/seed/demo.js'); // only this command needs the demo's modules
      return (await seedDemo(db)) ? 'Seeded the demo business (tenant 139).' : 'The demo business exists already.';
    });
  },
  async backup() {
    const config = loadConfig();
    if (config.database.dialect === 'sqlite' && !fs.existsSync(config.database.file)) {
      throw new BackupError(`The database ${config.database.file} does not exist: there is nothing to back up.`);
    }
    return withDatabase(config, async (db) => {
      const { dir, manifest } = await createBackup(
        { db, database: config.database, uploadsDir: config.uploadsDir },
        config.backup.dir,
      );
      const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
      return `Backed up to ${dir}\n  schema ${manifest.schema_version}, ${manifest.files.length} file(s), ${bytes} bytes.`;
    });
  },
  /** `tenant create|list|set-host|disable|enable`: the platform operator's businesses (decision 036). */
  async tenant(args) {
    const config = loadConfig();
    return withDatabase(config, async (db) => {
      await migrateToLatest(db);
      return tenantCommand(config, db, args);
    });
  },
  /** `images resize [--dry-run]`: sizes for uploads from before resizing (decision 048). */
  async images(args) {
    if (args[0] !== 'resize') throw new OperatorError('Usage: npm run images -- resize [--dry-run]');
    const dryRun = args.includes('--dry-run');
    const config = loadConfig();
    return withDatabase(config, async (db) => {
      await migrateToLatest(db);
      return resizeReportText(await resizeUploads(db, config.uploadsDir, dryRun), dryRun);
    });
  },
  async restore(args) {
    const file = args.find((arg) => !arg.startsWith('--'));
    if (!file) throw new BackupError('Usage: npm run restore -- BACKUP_DIRECTORY (a directory made by npm run backup)');
    const config = loadConfig();
    const done = await restoreBackup({ database: config.database, uploadsDir: config.uploadsDir }, file);
    return [...done, 'Start the server to use it.'].join('\n');
  },
};

export interface CommandResult {
  /** 0 done, 1 failed or refused, 2 unknown command. */
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command of `node apps/api/dist/cli.js <command> [arguments]`. */
export async function runCommand(argv: string[]): Promise<CommandResult> {
  const [name = '', ...args] = argv;
  const command = commands[name];
  if (!command) {
    return {
      code: 2,
      stdout: '',
      stderr: `Usage: node apps/api/dist/cli.js <${Object.keys(commands).join('|')}> [arguments]\n`,
    };
  }
  try {
    return { code: 0, stdout: `${await command(args)}\n`, stderr: '' };
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof BackupError || error instanceof OperatorError;
    return { code: 1, stdout: '', stderr: `${known ? (error as Error).message : String(error)}\n` };
  }
}
