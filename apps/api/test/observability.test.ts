import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.js';
import { createTestApp, type TestContext } from './support/app.js';
import { newGuest, pickupOrder, type Shop, startShop } from './support/orders.js';
import { ownApiProcess } from './support/processes.js';

const token = 'metrics-token-for-tests-0123456789';
const scrape = (ctx: TestContext, authorization?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: authorization ? { authorization } : {},
  });

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((label) => have.includes(label))) return Number(match[3]);
  }
  return 0;
}

describe('/api/metrics', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => shop?.ctx.close());

  it('is refused without the bearer token, and with a wrong one', async () => {
    const none = await scrape(shop.ctx);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatchObject({ code: 'unauthorized' });
    const wrong = await scrape(shop.ctx, `Bearer ${token}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('storefront_');
  });

  it('counts an order placed, requests by route and status, queries and the pool, in the Prometheus format', async () => {
    const before = (await scrape(shop.ctx, `Bearer ${token}`)).body;
    const guest = await newGuest(shop.ctx);
    const placed = await pickupOrder(shop, guest, { payment_method: 'cash_on_delivery' });
    expect(placed.statusCode).toBe(201);
    const refused = await shop.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/orders',
      headers: { authorization: `Bearer ${guest.token}`, 'idempotency-key': 'key_metrics_refused_0001' },
      payload: { restaurant_id: shop.restaurantId, method: 'pickup', payment_method: 'cash_on_delivery' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);

    const res = await scrape(shop.ctx, `Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = res.body;
    const placedLabels = { method: 'pickup', payment: 'cash_on_delivery' };
    expect(sample(after, 'storefront_orders_placed_total', placedLabels)).toBe(
      sample(before, 'storefront_orders_placed_total', placedLabels) + 1,
    );
    const route = { method: 'POST', route: '/api/v2/orders', status: '201' };
    expect(sample(after, 'storefront_http_request_duration_seconds_count', route)).toBe(
      sample(before, 'storefront_http_request_duration_seconds_count', route) + 1,
    );
    const failures = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('storefront_orders_failed_total{method="pickup"'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    expect(failures(after)).toBe(failures(before) + 1);
    const dialect = shop.ctx.config.database.dialect;
    expect(
      sample(after, 'storefront_db_query_duration_seconds_count', { dialect, operation: 'select' }),
    ).toBeGreaterThan(sample(before, 'storefront_db_query_duration_seconds_count', { dialect, operation: 'select' }));
    // Kept outside prom-client's observe (decision 059), still a histogram: buckets add up to the count.
    const selects = { dialect, operation: 'select' };
    const count = sample(after, 'storefront_db_query_duration_seconds_count', selects);
    expect(sample(after, 'storefront_db_query_duration_seconds_bucket', { ...selects, le: '+Inf' })).toBe(count);
    expect(sample(after, 'storefront_db_query_duration_seconds_bucket', { ...selects, le: '5' })).toBeLessThanOrEqual(
      count,
    );
    expect(sample(after, 'storefront_db_query_duration_seconds_sum', selects)).toBeGreaterThan(0);
    if (dialect === 'postgres')
      expect(sample(after, 'storefront_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    expect(after).toContain('# TYPE storefront_event_streams_open gauge');
    expect(after).toContain('# TYPE storefront_job_runs_total counter');
  });

  it('counts open event streams', async () => {
    await shop.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shop.ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const guest = await newGuest(shop.ctx);
    const placed = await pickupOrder(shop, guest, { payment_method: 'cash_on_delivery' });
    const order = placed.json().data.order;
    const before = sample((await scrape(shop.ctx, `Bearer ${token}`)).body, 'storefront_event_streams_open');
    const abort = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${port}/api/v2/orders/${order.id}/events`, {
      headers: { authorization: `Bearer ${guest.token}` },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    expect(sample((await scrape(shop.ctx, `Bearer ${token}`)).body, 'storefront_event_streams_open')).toBe(before + 1);
    abort.abort();
    const streamRoute = { method: 'GET', route: '/api/v2/orders/:id/events' };
    await expect
      .poll(async () => sample((await scrape(shop.ctx, `Bearer ${token}`)).body, 'storefront_event_streams_open'))
      .toBe(before);
    // How long someone watched is no request latency: streams stay out of the request histogram.
    const after = (await scrape(shop.ctx, `Bearer ${token}`)).body;
    expect(sample(after, 'storefront_http_request_duration_seconds_count', streamRoute)).toBe(0);
    expect(sample(after, 'storefront_http_request_duration_seconds_count', { route: '/api/metrics' })).toBeGreaterThan(
      0,
    );
  });
});

describe('/api/metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('does not exist', async () => {
    const res = await scrape(ctx, 'Bearer anything-at-all-1234567890');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'not_found' });
  });
});

describe('request ids', () => {
  let ctx: TestContext;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '10.0.0.0/8' },
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
      extend: (app) => {
        app.get('/api/test/boom', async (request) => {
          // A service logging through the app's logger, not the request's: still names the request.
          app.log.warn({ step: 'charging' }, 'about to fail');
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (request.query) throw new Error('the payment provider hung up');
          throw new AppError('conflict', 'never');
        });
        // The same request logged by pino itself, as the access line was written before decision 065.
        app.get('/api/test/pino-line', (request, reply) => {
          request.log.info({ req: request, res: reply, responseTime: 1.5 }, 'request completed');
          reply.send({ data: null, error: null });
        });
      },
    });
  });
  afterAll(() => ctx?.close());

  it('names the request in the error answer, its header and every log line of that request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'internal', message: 'Something went wrong on our side', request_id: id },
    });
    const mine = lines.filter((line) => line.request_id === id);
    expect(mine.map((line) => line.msg)).toEqual(['about to fail', 'request failed', 'request completed']);
    // One line per request, when it is answered, with what the request was and how it ended.
    expect(mine.at(-1)).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/test/boom' },
      res: { statusCode: 500 },
      responseTime: expect.any(Number),
    });
    const failed = mine.find((line) => line.msg === 'request failed') as { err: { message: string } };
    expect(failed.err.message).toBe('the payment provider hung up');
    expect(lines.filter((line) => line.msg === 'about to fail').every((line) => line.request_id === id)).toBe(true);
  });

  it('answers every request with its own id, in 404s and validation errors too', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: '/api/nowhere' });
    const b = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: 'x' } });
    expect(a.statusCode).toBe(404);
    expect(b.statusCode).toBe(400);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(a.json().error.request_id).toBe(a.headers['x-request-id']);
    expect(b.json().error.request_id).toBe(b.headers['x-request-id']);
    const ok = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.headers['x-request-id']).toBeTruthy();
    expect(ok.json().error).toBeNull();
  });

  it("writes the access line as pino would: the same fields in the same order, the URL's secrets redacted", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/pino-line?reset_token=abcdef123456&x=1',
      remoteAddress: '10.1.2.3',
      headers: { host: 'shop.example:8080', 'x-forwarded-for': '198.51.100.4' },
    });
    const id = res.headers['x-request-id'];
    const [pinos, ours] = lines.filter((line) => line.request_id === id && line.msg === 'request completed');
    expect(ours).toBeDefined();
    expect(Object.keys(ours as object)).toEqual(Object.keys(pinos as object));
    expect(Object.keys(ours as object)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'request_id',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect({ ...ours, time: 0, responseTime: 0 }).toEqual({ ...pinos, time: 0, responseTime: 0 });
    expect(ours).toMatchObject({
      level: 30,
      time: expect.any(Number),
      req: {
        method: 'GET',
        url: '/api/test/pino-line?reset_token=[redacted]&x=1',
        host: 'shop.example:8080',
        remoteAddress: '198.51.100.4',
      },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // A URL a client filled with quotes and backslashes still makes one line of valid JSON.
    const odd = await ctx.app.inject({ method: 'GET', url: '/api/nowhere/%22a%5C"b\\' });
    const oddLine = lines.find((line) => line.request_id === odd.headers['x-request-id']);
    expect(oddLine).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 404 } });
  });

  it("keeps a trusted proxy's X-Request-Id, and makes a new one for anyone else", async () => {
    const proxied = 'edge-4f1c2a9e-7b7d';
    const viaProxy = await ctx.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': proxied },
    });
    expect(viaProxy.headers['x-request-id']).toBe(proxied);
    expect(viaProxy.json().error.request_id).toBe(proxied);
    const direct = await ctx.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': proxied },
    });
    expect(direct.headers['x-request-id']).not.toBe(proxied);
    const garbage = await ctx.app.inject({
      method: 'GET',
      url: '/api/nowhere',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'bad id\nwith a forged log line' },
    });
    expect(garbage.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('without TRUST_PROXY', () => {
  let ctx: TestContext;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(JSON.parse(line)) },
    });
  });
  afterAll(() => ctx?.close());

  it("believes no X-Forwarded-* header: the address is the socket's, the host the Host header's", async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.1.2.3',
      headers: {
        host: 'shop.example',
        'x-forwarded-for': '198.51.100.4',
        'x-forwarded-host': 'evil.example',
        'x-request-id': 'edge-4f1c2a9e-7b7d',
      },
    });
    const id = res.headers['x-request-id'];
    expect(id).not.toBe('edge-4f1c2a9e-7b7d');
    const line = lines.find((l) => l.request_id === id);
    expect(line).toMatchObject({ req: { host: 'shop.example', remoteAddress: '10.1.2.3' } });
  });
});

describe("the server process's log", () => {
  const server = ownApiProcess();

  it('writes one line per request to standard output, soon when quiet, and all of it on stop', async () => {
    // Decision 055: buffered in 4 KiB chunks, flushed each second and when the process stops.
    const started = await server.start({ LOG_LEVEL: 'info' });
    const res = await fetch(`${started.base}/api/health`);
    const id = res.headers.get('x-request-id');
    const linesOf = () =>
      started
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const deadline = Date.now() + 5000;
    while (!linesOf().some((line) => line.request_id === id) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const mine = linesOf().filter((line) => line.request_id === id);
    expect(mine).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }),
        res: { statusCode: 200 },
      }),
    ]);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(linesOf().at(-1)).toMatchObject({ msg: 'shutting down', signal: 'SIGTERM' });
  }, 120_000);
});
