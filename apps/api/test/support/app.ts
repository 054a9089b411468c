import type { InjectOptions } from 'fastify';
import { type App, buildApp } from '../../src/app.js';
import { prepareDatabase } from '../../src/bootstrap.js';
import { type Config, loadConfig } from '../../src/config.js';
import { type Db, openDatabase } from '../../src/db/database.js';
import { createTestDatabase } from './database.js';
import { type Answer, type Description, descriptionChecker } from './openapi-check.js';

export interface TestContext {
  app: App;
  db: Db;
  config: Config;
  close(): Promise<void>;
}

/** The whole app, built in-process on a fresh migrated and seeded database. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    /** Registers extra routes before the app is sealed (tests of cross-cutting behaviour). */
    extend?: (app: App) => unknown;
    /** Receives the app's log lines (silent otherwise). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000', ...options.env }),
    database: database.target,
    ...options.config,
  };
  const { db } = await prepareDatabase(config).catch(async (error: unknown) => {
    await database.drop(); // never leave a half-made schema behind for the next run to trip on
    throw error;
  });
  const app = await buildApp({ config, db, logger: options.logStream ?? false });
  await options.extend?.(app);
  await app.ready();
  checkAnswersAgainstDescription(app);
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.destroy().catch(() => undefined);
      await database.drop();
    },
  };
}

/** Every `inject` answer is checked against the app's OpenAPI description (decision 029). */
function checkAnswersAgainstDescription(app: App) {
  const problemOf = descriptionChecker(app.swagger() as unknown as Description);
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<Answer>;
  const checked = async (options: InjectOptions) => {
    const answer = await inject(options);
    const { method = 'GET', url = '/' } =
      typeof options === 'string' ? { url: options } : { ...options, url: options.url ?? options.path };
    const problem = problemOf(String(method), typeof url === 'string' ? url : url.pathname, answer);
    if (problem) throw new Error(`OpenAPI description: ${problem}`);
    return answer;
  };
  Object.assign(app, { inject: checked });
}

/**
 * An answer as a client can compare it with another: status, headers and body, less what differs
 * from one request to the next (date, the CSP nonce, the caller's rate-limit count, the request id).
 */
export function comparableAnswer(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const {
    date: _date,
    'x-ratelimit-remaining': _left,
    'x-ratelimit-reset': _reset,
    'x-request-id': _id,
    ...headers
  } = res.headers;
  const csp = headers['content-security-policy'];
  if (typeof csp === 'string') headers['content-security-policy'] = csp.replace(/'nonce-[^']*'/g, "'nonce-…'");
  return { status: res.statusCode, headers, body: withoutRequestId(res.body) };
}

/** A body as another request's would read: the request id is the one thing that always differs. */
export const withoutRequestId = (body: string) => body.replace(/"request_id":"[^"]*"/g, '"request_id":"…"');

/**
 * A second app on its own database handle over the same database: it stands for a second API
 * process, with caches of its own (decisions 030, 034, 041).
 */
export async function secondProcess(ctx: TestContext) {
  const db = openDatabase(ctx.config.database);
  const app = await buildApp({ config: ctx.config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}
