// `npm run bench`: page weight, API latency and server memory against budgets. Not part of
// `npm test`: numbers depend on the machine, so they are reported and compared, never asserted in tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfNeeded, root } from '../scripts/lib.mjs';

const budgets = {
  entryJsGzipKb: 130, // everything the first page needs before it can paint
  entryCssGzipKb: 10,
  healthP95Ms: 25,
  pageP95Ms: 25,
  serverRssMb: 250,
};

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function entryAssets() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const gz = (ext) =>
    refs
      .filter((r) => r.endsWith(ext))
      .reduce((sum, r) => sum + gzipSync(fs.readFileSync(path.join(dist, r))).length, 0) / 1024;
  return { js: gz('.js'), css: gz('.css') };
}

async function load(url, total, concurrency) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next++;
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { rps: total / seconds, p50: pct(50), p95: pct(95) };
}

buildIfNeeded();
const port = await freePort();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    DATABASE_URL: `sqlite:${dir}/bench.sqlite`,
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await load(`${base}/api/health`, 300, 10); // warm-up
  const health = await load(`${base}/api/health`, 3000, 20);
  const page = await load(`${base}/`, 2000, 20);
  const rssMb = Number(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  const assets = entryAssets();

  const rows = [
    [
      'first-load JS (gzip)',
      `${assets.js.toFixed(1)} KB`,
      `${budgets.entryJsGzipKb} KB`,
      assets.js <= budgets.entryJsGzipKb,
    ],
    [
      'first-load CSS (gzip)',
      `${assets.css.toFixed(1)} KB`,
      `${budgets.entryCssGzipKb} KB`,
      assets.css <= budgets.entryCssGzipKb,
    ],
    [
      'GET /api/health p95 (c=20)',
      `${health.p95.toFixed(1)} ms (p50 ${health.p50.toFixed(1)}, ${health.rps.toFixed(0)} req/s)`,
      `${budgets.healthP95Ms} ms`,
      health.p95 <= budgets.healthP95Ms,
    ],
    [
      'GET / p95 (c=20)',
      `${page.p95.toFixed(1)} ms (p50 ${page.p50.toFixed(1)}, ${page.rps.toFixed(0)} req/s)`,
      `${budgets.pageP95Ms} ms`,
      page.p95 <= budgets.pageP95Ms,
    ],
    ['server RSS after load', `${rssMb.toFixed(0)} MB`, `${budgets.serverRssMb} MB`, rssMb <= budgets.serverRssMb],
  ];
  rows.push(...(await (await import('./pages.mjs')).pageRows(base)));
  for (const [name, value, budget, ok] of rows)
    console.log(`${ok ? 'ok  ' : 'OVER'}  ${name.padEnd(28)} ${value.padEnd(40)} budget ${budget}`);
  process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
} finally {
  server.kill('SIGINT');
  fs.rmSync(dir, { recursive: true, force: true });
}
