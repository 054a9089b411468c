// `npm run bench`, the storefront's first paint (decision 035): first-route JavaScript from the build
// and Lighthouse mobile (its default simulated throttling) on `/` and on a restaurant's shareable
// menu, median of BENCH_LIGHTHOUSE_RUNS runs (5 unless told; 0 skips Lighthouse). Reported against
// the budgets, never asserted in a test: the figures depend on the machine and how busy it is.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../scripts/lib.mjs';

export const pageBudgets = {
  firstRouteJsGzipKb: 125,
  performance: 100,
  fcpMs: 1200,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};

const pages = [
  { name: '/', url: '/', module: 'src/app/routes/home.tsx' },
  { name: 'restaurant /menu', url: '/menu?restaurant=bella-nonna-surry-hills', module: 'src/app/routes/menu.tsx' },
];

/** The JavaScript files a page needs before it is interactive: the entry and its route's modules. */
function firstRouteFiles(module) {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported); // static imports only: lazy ones wait
  };
  visit(module);
  return files;
}

/** KiB of gzip -9 JavaScript a page needs before it is interactive, from the build. */
export function firstRouteJs(module) {
  const dist = path.join(root, 'apps/web/dist');
  let bytes = 0;
  for (const file of firstRouteFiles(module))
    bytes += gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return bytes / 1024;
}

/** The median of the runs that measured the figure (Lighthouse leaves a metric out when a run fails it). */
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

async function lighthouseRuns(url, runs, routeFiles) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  const missed = []; // why a run has no figure for a metric (Lighthouse's own message)
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-proxy-server'],
    });
    try {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => {
        const value = lhr.audits[id]?.numericValue;
        if (value === undefined) missed.push(`${id}: ${lhr.audits[id]?.errorMessage ?? 'not measured'}`);
        return value ?? Number.NaN;
      };
      results.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        transferJsKb:
          (lhr.audits['resource-summary']?.details?.items ?? []).find((item) => item.resourceType === 'script')
            ?.transferSize / 1024,
        // The same files as firstRouteJs, as they went over the wire on this cold load (decision 060).
        routeTransferKb:
          (lhr.audits['network-requests']?.details?.items ?? [])
            .filter((item) => routeFiles.has(new URL(item.url).pathname.slice(1)))
            .reduce((sum, item) => sum + item.transferSize, 0) / 1024,
      });
    } finally {
      await chrome.kill();
    }
  }
  const keys = Object.keys(results[0] ?? {});
  return { ...Object.fromEntries(keys.map((key) => [key, median(results.map((r) => r[key]))])), missed };
}

/** Rows for bench/run.mjs: [name, value, budget, within budget]. */
export async function pageRows(base) {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
  const rows = [];
  for (const page of pages) {
    const js = firstRouteJs(page.module);
    rows.push([
      `${page.name} first-route JS (gzip)`,
      `${js.toFixed(1)} KiB`,
      `${pageBudgets.firstRouteJsGzipKb} KiB`,
      js <= pageBudgets.firstRouteJsGzipKb,
    ]);
    if (runs <= 0) continue;
    const lh = await lighthouseRuns(`${base}${page.url}`, runs, firstRouteFiles(page.module));
    const b = pageBudgets;
    const ms = (value) => `${Math.round(value)} ms`;
    rows.push(
      [
        `${page.name} Lighthouse performance`,
        `${lh.performance} (median of ${runs})${lh.missed.length ? `; runs without a figure: ${lh.missed.join('; ')}` : ''}`,
        b.performance,
        lh.performance >= b.performance,
      ],
      [`${page.name} FCP`, ms(lh.fcpMs), ms(b.fcpMs), lh.fcpMs <= b.fcpMs],
      [`${page.name} LCP`, ms(lh.lcpMs), ms(b.lcpMs), lh.lcpMs <= b.lcpMs],
      [`${page.name} TBT`, ms(lh.tbtMs), ms(b.tbtMs), lh.tbtMs <= b.tbtMs],
      [`${page.name} CLS`, lh.cls.toFixed(3), b.cls, lh.cls <= b.cls],
      [
        `${page.name} a11y / BP / SEO`,
        `${lh.accessibility} / ${lh.bestPractices} / ${lh.seo}`,
        '100 / 100 / 100',
        lh.accessibility >= b.accessibility && lh.bestPractices >= b.bestPractices && lh.seo >= b.seo,
      ],
      [
        `${page.name} first-route JS transferred (cold)`,
        `${lh.routeTransferKb.toFixed(1)} KiB`,
        `${b.firstRouteJsGzipKb} KiB`,
        lh.routeTransferKb <= b.firstRouteJsGzipKb,
      ],
      // Lazy parts fetched as the page goes idle (dialogs ahead of use, the footer) count here too.
      [`${page.name} all JS transferred (cold)`, `${(lh.transferJsKb ?? 0).toFixed(1)} KiB`, 'reported', true],
    );
  }
  return rows;
}
