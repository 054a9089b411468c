import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed/demo.js';

const commands: Record<string, () => Promise<string>> = {
  async migrate() {
    const db = openDatabase(loadConfig().database);
    try {
      const applied = await migrateToLatest(db);
      return applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.';
    } finally {
      await db.destroy();
    }
  },
  async seed() {
    const db = openDatabase(loadConfig().database);
    try {
      await migrateToLatest(db);
      return (await seedDemo(db)) ? 'Seeded the demo business (tenant 139).' : 'The demo business exists already.';
    } finally {
      await db.destroy();
    }
  },
};

const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  process.stderr.write(`Usage: node apps/api/dist/cli.js <${Object.keys(commands).join('|')}>\n`);
  process.exit(2);
}
command().then(
  (message) => process.stdout.write(`${message}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
