import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { addTenant } from './support/tenants.js';

/** A stand-in for apps/web/dist with the same layout the Vite build produces. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'images'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Order Online</title><!--app-head--></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  // The build's precompressed copies (decision 060), as its `precompressed` step writes them.
  const chunk = Buffer.from(`export const text = ${JSON.stringify('menu '.repeat(2000))};`);
  fs.writeFileSync(path.join(dir, 'assets', 'chunk-def456.js'), chunk);
  fs.writeFileSync(path.join(dir, 'assets', 'chunk-def456.js.br'), brotliCompressSync(chunk));
  fs.writeFileSync(path.join(dir, 'assets', 'chunk-def456.js.gz'), gzipSync(chunk, { level: 9 }));
  fs.writeFileSync(path.join(dir, 'images', 'hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

function runtimeConfigOf(html: string) {
  const match = html.match(/window\.__STOREFRONT_CONFIG__=(.*?)<\/script>/);
  if (!match?.[1]) throw new Error('no runtime config in the page');
  return JSON.parse(match[1]);
}

describe('serving the storefront', () => {
  let ctx: TestContext;
  let webDist: string;
  beforeAll(async () => {
    webDist = fakeWebBuild();
    ctx = await createTestApp({ config: { webDist } });
    await addTenant(ctx.db, { name: 'Luigi </script><script>alert(1)</script>', host: 'order.luigi.example' });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/menu', '/order-confirmation/123?token=abc', '/index.html'])(
    'serves index.html with the default tenant inlined at %s',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const { settings, ...config } = runtimeConfigOf(res.body);
      expect(config).toEqual({
        apiBase: '/api',
        tenantId: 139,
        tenant: {
          name: 'Bella Nonna Pizzeria & Grill',
          currency: 'AUD',
          locale: 'en-AU',
          timezone: 'Australia/Sydney',
          taxName: 'GST',
        },
      });
      expect(settings.is_online_order_enabled).toBe(1);
      expect(settings.theme.general.businessFullName).toBe('Bella Nonna Pizzeria & Grill');
      expect(res.body).toContain('<title>Bella Nonna Pizzeria &#38; Grill | Order Online</title>');
    },
  );

  it('allows the inline config script by a per-response nonce and nothing else inline', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/' });
    const second = await ctx.app.inject({ method: 'GET', url: '/' });
    const nonce = first.body.match(/<script nonce="([^"]+)">/)?.[1];
    expect(nonce).toBeTruthy();
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(second.body).not.toContain(`nonce="${nonce}"`);
  });

  it("sends helmet's headers, computed once, on pages and API answers alike; only a page has a nonce", async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    const api = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    for (const res of [page, api]) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
        'x-frame-options': 'SAMEORIGIN',
        'cross-origin-opener-policy': 'same-origin',
        'strict-transport-security': expect.stringContaining('max-age='),
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain('nonce-mark');
    }
    const pageCsp = String(page.headers['content-security-policy']);
    const apiCsp = String(api.headers['content-security-policy']);
    expect(pageCsp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' /);
    // An answer that is not a page runs no inline script: the same policy, less the nonce.
    expect(apiCsp).not.toContain('nonce-');
    expect(apiCsp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(apiCsp).toBe(pageCsp.replace(/ 'nonce-[^']+'/, ''));
  });

  it('lets Stripe.js and its card iframes load, and nothing else from outside', async () => {
    const csp = String((await ctx.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://js.stripe.com');
    expect(directive('frame-src')).toContain('https://hooks.stripe.com');
    expect(directive('connect-src')).toContain('https://api.stripe.com');
    expect(directive('default-src').trim()).toBe("default-src 'self'");
  });

  it('serves the tenant mapped to the request host, with its texts kept out of the markup', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: 'order.luigi.example' } });
    expect(res.statusCode).toBe(200);
    const config = runtimeConfigOf(res.body);
    expect(config.tenantId).toBe(7);
    expect(config.tenant.currency).toBe('NZD');
    expect(config.tenant.name).toBe('Luigi </script><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('<title>Luigi &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
  });

  it("answers a disabled business's host with a plain 503 page naming it, never another business's shop", async () => {
    await addTenant(ctx.db, {
      id: 8,
      name: 'Closed Kitchen',
      slug: 'closed',
      host: 'closed.example',
      disabled_at: new Date().toISOString(),
    });
    const res = await ctx.app.inject({ method: 'GET', url: '/menu', headers: { host: 'closed.example' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Closed Kitchen</h1>');
    expect(res.body).toContain('not taking orders online');
    expect(res.body).not.toContain('__STOREFRONT_CONFIG__');
    expect(res.body).not.toContain('Bella Nonna');
  });

  it('inlines the tenant theme colours and SEO tags, so the first paint needs no settings call', async () => {
    await ctx.db
      .updateTable('app_settings')
      .set({
        web_config: JSON.stringify({
          colors: { primary: '#225588' },
          seo: {
            title: 'Bella "Nonna" <b>Online</b>',
            description: 'Pizza & pasta',
            keywords: ['pizza', 'pasta'],
            ogImage: '/images/hero.svg',
            twitterHandle: '@bellanonna',
            themeColor: '#225588',
            appleTouchIcon: '/apple-touch-icon.png',
          },
        }),
      })
      .where('tenant_id', '=', 139)
      .execute();
    const res = await ctx.app.inject({ method: 'GET', url: '/contact' });
    const html = res.body;
    expect(runtimeConfigOf(html).settings.theme.colors.primary).toBe('#225588');
    expect(html).toContain('<style>:root{--primary:#225588;');
    expect(html).toContain('<title>Bella &#34;Nonna&#34; &#60;b&#62;Online&#60;/b&#62;</title>');
    expect(html).not.toContain('<b>Online</b>');
    expect(html).toContain('<meta name="description" content="Pizza &#38; pasta">');
    expect(html).toContain('<meta name="keywords" content="pizza, pasta">');
    expect(html).toContain('<meta name="theme-color" content="#225588">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/images/hero.svg">');
    expect(html).toContain('<meta name="twitter:site" content="@bellanonna">');
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps a hand-written bad colour out of the inlined CSS', async () => {
    await ctx.db
      .updateTable('app_settings')
      .set({ web_config: JSON.stringify({ colors: { primary: 'red}</style><script>alert(1)</script>' } }) })
      .where('tenant_id', '=', 139)
      .execute();
    const html = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('--primary:#8b0000');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    ['br', 'br, gzip', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)("sends the build's %s copy of an asset as it is", async (encoding, accepted, decompress) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/chunk-def456.js',
      headers: { 'accept-encoding': accepted },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const copy = fs.readFileSync(path.join(webDist, 'assets', `chunk-def456.js.${encoding === 'br' ? 'br' : 'gz'}`));
    expect(res.rawPayload.equals(copy)).toBe(true);
    expect(decompress(res.rawPayload).toString()).toBe(
      fs.readFileSync(path.join(webDist, 'assets', 'chunk-def456.js'), 'utf8'),
    );
  });

  it('sends an asset plain to a client that accepts no compression', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/chunk-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(fs.readFileSync(path.join(webDist, 'assets', 'chunk-def456.js'), 'utf8'));
  });

  it('caches other public files briefly', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/images/hero.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['GET', '/assets/missing-123.js'],
    ['GET', '/api/unknown'],
    ['GET', '/api'],
    ['POST', '/menu'],
  ] as const)('answers %s %s with a JSON 404, not the page', async (method, url) => {
    const res = await ctx.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'not_found', message: 'Not found', request_id: expect.any(String) },
    });
  });
});

describe('the API docs', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('publishes OpenAPI generated from the route schemas at /api/docs/json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const health = doc.paths['/api/health'].get;
    expect(health.responses['200'].content['application/json'].schema.properties.data.properties.dialect.enum).toEqual([
      'sqlite',
      'postgres',
    ]);
  });

  it('serves the interactive docs at /api/docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
