import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the request path (decision 067). SQLite's automatic checkpoint runs inside
 * the commit that crosses `wal_autocheckpoint` pages: every few dozen orders one request copied the
 * WAL back into the file, with its fsyncs, on the only thread that serves requests. A worker thread
 * with its own connection now copies it every `everyMs` (PASSIVE: it never waits for, nor blocks, a
 * reader or the writer). The writer starts the WAL again from its beginning only when a checkpoint
 * has copied all of it; under steady writes that is mostly the connection's own automatic
 * checkpoint, kept ten times further off, which then finds little left to copy.
 */
const everyMs = 50;
export const backstopPages = 10_000;

// Run as a script in the worker (CommonJS: `require` is the driver's path, given by the caller).
const script = `
const { workerData, parentPort } = require('node:worker_threads');
const Driver = require(workerData.driver);
const db = new Driver(workerData.file);
db.pragma('busy_timeout = 0');
db.pragma('cache_size = -64');
const checkpoint = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Starts the checkpointing thread for `file`; `stop` ends it (before the connection closes). */
export function startCheckpointer(file: string, driver: string) {
  // A small heap: the thread only runs the pragma (the server's RSS is a bench figure, decision 064).
  const resourceLimits = { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1, stackSizeMb: 1 };
  const worker = new Worker(script, { eval: true, workerData: { file, driver, everyMs }, resourceLimits });
  worker.unref();
  // A checkpoint that cannot run is left to the connection's automatic one: nothing to report.
  worker.on('error', () => {});
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  return {
    async stop() {
      // Held again so that a process with nothing else left waits for the thread to end.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
