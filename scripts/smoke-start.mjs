// Starts the built server the way `npm start` does (its Node flags too), with a fresh SQLite file,
// checks that it serves the storefront, the API and the demo menu, and stops it with SIGTERM. Used
// by `npm test` to try the start on another Node version: `node scripts/smoke-start.mjs /path/to/node`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { root, startFlags } from './lib.mjs';

export async function smokeStart(node = process.execPath, env = {}) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-smoke-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(node, [...startFlags, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'smoke.sqlite')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      WEB_DIST: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
      const ok = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the server was not ready in time:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const health = await (await fetch(`${base}/api/health`)).json();
    const page = await (await fetch(`${base}/`)).text();
    const restaurants = await (
      await fetch(`${base}/api/restaurants-with-images`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant_id: 139, status: 1 }),
      })
    ).json();
    const open = restaurants.data?.[0]?.restaurant;
    const menu = await (await fetch(`${base}/api/v2/restaurants/${open?.id}/menu`)).json();
    const problems = [];
    if (health.data?.status !== 'ok') problems.push(`health: ${JSON.stringify(health)}`);
    if (!page.includes('<div id="root"')) problems.push('the storefront page was not served');
    if (!(menu.data?.products?.length > 0)) problems.push(`menu: ${JSON.stringify(menu).slice(0, 200)}`);
    child.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) problems.push(`exit after SIGTERM: ${code}`);
    if (problems.length) throw new Error(`${problems.join('\n')}\n${output}`);
    return { version: (await versionOf(node)).trim() };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function versionOf(node) {
  return new Promise((resolve) => {
    const p = spawn(node, ['--version']);
    let out = '';
    p.stdout.on('data', (c) => (out += c));
    p.on('exit', () => resolve(out));
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const node = process.argv[2] ?? process.execPath;
  smokeStart(node).then(
    ({ version }) => console.log(`start smoke test passed on Node ${version}`),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
