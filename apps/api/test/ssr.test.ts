import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Menu } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signInAs } from './support/auth.js';
import { addPonsonby, addTenant } from './support/tenants.js';

// Decision 035: the public pages rendered by the web build's server bundle, in this process.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webDist = path.join(root, 'apps/web/dist');
const surryHills = '/menu?restaurant=bella-nonna-surry-hills';

const rootMarkup = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
const visibleText = (html: string) =>
  rootMarkup(html)
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

function jsonLdOf(html: string) {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/);
  if (!match?.[1]) throw new Error('no structured data in the page');
  return JSON.parse(match[1]);
}

describe('server-rendered storefront pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The real web build (client and server bundles), rebuilt only when its sources changed.
    const lib = (await import(pathToFileURL(path.join(root, 'scripts/lib.mjs')).href)) as {
      buildIfNeeded(options: { only: string }): void;
    };
    // As `npm start` builds it: vitest's NODE_ENV=test would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      lib.buildIfNeeded({ only: '@orderfront/web' });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    ctx = await createTestApp({ config: { webDist } });
    await addTenant(ctx.db, { host: 'luigi.example' });
    await addPonsonby(ctx.db);
    await ctx.db
      .insertInto('app_settings')
      .values({
        tenant_id: 7,
        restaurant_id: null,
        web_config: JSON.stringify({ general: { businessFullName: 'Luigi of Auckland', businessShortName: 'Luigi' } }),
        payment_gateway_config: JSON.stringify({}),
        is_online_order_enabled: 1,
      } as never)
      .execute();
  }, 120_000);
  afterAll(() => ctx?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  const menuOf = async (restaurantId: number): Promise<Menu> =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${restaurantId}/menu?channel=online` })).json()
      .data;

  it('the home page comes with its visible content, styled, and the state the browser hydrates from', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    expect(text).toContain('Bella Nonna');
    expect(text).toContain('Delicious Food, Delivered to Your Door');
    expect(text).toContain('Why Choose Us');
    expect(text).toContain('Explore Our Categories');
    // Decision 049: the stylesheet is inline, so the first paint waits on no other request; the
    // disabled link (never fetched) tells a lazy import the stylesheet is already on the page.
    expect(res.body).toMatch(/<style>[^<]*\.hidden\{display:none\}/);
    expect(res.body).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" disabled>/);
    // The tenant's colours come after the stylesheet, whose defaults they override.
    expect(res.body.indexOf('<style>:root{--primary:')).toBeGreaterThan(res.body.lastIndexOf('rel="stylesheet"'));
    // The scripts come once the page has painted: an inline loader adds them, the route's own chunks too.
    expect(res.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(res.body).toMatch(/add\('script',\{type:'module',src:"\/assets\/index-[^"]+\.js"\}\)/);
    expect(res.body).toContain('window.__staticRouterHydrationData');
    expect(res.body).toContain('window.__STOREFRONT_SSR__=');
    // Decision 052: the loader also starts the worker that loads Intl's data for the tenant's locale.
    const warmUp = res.body.match(/new Worker\("([^"]+)"\)/)?.[1];
    expect(warmUp).toBe('/intl-warm.js?locale=en-AU&currency=AUD&timezone=Australia%2FSydney');
    const worker = await page(String(warmUp));
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toContain('Intl.NumberFormat');
    // Every inline script carries this response's nonce.
    const nonce = res.body.match(/<script nonce="([^"]+)">/)?.[1];
    expect(String(res.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    for (const tag of res.body.match(/<script(?! type="(?:module|application\/ld\+json)")[^>]*>/g) ?? []) {
      expect(tag).toBe(`<script nonce="${nonce}">`);
    }
  });

  it('sends a rendered page compressed as the browser accepts, and the page shell with its stylesheet linked', async () => {
    const plain = await page(surryHills);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await page(surryHills, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(withoutNonces(decode(res.rawPayload).toString('utf8'))).toBe(withoutNonces(plain.body));
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    const shell = await page('/checkout');
    expect(shell.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
    expect(shell.body).not.toContain('<style>.');
    expect(shell.body.indexOf('<style>:root{--primary:')).toBeGreaterThan(shell.body.lastIndexOf('rel="stylesheet"'));
    expect(shell.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/);
  });

  it.each([
    ['/menu?restaurant=bella-nonna-surry-hills', ['Our Menu', 'Wood-fired Pizzas', 'Margherita', '$19.00']],
    ['/instore-menu?restaurant=bella-nonna-surry-hills', ['In-store Menu', 'Margherita']],
    ['/dine-in-menu?restaurant=1&table=T4', ['Dine-in Menu', 'Ordering for table T4', 'Margherita']],
    ['/deals?restaurant=bella-nonna-surry-hills', ['Deals', '2 Large Pizzas + Drink']],
    ['/contact', ['Send us a message']],
    ['/terms', ['Terms and Conditions', 'An order is accepted once we confirm it']],
    ['/privacy', ['Privacy']],
    ['/refund-policy', ['Refund']],
  ])('%s comes with its content', async (url, expected) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    const text = visibleText(res.body);
    for (const words of expected) expect(text).toContain(words);
  });

  it('an unknown page is the not-found page, answered 404', async () => {
    const res = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(visibleText(res.body)).toMatch(/not found/i);
  });

  it('pages for signing in and checking out stay the page shell the browser renders', async () => {
    const res = await page('/checkout');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("a restaurant's menu link names every available product with its price in structured data", async () => {
    const res = await page(surryHills);
    const data = jsonLdOf(res.body);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Bella Nonna Surry Hills',
      telephone: '(02) 9360 4127',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '412 Crown Street',
        postalCode: '2010',
        addressCountry: 'AU',
      },
      hasMenu: { '@type': 'Menu' },
    });
    expect(data.openingHoursSpecification.length).toBeGreaterThan(0);
    expect(data.openingHoursSpecification[0]).toMatchObject({ opens: expect.stringMatching(/^\d{2}:\d{2}$/) });
    const items = new Map<string, { price: string; priceCurrency: string }>();
    for (const section of data.hasMenu.hasMenuSection) {
      for (const item of section.hasMenuItem) items.set(item.name, item.offers);
    }
    const menu = await menuOf(1);
    const available = menu.products.filter((p) => p.is_available);
    expect(available.length).toBeGreaterThan(5);
    expect(items.size).toBe(available.length);
    for (const product of available) {
      expect(items.get(product.products.name), product.products.name).toEqual({
        '@type': 'Offer',
        price: (product.unit_price / 100).toFixed(2),
        priceCurrency: 'AUD',
        availability: 'https://schema.org/InStock',
      });
    }
    for (const product of menu.products.filter((p) => !p.is_available))
      expect(items.has(product.products.name)).toBe(false);

    expect(res.body).toContain('<title>Bella Nonna Surry Hills menu | Bella Nonna</title>');
    expect(res.body).toMatch(
      /<meta name="description" content="Order online from Bella Nonna Surry Hills in Surry Hills, NSW/,
    );
    expect(res.body).toContain('<meta property="og:title" content="Bella Nonna Surry Hills menu | Bella Nonna">');
    expect(res.body).toContain(
      '<meta property="og:url" content="http://localhost/menu?restaurant=bella-nonna-surry-hills">',
    );
    expect(res.body).toContain(
      '<link rel="canonical" href="http://localhost/menu?restaurant=bella-nonna-surry-hills">',
    );
    // The other restaurant's link is its own page.
    const parramatta = jsonLdOf((await page('/menu?restaurant=bella-nonna-parramatta')).body);
    expect(parramatta.name).toBe('Bella Nonna Parramatta');
  });

  it('an unknown restaurant in the link leaves the choice to the visitor, with no structured data', async () => {
    const res = await page('/menu?restaurant=nowhere');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('application/ld+json');
    expect(visibleText(res.body)).toContain('Choose a restaurant to see its menu.');
  });

  it('a rendered page is kept per catalogue version: a change to the menu shows on the next request', async () => {
    const before = await page(surryHills);
    const again = await page(surryHills);
    expect(withoutNonces(again.body)).toBe(withoutNonces(before.body));
    const owner = await signInAs(ctx.app, 'owner');
    const margherita = (await menuOf(1)).products.find((p) => p.products.name === 'Margherita');
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/admin/products/${margherita?.id}/availability`,
      headers: bearer(owner),
      payload: { restaurant_id: 1, available: false, until: 'turned_back' },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const after = await page(surryHills);
      const names = jsonLdOf(after.body).hasMenu.hasMenuSection.flatMap((s: { hasMenuItem: { name: string }[] }) =>
        s.hasMenuItem.map((i) => i.name),
      );
      expect(names).not.toContain('Margherita');
      expect(names).toContain('Marinara');
    } finally {
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v2/admin/products/${margherita?.id}/availability`,
        headers: bearer(owner),
        payload: { restaurant_id: 1, available: true },
      });
    }
  });

  it("another tenant's host never gets this tenant's content", async () => {
    // This tenant's pages first, so anything kept from them would show up below.
    await page('/');
    await page(surryHills);
    for (const url of ['/', surryHills, '/menu?restaurant=1', '/deals?restaurant=1', '/terms', '/no-such-page']) {
      const res = await page(url, { host: 'luigi.example' });
      expect(res.body, url).not.toMatch(/Bella Nonna|Surry Hills|Margherita|Crown Street/);
      expect(res.body, url).toContain('Luigi');
    }
    const ponsonby = await page('/menu?restaurant=luigi-ponsonby', { host: 'luigi.example' });
    expect(jsonLdOf(ponsonby.body)).toMatchObject({ name: 'Luigi Ponsonby', address: { addressCountry: 'NZ' } });
    expect(ponsonby.body).not.toMatch(/Bella Nonna|Surry Hills/);
  });

  it("a signed-in visitor's page is the same as anyone's: no personal data is rendered or kept", async () => {
    const customer = await signInAs(ctx.app, 'customer');
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/v2/auth/me', headers: bearer(customer) })).json();
    const signedIn = await page(surryHills, { ...bearer(customer), cookie: `token=${customer}` });
    const anonymous = await page(surryHills);
    expect(withoutNonces(rootMarkup(signedIn.body))).toBe(withoutNonces(rootMarkup(anonymous.body)));
    for (const personal of [
      customer,
      me.data?.email ?? 'customer@bellanonna.example',
      'Sam Customer',
      '0498 765 432',
    ]) {
      expect(signedIn.body).not.toContain(personal);
    }
  });
});
