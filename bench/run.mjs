// `npm run bench`: page weight, API throughput and server memory beside their goals (decision 034).
// Not part of `npm test`: figures depend on the machine, so they are reported, never asserted. Every
// API figure is also given as a ratio to a Fastify hello-world measured in the same run (bench/hello.mjs),
// before the API's figures and again after them (the yardstick is the mean of the two).
//
// The API is started the way `npm start` starts it (its Node flags too), on a fresh SQLite file and, when
// TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set, on a fresh PostgreSQL database; with
// TEST_REDIS_URL (or BENCH_REDIS_URL) set too, orders are also placed on PostgreSQL with two API
// processes sharing the port (WORKERS=2). Each database is a bench copy of the demo: open around the
// clock, with the kitchen's orders per slot raised, so the bench measures the server and not the
// capacity rule. The menu is measured once more at LOG_LEVEL=info (the default), its log going to a
// file. BENCH_NODE=lts runs the API on the current Node LTS. BENCH_NODE_ARGS passes flags to the
// API's node (a CPU profile). BENCH_SECONDS (default 8) sets each measurement's length; the JSON of
// the run is written to .bench-output/. BENCH_API=0 skips the API's figures (a pages-only run:
// first-route JavaScript and Lighthouse against a fresh demo server, no load before them).
// BENCH_ONLY=menu, cart or orders measures hello-world and those calls alone, on each database
// (decisions 062, 063). On PostgreSQL the CPU time of the bench database's backends per answer is
// reported beside the API's when the server runs on this machine (decision 068), and each figure is
// measured after an `analyze` of the bench database, as autovacuum keeps a running server's
// statistics (decision 079). BENCH_DIALECT=sqlite or postgres measures one database only (a CPU
// profile of one).
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import nodeModule from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../scripts/free-port.mjs';
import { buildIfNeeded, root, startFlags } from '../scripts/lib.mjs';
import { prepareNodeLts } from '../scripts/node-lts.mjs';

const apiRequire = nodeModule.createRequire(path.join(root, 'apps/api/package.json'));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const warmSeconds = Math.max(1, Math.round(seconds / 4));
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
const tenantId = 139; // the demo business (TENANT_ID default)
// BENCH_NODE=lts: the API on the current Node LTS (.cache/node-lts), as the README recommends.
const apiNode = process.env.BENCH_NODE === 'lts' ? prepareNodeLts().node : process.execPath;
const only = process.env.BENCH_ONLY; // 'menu', 'cart' or 'orders'
const dialect = process.env.BENCH_DIALECT; // 'sqlite' or 'postgres': that one only

const goals = {
  entryJsGzipKb: 130,
  entryCssGzipKb: 10,
  menuRatio: 0.4,
  menuP99Ms: 15,
  cartRatio: 0.15,
  cartP99Ms: 20,
  ordersPerSecond: 1000,
  ordersP99Ms: 50,
  postgresToSqlite: 0.5,
  infoToWarn: 0.8,
  serverRssMb: 250,
};

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

/**
 * The process's CPU time so far (user + system), in ms; Linux only, 0 elsewhere. `thread`: only its
 * main thread's, the one that serves requests (decision 067: garbage collector helpers and the WAL
 * checkpoint thread are not in it).
 */
