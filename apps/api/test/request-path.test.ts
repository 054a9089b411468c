import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantRepository } from '../src/modules/tenants/repository.js';
import { createTestApp, type TestContext } from './support/app.js';

// What every answer carries now that one hook per stage does it all (decision 057).
const securityHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const token = 'metrics-token-for-request-path-0123456789';

/** The value of one series in Prometheus' text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((label) => (match[2] ?? '').split(',').includes(label)))
      return Number(match[3]);
  }
  return 0;
}

describe('the request path', () => {
  let ctx: TestContext;
  let restaurantId: number;
  let guest: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: token, RATE_LIMIT_MAX: '40' } });
    restaurantId = (
      await ctx.db
        .selectFrom('restaurants')
        .select('id')
        .where('tenant_id', '=', 139)
        .where('slug', '=', 'surry-hills')
        .executeTakeFirstOrThrow()
    ).id;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/auth/guest', payload: { tenant_id: 139 } });
    guest = res.json().data.guest_token;
  });
  afterAll(() => ctx.close());

  const scrape = async () =>
    (await ctx.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } })).body;

  it('puts every security header, a request id and a cache-control on answers of every kind', async () => {
    const answers = {
      menu: await ctx.app.inject({ url: `/api/v2/restaurants/${restaurantId}/menu` }),
      restaurant: await ctx.app.inject({ url: `/api/v2/restaurants/${restaurantId}?tenant_id=139` }),
      cart: await ctx.app.inject({ url: '/api/v2/cart', headers: { authorization: `Bearer ${guest}` } }),
      unauthenticated: await ctx.app.inject({ url: '/api/v2/cart' }),
      missing: await ctx.app.inject({ url: '/api/v2/nothing-here' }),
      nul: await ctx.app.inject({ url: `/api/v2/restaurants/${restaurantId}/menu?channel=%00` }),
      body: await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/cart',
        headers: { authorization: `Bearer ${guest}` },
        payload: { restaurant_id: restaurantId, notes: 'a\u0000b' },
      }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.statusCode])), answers.menu.body).toEqual({
      menu: 200,
      restaurant: 200,
      cart: 200,
      unauthenticated: 401,
      missing: 404,
      nul: 400,
      body: 400,
    });
    for (const [name, res] of Object.entries(answers)) {
      for (const header of securityHeaders) expect(res.headers[header], `${name}: ${header}`).toBeTruthy();
      // No inline script for an API answer: the nonce is only a page's (decision 055).
      expect(res.headers['content-security-policy']).not.toContain('nonce-');
      expect(res.headers['x-request-id'], name).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-powered-by']).toBeUndefined();
      if (res.statusCode >= 400) expect(res.json().error.request_id, name).toBe(res.headers['x-request-id']);
    }
    expect(answers.menu.headers['cache-control']).toBe('public, no-cache');
    expect(answers.restaurant.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    for (const name of ['cart', 'unauthenticated', 'missing', 'nul', 'body'] as const)
      expect(answers[name].headers['cache-control'], name).toBe('no-store');
    expect(answers.nul.json().error.fields).toEqual({ channel: expect.any(String) });
    expect(answers.body.json().error.fields).toEqual({ notes: expect.any(String) });
  });

  it('counts every answer by route pattern, method and status, also those refused before their route', async () => {
    const cartRoute = { method: 'GET', route: '/api/v2/cart', status: '200' };
    const missing = { method: 'GET', route: 'unmatched', status: '404' };
    const refused = { method: 'GET', route: '/api/health', status: '429' };
    const before = await scrape();
    await ctx.app.inject({ url: '/api/v2/cart', headers: { authorization: `Bearer ${guest}` } });
    await ctx.app.inject({ url: '/api/v2/cart', headers: { authorization: `Bearer ${guest}` } });
    await ctx.app.inject({ url: '/api/v2/nothing-here' });
    // Past the limit, the rate limiter answers before the route's own hook runs.
    let last = 0;
    // Another client's address, so that this one's scrape is not refused too.
    for (let i = 0; i < 45 && last !== 429; i++)
      last = (await ctx.app.inject({ url: '/api/health', remoteAddress: '192.0.2.7' })).statusCode;
    expect(last).toBe(429);
    const after = await scrape();
    const name = 'storefront_http_request_duration_seconds_count';
    expect(sample(after, name, cartRoute)).toBe(sample(before, name, cartRoute) + 2);
    expect(sample(after, name, missing)).toBe(sample(before, name, missing) + 1);
    expect(sample(after, name, refused)).toBe(sample(before, name, refused) + 1);
    // Buckets are cumulative and end at the count; the sum is the time taken.
    const buckets = after
      .split('\n')
      .filter(
        (l) => l.startsWith('storefront_http_request_duration_seconds_bucket{') && l.includes('route="/api/v2/cart"'),
      )
      .filter((l) => l.includes('method="GET"') && l.includes('status="200"'))
      .map((l) => Number(l.split(' ').at(-1)));
    expect(buckets.length).toBe(12);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets.at(-1)).toBe(sample(after, name, cartRoute));
    expect(after).toMatch(/storefront_http_request_duration_seconds_bucket\{[^}]*le="\+Inf"[^}]*\} \d+/);
    expect(sample(after, 'storefront_http_request_duration_seconds_sum', cartRoute)).toBeGreaterThan(0);
  });
});

describe('a precompiled read while a transaction is open', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("never sees the transaction's uncommitted rows (on SQLite it waits for its end)", async () => {
    const tenants = tenantRepository(ctx.db);
    const host = 'uncommitted.example.test';
    expect(await tenants.findForHost(host, 0)).toBeUndefined();
    let read: Promise<unknown> | undefined;
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('tenants').set({ host }).where('id', '=', 139).execute();
        read = tenants.findForHost(host, 0);
        // Let the read run, if it can, while the update is uncommitted.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await read).toBeUndefined();
    expect(await tenants.findForHost(host, 0)).toBeUndefined();
  });
});
