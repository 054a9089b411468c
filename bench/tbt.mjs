// Thread-CPU blocking time (decision 052): a page loaded in Chromium on a phone's viewport with a
// performance trace; every main-thread task after the first contentful paint counts as Lantern
// counts it, max(0, 4 × length − 50 ms), but from the task's thread CPU time (`tdur`), which other
// processes on a shared machine disturb far less than wall time. Median of TBT_RUNS loads (5).
//
//   node bench/tbt.mjs http://127.0.0.1:4000/ '/menu?restaurant=bella-nonna-surry-hills'
//
// TBT_TASKS=1 lists each counted task with what it held (script evaluation, parsing, functions);
// TBT_PROFILE=1 adds a run under Chrome's sampling profiler and prints the functions with the most
// self time after the first paint, names and places from the build's source maps (apps/web/dist).
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { root } from '../scripts/lib.mjs';

const runs = Number(process.env.TBT_RUNS ?? 5);
const settleMs = Number(process.env.TBT_SETTLE_MS ?? 5000);
const args = process.argv.slice(2);
const base = new URL(args[0] ?? 'http://127.0.0.1:4000/');
const urls = (args.length > 1 ? args.slice(1) : ['/', '/menu?restaurant=bella-nonna-surry-hills']).map(
  (u) => new URL(u, base).href,
);

// Lighthouse's own trace categories for the main thread (decision 061): with `.stack`, a style change or a
// timer records the JavaScript stack that made it, which costs the page far more when a large function
// (the first chunk's top level) is on that stack. Without it this figure missed what Lighthouse counts.
const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function load(browser, url, profile) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'load' });
  // No waiting on a selector while tracing: Playwright's injected script would run on the main thread.
  await page.waitForTimeout(settleMs);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  if (!(await page.evaluate(() => document.documentElement.dataset.interactive === 'true')))
    throw new Error(`${url} was not interactive ${settleMs} ms after its load event`);
  const cpu = profile ? (await cdp.send('Profiler.stop')).profile : null;
  await context.close();
  return { events: trace.traceEvents ?? trace, cpu };
}

/** The page's renderer main thread, its first contentful paint and its tasks after it. */
function analyse(events) {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no firstContentfulPaint in the trace');
  const { pid, tid } = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid,
  );
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && e.tdur !== undefined)
    .map((task) => {
      const end = task.ts + task.dur;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
      const what = [
        ...new Set(
          inside
            .filter((e) => (e.dur ?? 0) > 1000)
            .map((e) => {
              const detail = e.args?.data?.url?.split('/').pop() || e.args?.data?.functionName || '';
              return detail ? `${e.name}(${detail.slice(0, 30)})` : e.name;
            }),
        ),
      ].slice(0, 8);
      return { ts: task.ts, at: (task.ts - fcp.ts) / 1000, ms: task.tdur / 1000, wall: task.dur / 1000, what };
    });
  const counted = tasks.map((t) => ({ ...t, blocking: Math.max(0, 4 * t.ms - 50) }));
  return {
    tbt: counted.reduce((sum, t) => sum + t.blocking, 0),
    long: counted.filter((t) => t.blocking > 0),
    fcpTs: fcp.ts,
  };
}

const maps = new Map();
function original(url, line, column) {
  const file = url.split('/').pop();
  const mapPath = path.join(root, 'apps/web/dist/assets', `${file}.map`);
  if (!maps.has(mapPath))
    maps.set(mapPath, fs.existsSync(mapPath) ? new TraceMap(fs.readFileSync(mapPath, 'utf8')) : null);
  const map = maps.get(mapPath);
  if (!map) return null;
  const pos = originalPositionFor(map, { line: line + 1, column });
  if (!pos.source) return null;
  const source = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return { name: pos.name, where: `${source}:${pos.line}` };
}

function frameName(f) {
  if (f.url.includes('/assets/')) {
    const o = original(f.url, f.lineNumber, f.columnNumber);
    if (o) return `${o.name ?? f.functionName ?? '(anonymous)'} ${o.where}`;
  }
  return f.functionName || '(anonymous)';
}

/** Self time per function (source-mapped) and per source file, of the samples inside [from, to). */
function profileTable(cpu, from, to) {
  const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of cpu.nodes) for (const c of n.children ?? []) parents.set(c, n);
  const self = new Map();
  const dt = cpu.timeDeltas;
  let at = cpu.startTime;
  for (let i = 0; i < cpu.samples.length; i++) {
    at += dt[i];
    if (at < from || at >= to) continue;
    const node = byId.get(cpu.samples[i]);
    if (['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)) continue;
    const ms = (dt[i + 1] ?? 0) / 1000;
    if (process.env.TBT_INCLUSIVE === '1') {
      const seen = new Set();
      for (let n = node; n; n = parents.get(n.id)) {
        const name = frameName(n.callFrame);
        if (seen.has(name)) continue;
        seen.add(name);
        self.set(name, (self.get(name) ?? 0) + ms);
      }
      continue;
    }
    const f = node.callFrame;
    let key = f.functionName || '(anonymous)';
    let file = f.url ? f.url.split('/').pop() : '(native)';
    if (f.url.includes('/assets/')) {
      const o = original(f.url, f.lineNumber, f.columnNumber);
      if (o) {
        key = `${o.name ?? f.functionName ?? '(anonymous)'} ${o.where}`;
        file = o.where.split(':')[0];
      }
    }
    self.set(key, (self.get(key) ?? 0) + ms);
    self.set(`file ${file}`, (self.get(`file ${file}`) ?? 0) + ms);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const url of urls) {
    const figures = [];
    for (let i = 0; i < runs; i++) {
      const result = analyse((await load(browser, url, false)).events);
      figures.push(result);
      if (process.env.TBT_TASKS === '1') {
        console.log(`  run ${i + 1}: ${result.tbt.toFixed(0)} ms`);
        for (const t of result.long)
          console.log(
            `    +${t.at.toFixed(0)} ms: ${t.ms.toFixed(1)} ms CPU (${t.wall.toFixed(1)} wall) → ${t.blocking.toFixed(0)}  ${t.what.join(' ')}`,
          );
      }
    }
    const tbts = figures.map((f) => f.tbt);
    console.log(
      `${url}: thread-CPU TBT median ${median(tbts).toFixed(0)} ms (${tbts.map((t) => t.toFixed(0)).join(', ')}), load ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
    );
    if (process.env.TBT_PROFILE === '1') {
      const { cpu, events } = await load(browser, url, true);
      const { long } = analyse(events);
      for (const t of long) {
        console.log(`  task +${t.at.toFixed(0)} ms: ${t.ms.toFixed(1)} ms CPU  ${t.what.join(' ')}`);
        for (const [name, ms] of profileTable(cpu, t.ts, t.ts + t.wall * 1000).slice(
          0,
          Number(process.env.TBT_TOP ?? 25),
        ))
          console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${name}`);
      }
    }
  }
} finally {
  await browser.close();
}