function cpuMs(pid, thread = false) {
  try {
    const file = thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Resident memory of a process and every process under it (the cluster's workers), in MB: in all
 * (`VmRSS`) and its parts (`RssAnon`: the heaps; `RssFile`: mapped files, SQLite's memory-mapped
 * pages among them; `RssShmem`), each process's status read once; and the proportional set size
 * (`Pss`), the memory the processes take from the machine together.
 */
function memoryMb(pid) {
  const fields = { rssMb: 'VmRSS', anonMb: 'RssAnon', fileMb: 'RssFile', shmemMb: 'RssShmem' };
  const kb = Object.fromEntries([...Object.keys(fields), 'pssMb'].map((k) => [k, 0]));
  const field = (text, name) => Number(text.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
  const read = (p) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      for (const [k, name] of Object.entries(fields)) kb[k] += field(status, name);
      // Each process's share of the pages it shares (Node's binary with its siblings): resident
      // sets summed count those pages once per process.
      kb.pssMb += field(fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'), 'Pss');
      for (const t of fs.readdirSync(`/proc/${p}/task`)) {
        for (const child of fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean)) {
          read(child);
        }
      }
    } catch {
      // The process has ended: it holds nothing.
    }
  };
  read(pid);
  return Object.fromEntries(Object.entries(kb).map(([k, v]) => [k, Math.round(v / 1024)]));
}

async function waitFor(url, proc) {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}) before answering ${url}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

async function stop(proc) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGINT');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}

// BENCH_API_LOG=file appends the API's log (warnings and errors at the default level) to that file.
const apiLog = process.env.BENCH_API_LOG ? fs.openSync(process.env.BENCH_API_LOG, 'a') : 'ignore';

async function startApi(databaseUrl, extraEnv = {}, stdout = apiLog) {
  const port = await freePort();
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=.bench-output/profiles' profiles the API (decision 034).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(apiNode, [...startFlags, ...nodeArgs, path.join(root, 'scripts/start.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
      DATABASE_URL: databaseUrl,
      ...extraEnv,
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, proc);
  return { proc, base };
}

/** The bench copy of the demo: every restaurant open around the clock, slots that never fill. */
async function raiseCapacity(exec) {
  await exec('update fulfilment_settings set max_orders_per_slot = 1000000');
  await exec('delete from restaurant_hours');
  const restaurants = await exec('select id, tenant_id from restaurants order by id');
  for (const r of restaurants)
    for (const method of ['pickup', 'delivery', 'dine_in'])
      for (let weekday = 0; weekday < 7; weekday++)
        await exec(
          `insert into restaurant_hours (tenant_id, restaurant_id, method, weekday, opens_at, closes_at) values (${r.tenant_id}, ${r.id}, '${method}', ${weekday}, '00:00', '24:00')`,
        );
  return restaurants.find((r) => Number(r.tenant_id) === tenantId).id;
}

async function sqliteCopy(dir) {
  const url = `sqlite:${dir}/bench.sqlite`;
  const { proc } = await startApi(url); // migrates and seeds the demo
  await stop(proc);
  const Driver = apiRequire('better-sqlite3');
  const db = new Driver(`${dir}/bench.sqlite`);
  const restaurantId = await raiseCapacity(async (q) =>
    q.startsWith('select') ? db.prepare(q).all() : db.prepare(q).run(),
  );
  db.close();
  return { url, restaurantId, drop: async () => {} };
}

async function postgresCopy(serverUrl) {
  const pg = apiRequire('pg');
  const name = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { proc } = await startApi(url.href);
  await stop(proc);
  const db = new pg.Client({ connectionString: url.href });
  await db.connect();
  const restaurantId = await raiseCapacity(async (q) => (await db.query(q)).rows);
  await db.end();
  return {
    url: url.href,
    restaurantId,
    /**
     * Statistics as a running server has them (decision 079): the copy's tables grew from the demo's
     * rows to thousands in the seconds of a set-up, faster than autovacuum's minute notices.
     */
    analyze: async () => {
      const c = new pg.Client({ connectionString: url.href });
      await c.connect();
      await c.query('analyze');
      await c.end();
    },
    /** The CPU time so far of the database's backends (the API's pooled connections), in ms. */
    cpuMs: async () => {
      const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [name]);
      return rows.reduce((sum, r) => sum + cpuMs(r.pid), 0);
    },
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * autocannon after a warm-up: rps, p50/p99 (ms), errors (failed, timed out or not 2xx/304).
 * `lastAt`: when the last response came (performance.now()). With `amount`, autocannon notices it
 * is done only at its next one-second tick, so a count over its run time is rounded down to whole
 * seconds (decision 059): 300 orders answered in 1.1 s read as 150 a second.
 */
async function measure(options, pid, database) {
  let lastAt = 0;
  const run = (extra) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ connections: 50, ...options, ...extra }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      instance.on('error', () => {});
      instance.on('response', () => {
        lastAt = performance.now();
      });
    });
  if (!options.amount) await run({ duration: warmSeconds });
  await database?.analyze();
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const dbBefore = database ? await database.cpuMs() : 0;
  const mainBefore = pid ? cpuMs(pid, true) : 0;
  const r = await run(options.amount ? {} : { duration: seconds });
  const dbAfter = database ? await database.cpuMs() : 0;
  const elapsed = r.duration || seconds;
  const done = r.requests.total;
  return {
    rps: Math.round(done / elapsed),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: done,
    // The API's CPU per answer: steadier than rps on a shared machine, so A/B runs compare it.
    ...(pid && done
      ? {
          cpuUs: Math.round(((cpuMs(pid) - cpuBefore) * 1000) / done),
          mainUs: Math.round(((cpuMs(pid, true) - mainBefore) * 1000) / done),
        }
      : {}),
    ...(database && done ? { dbCpuUs: Math.round(((dbAfter - dbBefore) * 1000) / done) } : {}),
    ...(options.amount ? { lastAt } : {}),
  };
}

