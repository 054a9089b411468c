import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

/** Starts the app exactly as `npm start` does, on a free port with a throwaway SQLite database. */
export default async function globalSetup() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const databaseFile = path.join(dir, 'e2e.sqlite');
  const log = fs.openSync(path.join(dir, 'server.log'), 'a');
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHealth(url, child, 180_000);
  } catch (error) {
    child.kill('SIGKILL');
    process.stderr.write(fs.readFileSync(path.join(dir, 'server.log'), 'utf8'));
    throw error;
  }
  process.env.E2E_BASE_URL = url;
  // Mail goes to the outbox there (no SMTP_URL); tests read codes and links from it.
  process.env.E2E_DATABASE_FILE = databaseFile;

  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
