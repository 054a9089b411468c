import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { prepareDatabase } from './bootstrap.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { markInUse } from './db/backup/in-use.js';
import { stripeConfigProblems } from './modules/payments/stripe-check.js';

const banner = (port: number, config: Config, processes: number) => {
  const where = config.database.dialect === 'sqlite' ? config.database.file : 'PostgreSQL';
  const many = processes > 1 ? `, ${processes} processes` : '';
  return `\nStorefront is running at http://localhost:${port} (database: ${where}${many})\nPress Ctrl-C to stop.\n\n`;
};

/** One API process: serves until SIGINT/SIGTERM, then drains (readiness fails first) and closes. */
async function serve(config: Config) {
  const { db, migrated, seeded } = await prepareDatabase(config);
  const app = await buildApp({ config, db });
  // A restore refuses while this is held (decision 027).
  const releaseInUse = await markInUse(config.database, (err) => app.log.warn({ err }, 'in-use marker lost'));
  if (migrated.length) app.log.info({ migrated }, 'migrations applied');
  if (seeded) app.log.info('demo business seeded (tenant 139)');
  if (!cluster.isWorker || cluster.worker?.id === 1) {
    for (const problem of await stripeConfigProblems(db)) {
      app.log.error(problem, 'Stripe is misconfigured: card payments of this business are refused until it is fixed');
    }
  }

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A load balancer sees /api/ready fail and stops sending new requests; those in flight finish.
    app.lifecycle.draining = true;
    const grace = signal === 'SIGTERM' ? config.shutdownGraceSeconds : 0;
    app.log.info({ signal, graceSeconds: grace }, 'shutting down');
    if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace * 1000));
    // Fastify's close reaps the sockets idle when it starts; one whose answer was already on its way
    // then stays open, idle, for the keep-alive timeout (72 s). Reap those as they finish.
    const reap = setInterval(() => app.server.closeIdleConnections(), 250);
    await app.close();
    clearInterval(reap);
    await releaseInUse();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  await app.ready();
  if (cluster.isWorker) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(banner(port, config, 1));
}

/**
 * `WORKERS=N`: this process migrates and seeds once, then runs N API processes sharing the port
 * (Node cluster), starts a new one when one dies, and hands a stop signal to all of them.
 */
async function supervise(config: Config) {
  const { db, migrated, seeded } = await prepareDatabase(config);
  await db.destroy();
  if (migrated.length) process.stdout.write(`migrations applied: ${migrated.join(', ')}\n`);
  if (seeded) process.stdout.write('demo business seeded (tenant 139)\n');

  let stopping = false;
  let announced = false;
  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    process.stdout.write(banner(address.port, config, config.workers));
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(`API process ${worker.process.pid} exited (${signal ?? code}); starting another\n`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i++) cluster.fork();
}

async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) await supervise(config);
  else await serve(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