const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function api(base, url, token, init = {}) {
  const res = await fetch(`${base}/api${url}`, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body.error)}`);
  return body.data;
}

/** `count` calls of `fn`, `concurrency` at a time. */
async function pool(count, concurrency, fn) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

async function shop(base, restaurantId) {
  const menu = await api(base, `/v2/restaurants/${restaurantId}/menu`);
  const product = menu.products.find(
    (p) => p.is_available && !p.is_half_and_half && p.modifier_groups.every((g) => g.min_select === 0),
  );
  const line = {
    restaurant_id: restaurantId,
    restaurant_product_id: product.id,
    product_id: product.product_id,
    quantity: 1,
    is_half_and_half: false,
    notes: '',
    modifiers: [],
    configurations: product.attributes.map((a) => {
      const v = a.values.find((x) => x.is_default) ?? a.values[0];
      return { attribute_id: a.id, attribute_value_id: v?.id, price_adjustment: 0 };
    }),
  };
  const timesUrl = `/v2/restaurants/${restaurantId}/fulfilment-times?method=pickup`;
  const first = await api(base, timesUrl);
  const slots = [];
  // The day's first hour of times is left out: a time that is offered now may fall inside the lead
  // time while the orders are placed, and its orders would rightly be refused (a 422 in the count).
  const minutes = (hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const firstTime = first.times.find((t) => t.value !== 'asap')?.value;
  for (const date of first.dates) {
    const day = date === first.date ? first : await api(base, `${timesUrl}&date=${date}`);
    for (const t of day.times) {
      if (t.value === 'asap') continue;
      if (date === first.date && firstTime && minutes(t.value) < minutes(firstTime) + 60) continue;
      slots.push({ pickup_date: date, pickup_time: t.value });
    }
  }
  return { restaurantId, line, slots };
}

async function guestWithCart(base, line, lines) {
  const { guest_token, guest } = await api(base, '/v2/auth/guest', null, json({ tenant_id: tenantId }));
  for (let i = 0; i < lines; i++) await api(base, '/v2/cart', guest_token, json({ ...line, guest_id: guest.guest_id }));
  return { token: guest_token, guestId: guest.guest_id };
}

/** A request source cycling through prepared items; autocannon calls it for each request. */
function cycling(items, build) {
  let i = 0;
  return [{ setupRequest: (req) => ({ ...req, ...build(items[i++ % items.length]) }) }];
}

/**
 * Places one order per prepared guest cart (each its own guest), spread over the week's slots, after
 * a warm-up of a fifth as many orders (at most 500) that are not counted: the order path's code is
 * compiled by then, as it is in a server that has been up a while. `pid`, when given: the API's CPU
 * per order over the measured orders is reported beside the rate.
 */
async function measureOrders(base, s, count, connections, pid, database) {
  const warm = Math.min(500, Math.ceil(count / 5));
  const guests = await pool(count + warm, 20, () => guestWithCart(base, s.line, 1));
  const orderOf = ({ g, slot }) => ({
    method: 'POST',
    path: '/api/v2/orders',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${g.token}`,
      'idempotency-key': `bench_${randomUUID()}`,
    },
    body: JSON.stringify({
      restaurant_id: s.restaurantId,
      method: 'pickup',
      ...slot,
      payment_method: 'cash_on_delivery',
      guest_details: { name: 'Bench Guest', email: `bench-${g.guestId}@example.test`, phone_no: '0412 345 678' },
    }),
  });
  const placed = guests.map((g, i) => ({ g, slot: s.slots[i % s.slots.length] }));
  await measure({ url: base, connections, amount: warm, requests: cycling(placed.slice(0, warm), orderOf) });
  const started = performance.now();
  const r = await measure(
    { url: base, connections, amount: count, requests: cycling(placed.slice(warm), orderOf) },
    pid,
    database,
  );
  const { lastAt, cpuUs, mainUs, dbCpuUs, ...figures } = r;
  return {
    ...figures,
    rps: Math.round(count / ((lastAt - started) / 1000)),
    ...(cpuUs ? { cpuUsPerOrder: cpuUs, mainThreadUsPerOrder: mainUs } : {}),
    ...(dbCpuUs ? { dbCpuUsPerOrder: dbCpuUs } : {}),
  };
}

