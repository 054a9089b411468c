import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { urlOf } from './support/processes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Runs the operator's command line as a separate process; answers its exit code and output. */
function cli(url: string, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

// The database's background work (SQLite's checkpoint thread, decision 067) must not keep a
// command from ending, nor end it before its work is done: Node exits 13 when the loop empties
// while the command still awaits the connection's close.
describe('the command line ends with its own exit code', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('migrates, lists tenants and refuses bad input with its own codes', async () => {
    const url = urlOf(database);
    const migrate = await cli(url, ['migrate']);
    expect(migrate, migrate.out).toMatchObject({ code: 0 });
    const list = await cli(url, ['tenant', 'list']);
    expect(list, list.out).toMatchObject({ code: 0 });
    const bad = await cli(url, ['tenant', 'create', '--name', 'X', '--host', 'x.test', '--timezone', 'Sydney']);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('--timezone: Enter an IANA time zone');
  }, 60_000);
});
