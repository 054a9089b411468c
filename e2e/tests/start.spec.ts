import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm start` as a person runs it, until it prints its URL. */
async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so SIGINT reaches it as Ctrl-C would
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const banner = `Storefront is running at http://localhost:${port}`;
  await expect.poll(() => output, { timeout: 120_000 }).toContain(banner);
  return { child, port, output: () => output };
}

async function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/**
 * Ctrl-C: the whole process group gets SIGINT. The server shuts down gracefully and promptly, with
 * nothing on stderr, and frees its port. (npm re-raises the signal on itself, so npm's own exit is
 * by SIGINT rather than code 0; that is npm's normal Ctrl-C behaviour.)
 */
async function expectCleanStop(app: Awaited<ReturnType<typeof start>>) {
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    app.child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  process.kill(-(app.child.pid as number), 'SIGINT');
  // Generous on purpose: this checks that it stops, not how fast (a loaded 2-core CI machine is slow).
  const result = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
  expect(result).not.toBe('timeout');
  expect([0, null]).toContain((result as { code: number | null }).code);
  expect(app.output()).toContain('"msg":"shutting down"');
  expect(app.output()).not.toMatch(/error|Error:/);
  expect(await refusesConnections(app.port)).toBe(true);
}

test.describe('npm start', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test('creates and seeds a SQLite file on first run, reuses it after, and stops cleanly on Ctrl-C', async ({
    request,
  }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
    const file = path.join(dir, 'data', 'shop.sqlite');
    try {
      const first = await start({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'info' });
      expect(fs.existsSync(file)).toBe(true);
      // The logger writes apart from console.log, so its lines may land just after the "running" line.
      await expect.poll(() => first.output()).toContain('demo business seeded');
      const health = await request.get(`http://127.0.0.1:${first.port}/api/health`);
      expect((await health.json()).data).toMatchObject({ status: 'ok', dialect: 'sqlite' });
      await expectCleanStop(first);

      const second = await start({ DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'info' });
      await expectCleanStop(second);
      // Checked after the stop, when every log line is out.
      expect(second.output()).not.toContain('demo business seeded');
      expect(second.output()).not.toContain('migrations applied');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('runs the same code on PostgreSQL when DATABASE_URL is a postgres URL', async ({ page }) => {
    const url = process.env.TEST_DATABASE_URL;
    test.skip(!url, 'TEST_DATABASE_URL is not set');
    const schema = `start_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    try {
      const target = new URL(url as string);
      target.searchParams.set('options', `-c search_path=${schema}`);
      const app = await start({ DATABASE_URL: target.toString(), LOG_LEVEL: 'info' });
      await expect.poll(() => app.output()).toContain('demo business seeded');
      const health = await page.request.get(`http://127.0.0.1:${app.port}/api/health`);
      expect((await health.json()).data).toMatchObject({ status: 'ok', dialect: 'postgres' });
      await page.goto(`http://127.0.0.1:${app.port}/`);
      await expect(page).toHaveTitle('Bella Nonna Pizzeria & Grill | Order Online');
      const { rows } = await admin.query(
        `select count(*)::int as n from "${schema}".restaurants where tenant_id = 139`,
      );
      expect(rows[0].n).toBe(3);
      await expectCleanStop(app);
    } finally {
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
    }
  });
});