async function measureApi(label, base, pid, restaurantId, orderCount, database) {
  const s = await shop(base, restaurantId);
  console.error(`[bench] ${label}: ${s.slots.length} pickup slots this week`);
  if (only === 'orders') {
    const orders = await measureOrders(base, s, orderCount, 20, pid, database);
    return { orders, ...memoryMb(pid) };
  }
  const menu =
    only === 'cart'
      ? undefined
      : await measure(
          { url: `${base}/api/v2/restaurants/${s.restaurantId}/menu`, headers: { 'accept-encoding': 'br, gzip' } },
          pid,
          database,
        );
  if (only === 'menu') return { menu, ...memoryMb(pid) };
  const readers = await pool(50, 10, () => guestWithCart(base, s.line, 1));
  const cartRead = await measure(
    {
      url: base,
      requests: cycling(readers, (g) => ({
        method: 'GET',
        path: `/api/v2/cart?guest_id=${g.guestId}`,
        headers: { authorization: `Bearer ${g.token}` },
      })),
    },
    pid,
    database,
  );
  // Enough carts that none fills up (100 lines) while it is added to: the add may outrun the read
  // (decision 066), so three times the read's rate, at about 60 lines a cart.
  const adders = await pool(Math.max(200, Math.ceil((cartRead.rps * 3 * (seconds + warmSeconds)) / 60)), 10, () =>
    guestWithCart(base, s.line, 0),
  );
  const cartAdd = await measure(
    {
      url: base,
      requests: cycling(adders, (g) => ({
        method: 'POST',
        path: '/api/v2/cart',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${g.token}` },
        body: JSON.stringify({ ...s.line, guest_id: g.guestId }),
      })),
    },
    pid,
    database,
  );
  const orders = only === 'cart' ? undefined : await measureOrders(base, s, orderCount, 20, pid, database);
  return { menu, cartRead, cartAdd, orders, ...memoryMb(pid) };
}

buildIfNeeded();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const procs = [];
const results = {
  at: new Date().toISOString(),
  seconds,
  cpus: os.cpus().length,
  loadavg: os.loadavg(),
  apiNode: execFileSync(apiNode, ['--version']).toString().trim(),
};
let helloAgain = async () => {};
try {
  const apiFigures = process.env.BENCH_API !== '0';
  if (apiFigures) {
    const helloPort = await freePort();
    const hello = spawn(process.execPath, [path.join(root, 'bench/hello.mjs')], {
      env: { ...process.env, PORT: String(helloPort) },
      stdio: 'ignore',
    });
    procs.push(hello);
    await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
    results.hello = await measure({ url: `http://127.0.0.1:${helloPort}/` });
    // Measured again once the API's figures are in (below): the yardstick is the two runs' mean, so
    // a machine that got busier or quieter in between moves it as it moved the figures.
    helloAgain = async () => {
      results.helloEnd = await measure({ url: `http://127.0.0.1:${helloPort}/` });
      await stop(hello);
    };
  }

  const orderCount = Number(process.env.BENCH_ORDERS ?? 3000);
  let pageRows = [];
  const sqlite = dialect === 'postgres' ? undefined : await sqliteCopy(dir);
  if (sqlite) {
    const { proc, base } = await startApi(sqlite.url);
    procs.push(proc);
    if (apiFigures) results.sqlite = await measureApi('sqlite', base, proc.pid, sqlite.restaurantId, orderCount);
    // Page weight and Lighthouse mobile (decision 035) against the same server, after the load.
    // BENCH_PAGES=0 skips them (an API-only run, e.g. under a CPU profile).
    if (process.env.BENCH_PAGES !== '0' && !only) pageRows = await (await import('./pages.mjs')).pageRows(base);
    await stop(proc);
  }
  if (sqlite && apiFigures && !only) {
    // The menu again at the default log level, its lines going to a file (decision 055).
    const log = fs.openSync(path.join(dir, 'info.log'), 'a');
    const { proc, base } = await startApi(sqlite.url, { LOG_LEVEL: 'info' }, log);
    procs.push(proc);
    results.sqliteInfo = {
      menu: await measure(
        { url: `${base}/api/v2/restaurants/${sqlite.restaurantId}/menu`, headers: { 'accept-encoding': 'br, gzip' } },
        proc.pid,
      ),
    };
    await stop(proc);
    fs.closeSync(log);
  }
  if (pgUrl && apiFigures && dialect !== 'sqlite') {
    const copy = await postgresCopy(pgUrl);
    try {
      const { proc, base } = await startApi(copy.url);
      procs.push(proc);
      results.postgres = await measureApi('postgres', base, proc.pid, copy.restaurantId, orderCount, copy);
      await stop(proc);
      if (redisUrl && only !== 'cart' && only !== 'menu') {
        // Two API processes on this machine, one port (Node cluster), orders only (spec of scale-out).
        const two = await startApi(copy.url, {
          WORKERS: '2',
          REDIS_URL: redisUrl,
          REDIS_PREFIX: `bench-${process.pid}:`,
        });
        procs.push(two.proc);
        const s = await shop(two.base, copy.restaurantId);
        results.postgres2 = {
          orders: await measureOrders(two.base, s, orderCount, 20, undefined, copy),
          ...memoryMb(two.proc.pid),
        };
        await stop(two.proc);
      }
    } finally {
      await copy.drop();
    }
  }
  await helloAgain();
  results.assets = entryAssets();

  const yard = results.hello && results.helloEnd && Math.round((results.hello.rps + results.helloEnd.rps) / 2);
  const lat = (m) =>
    `${m.rps} rps, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors${m.cpuUs ? `, API CPU ${m.cpuUs} µs/req` : ''}${m.dbCpuUs ? `, PG ${m.dbCpuUs} µs/req` : ''}`;
  const rows = [
    [
      'first-load JS (gzip)',
      `${results.assets.js.toFixed(1)} KB`,
      `≤ ${goals.entryJsGzipKb} KB`,
      results.assets.js <= goals.entryJsGzipKb,
    ],
    [
      'first-load CSS (gzip)',
      `${results.assets.css.toFixed(1)} KB`,
      `≤ ${goals.entryCssGzipKb} KB`,
      results.assets.css <= goals.entryCssGzipKb,
    ],
  ];
  if (results.hello && results.helloEnd) {
    rows.push(
      ['hello-world, first', lat(results.hello), '', true],
      ['hello-world, last', lat(results.helloEnd), '', true],
      ['hello-world (yardstick)', `${yard} rps, the two runs' mean`, '', true],
    );
  }
  for (const [db, r] of [
    ['sqlite', results.sqlite],
    ['postgres', results.postgres],
  ]) {
    if (!r) continue;
    const ratio = (m) => `${(m.rps / yard).toFixed(3)}× hello`;
    // The rate goals are SQLite's; PostgreSQL's is a share of SQLite's (the postgres/sqlite rows),
    // its latency and error goals the same.
    const onSqlite = db === 'sqlite';
    const rate = (text, met) => (onSqlite ? [text, met] : [`rate ≥ ${goals.postgresToSqlite}× sqlite (below)`, true]);
    const judged = (m, [rateText, rateMet], p99Ms) => [
      `${rateText}, p99 ≤ ${p99Ms} ms${m === r.orders ? ', 0 errors' : ''}`,
      rateMet && m.p99 <= p99Ms && m.errors === 0,
    ];
    const measured = [
      r.menu && [
        `${db} GET menu`,
        `${lat(r.menu)}, ${ratio(r.menu)}`,
        ...judged(r.menu, rate(`≥ ${goals.menuRatio}×`, r.menu.rps / yard >= goals.menuRatio), goals.menuP99Ms),
      ],
      r.cartRead && [
        `${db} GET cart`,
        `${lat(r.cartRead)}, ${ratio(r.cartRead)}`,
        ...judged(r.cartRead, rate(`≥ ${goals.cartRatio}×`, r.cartRead.rps / yard >= goals.cartRatio), goals.cartP99Ms),
      ],
      r.cartAdd && [
        `${db} POST cart`,
        `${lat(r.cartAdd)}, ${ratio(r.cartAdd)}`,
        ...judged(r.cartAdd, rate(`≥ ${goals.cartRatio}×`, r.cartAdd.rps / yard >= goals.cartRatio), goals.cartP99Ms),
      ],
      r.orders && [
        `${db} POST orders (c=20)`,
        `${lat(r.orders)}${r.orders.cpuUsPerOrder ? `, API CPU ${r.orders.cpuUsPerOrder} µs/order (main thread ${r.orders.mainThreadUsPerOrder})` : ''}${r.orders.dbCpuUsPerOrder ? `, PG ${r.orders.dbCpuUsPerOrder} µs/order` : ''}`,
        ...judged(
          r.orders,
          rate(`≥ ${goals.ordersPerSecond}/s`, r.orders.rps >= goals.ordersPerSecond),
          goals.ordersP99Ms,
        ),
      ],
      [
        `${db} server RSS after load`,
        `${r.rssMb} MB (anonymous ${r.anonMb}, files ${r.fileMb}, shared ${r.shmemMb})`,
        `≤ ${goals.serverRssMb} MB`,
        r.rssMb <= goals.serverRssMb,
      ],
    ];
    rows.push(...measured.filter(Boolean));
  }
  if (results.sqliteInfo) {
    const m = results.sqliteInfo.menu;
    const ratio = m.rps / results.sqlite.menu.rps;
    rows.push([
      'sqlite GET menu, LOG_LEVEL=info',
      `${lat(m)}, ${ratio.toFixed(2)}× of warn`,
      `≥ ${goals.infoToWarn}× of warn`,
      ratio >= goals.infoToWarn && m.errors === 0,
    ]);
  }
  if (results.postgres) {
    for (const k of ['menu', 'cartRead', 'cartAdd', 'orders']) {
      if (!results.postgres[k] || !results.sqlite?.[k]) continue;
      const ratio = results.postgres[k].rps / results.sqlite[k].rps;
      rows.push([
        `postgres/sqlite ${k}`,
        `${ratio.toFixed(2)}×`,
        `≥ ${goals.postgresToSqlite}×`,
        ratio >= goals.postgresToSqlite,
      ]);
    }
  }
  if (results.postgres2) {
    const ratio = results.postgres2.orders.rps / results.postgres.orders.rps;
    rows.push(
      [
        'postgres 2 processes orders',
        lat(results.postgres2.orders),
        'reported (scale-out)',
        results.postgres2.orders.errors === 0,
      ],
      ['postgres 2 / 1 process orders', `${ratio.toFixed(2)}×`, 'reported (2 cores)', true],
      [
        'postgres 2 processes memory',
        `${results.postgres2.pssMb} MB proportional (resident ${results.postgres2.rssMb}: anonymous ${results.postgres2.anonMb}, files ${results.postgres2.fileMb}, shared ${results.postgres2.shmemMb})`,
        `≤ ${goals.serverRssMb * 2} MB`,
        results.postgres2.pssMb <= goals.serverRssMb * 2,
      ],
    );
  }
  rows.push(...pageRows);
  console.log(`\nload average at start ${results.loadavg.map((l) => l.toFixed(2)).join(' ')} on ${results.cpus} cores`);
  console.log(`API on Node ${results.apiNode}`);
  for (const [name, value, goal, ok] of rows)
    console.log(`${ok ? 'ok  ' : 'MISS'}  ${name.padEnd(30)} ${value.padEnd(70)} ${goal}`);
  results.rows = rows.map(([name, value, goal, ok]) => ({ name, value, goal, ok }));
  const out = path.join(root, '.bench-output');
  fs.mkdirSync(out, { recursive: true });
  const file = path.join(out, `bench-${results.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  fs.copyFileSync(file, path.join(out, 'latest.json'));
  console.log(`\n${file}`);
} finally {
  for (const p of procs) await stop(p);
  fs.rmSync(dir, { recursive: true, force: true });
}
