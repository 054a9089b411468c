import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../../../scripts/free-port.mjs';
import type { App } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { type Db, openDatabase } from '../../src/db/database.js';
import type { TestContext } from './app.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** The database URL a separate process uses to reach this test's own schema or file. */
export function urlOf(database: TestDatabase) {
  const target = database.target;
  if (target.dialect === 'sqlite') return `sqlite:${target.file}`;
  return `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${target.schema}`)}`;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ApiProcess {
  base: string;
  child: ChildProcess;
  output: () => string;
  /** A TestContext whose `app.inject` goes over HTTP to this process, for the shared test helpers. */
  ctx: TestContext;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

/** Starts `apps/api/src/server.ts` as `npm start` would, in its own process, and waits until it is ready. */
export async function startApiProcess(env: Record<string, string>, db: Db): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited early:\n${output}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API was not ready in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const app = {
    async inject(options: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) {
      const res = await fetch(`${base}${options.url}`, {
        method: options.method,
        headers: {
          ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
      });
      const body = await res.text();
      return {
        statusCode: res.status,
        headers: Object.fromEntries(res.headers),
        body,
        json: () => JSON.parse(body),
      };
    },
  } as unknown as App;
  const ctx: TestContext = { app, db, config: {} as Config, close: async () => undefined };
  return { base, child, output: () => output, ctx, exited };
}

/**
 * A describe block's own test database and one API process on it (`start` it in a `beforeAll`):
 * the database is made before and removed after the block, the process killed if still running.
 */
export function ownApiProcess() {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.target);
  });
  afterAll(async () => {
    if (api?.child.exitCode === null) api.child.kill('SIGKILL');
    await db?.destroy();
    await database?.drop();
  });
  return {
    async start(env: Record<string, string> = {}) {
      if (!database || !db) throw new Error('ownApiProcess: start it in a beforeAll or a test');
      api = await startApiProcess({ DATABASE_URL: urlOf(database), ...env }, db);
      return api;
    },
  };
}
