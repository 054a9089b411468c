import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';
import { markInUse } from './db/backup/in-use.js';
import { stripeConfigProblems } from './modules/payments/stripe-check.js';

async function main() {
  const config = loadConfig();
  const { db, migrated, seeded } = await prepareDatabase(config);
  const app = await buildApp({ config, db });
  // A restore refuses while this is held (decision 027).
  const releaseInUse = await markInUse(config.database, (err) => app.log.warn({ err }, 'in-use marker lost'));
  if (migrated.length) app.log.info({ migrated }, 'migrations applied');
  if (seeded) app.log.info('demo business seeded (tenant 139)');
  for (const problem of await stripeConfigProblems(db)) {
    app.log.error(problem, 'Stripe is misconfigured: card payments of this business are refused until it is fixed');
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await releaseInUse();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await app.ready();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL';
  process.stdout.write(
    `\nStorefront is running at http://localhost:${port} (database: ${where})\nPress Ctrl-C to stop.\n\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
