import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Menu,
  menuJsonLd,
  type RestaurantDetail,
  type RestaurantEntry,
  type RuntimeConfig,
  restaurantSlug,
} from '@orderfront/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Server rendering of the public storefront pages (decision 035): the web build's server bundle
 * renders a page from the API's own routes, called in-process with app.inject (no network hop).
 */

/** What apps/web/src/entry-server.tsx exports (the built module is plain JavaScript). */
interface ServerEntry {
  isServerRendered(pathname: string): boolean;
  render(input: {
    url: string;
    config: RuntimeConfig;
    transport: (url: string, init: RequestInit) => Promise<Response>;
    nonce: string;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | {
        kind: 'page';
        status: number;
        html: string;
        stateScript: string;
        restaurant: RestaurantEntry | null;
        menuVersion: number | null;
      }
  >;
}

export interface RenderedPage {
  status: number;
  /** Extra head tags: the page's own title, description, Open Graph and structured data. */
  head: string;
  /** The markup for inside #root and the state script after it; `nonce` placeholders. */
  body: string;
  /** Route chunks to preload. */
  preload: string[];
  /** The page's own title and description, when it has them (a restaurant's menu). */
  seo: { title: string; description: string; url: string } | null;
}

/** Stands for each response's nonce in a cached page. */
export const noncePlaceholder = 'ssr-nonce-placeholder';

const maxCached = 500;

/** The route modules a page needs before it is interactive, from Vite's manifest. */
function preloadsFrom(root: string): (pathname: string) => string[] {
  const file = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const moduleOf: Record<string, string> = {
    '/': 'home',
    '/menu': 'menu',
    '/instore-menu': 'instore-menu',
    '/dine-in-menu': 'dine-in-menu',
    '/deals': 'deals',
    '/contact': 'contact',
    '/terms': 'terms',
    '/privacy': 'privacy',
    '/refund-policy': 'refund-policy',
  };
  return (pathname) => {
    const key = `src/app/routes/${moduleOf[pathname] ?? 'not-found'}.tsx`;
    const files = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
      files.add(`/${chunk.file}`);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return [...files];
  };
}

/** Loads the server bundle next to the web build, if the build has one. */
export async function loadPageRenderer(app: FastifyInstance, root: string) {
  const entryFile = path.join(root, 'server', 'entry-server.js');
  if (!fs.existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const preloads = preloadsFrom(root);
  /** Rendered pages by tenant, URL and the versions of what they show; never any visitor's data. */
  const cache = new Map<string, RenderedPage>();

  const inject = async (request: FastifyRequest, url: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = { host: request.host, accept: 'application/json' };
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) headers[name] = value;
    // Only what the page needs: the visitor's cookies and authorization never reach a render.
    delete headers.authorization;
    delete headers.cookie;
    return app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: request.ip,
      ...(typeof init.body === 'string' && { payload: init.body }),
    });
  };

  const transport = (request: FastifyRequest) => async (url: string, init: RequestInit) => {
    const res = await inject(request, url, init);
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };

  /** The versions a page's content depends on: settings, the restaurant list and the catalogue. */
  async function versionKey(request: FastifyRequest, config: RuntimeConfig, url: URL): Promise<string> {
    const hash = createHash('sha256').update(JSON.stringify(config));
    const list = await inject(request, `${config.apiBase}/restaurants-with-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenant_id: config.tenantId, status: 1 }),
    });
    hash.update(list.body);
    const restaurant = url.searchParams.get('restaurant');
    if (restaurant) {
      const entries = (list.json() as { data?: RestaurantEntry[] }).data ?? [];
      const entry = entries.find(
        (e) => restaurantSlug(e, entries) === restaurant || String(e.restaurant.id) === restaurant,
      );
      if (entry) {
        const channel =
          url.pathname === '/instore-menu' ? 'in_store' : url.pathname === '/dine-in-menu' ? 'dine_in' : 'online';
        const menu = await inject(
          request,
          `${config.apiBase}/v2/restaurants/${entry.restaurant.id}/menu?channel=${channel}`,
          {
            method: 'HEAD',
          },
        );
        hash.update(String(menu.headers.etag ?? ''));
      }
    }
    return hash.digest('base64url');
  }

  async function structuredData(
    request: FastifyRequest,
    config: RuntimeConfig,
    restaurant: RestaurantEntry,
  ): Promise<{ head: string; seo: RenderedPage['seo'] }> {
    const [detailRes, menuRes, listRes] = await Promise.all([
      inject(request, `${config.apiBase}/v2/restaurants/${restaurant.restaurant.id}?tenant_id=${config.tenantId}`),
      inject(request, `${config.apiBase}/v2/restaurants/${restaurant.restaurant.id}/menu?channel=online`),
      inject(request, `${config.apiBase}/restaurants-with-images`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tenant_id: config.tenantId, status: 1 }),
      }),
    ]);
    if (detailRes.statusCode !== 200 || menuRes.statusCode !== 200) return { head: '', seo: null };
    const detail = (detailRes.json() as { data: RestaurantDetail }).data;
    const menu = (menuRes.json() as { data: Menu }).data;
    const all = (listRes.json() as { data?: RestaurantEntry[] }).data ?? [restaurant];
    const origin = `${request.protocol}://${request.host}`;
    const pageUrl = `${origin}/menu?restaurant=${encodeURIComponent(restaurantSlug(restaurant, all))}`;
    const upload = detail.attachment_paths[0]?.upload_path;
    const image = upload ? new URL(upload, origin).toString() : undefined;
    const data = menuJsonLd({ restaurant: detail, menu, currency: config.tenant.currency, url: pageUrl, image });
    const business = config.settings?.theme.general.businessShortName || config.tenant.name;
    const place = [detail.address.suburb, detail.address.state].filter(Boolean).join(', ');
    const categories = menu.categories
      .map((c) => c.name)
      .slice(0, 6)
      .join(', ');
    const seo = {
      title: `${detail.name} menu | ${business}`,
      description: `Order online from ${detail.name}${place ? ` in ${place}` : ''}: ${categories}.`,
      url: pageUrl,
    };
    const json = JSON.stringify(data).replaceAll('<', '\\u003c');
    return { head: `<script type="application/ld+json">${json}</script>`, seo };
  }

  return {
    isServerRendered: (pathname: string) => entry.isServerRendered(pathname),
    async render(
      request: FastifyRequest,
      config: RuntimeConfig,
    ): Promise<RenderedPage | { redirect: string; status: number }> {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const key = `${config.tenantId}|${url.pathname}${url.search}|${await versionKey(request, config, url)}`;
      const cached = cache.get(key);
      if (cached) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      const result = await entry.render({
        url: url.toString(),
        config,
        transport: transport(request),
        nonce: noncePlaceholder,
      });
      if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
      const extra =
        result.restaurant && url.searchParams.has('restaurant') && url.pathname === '/menu'
          ? await structuredData(request, config, result.restaurant)
          : { head: '', seo: null };
      const page: RenderedPage = {
        status: result.status,
        head: extra.head,
        body: `<div id="root">${result.html}</div>${result.stateScript}`,
        preload: preloads(url.pathname),
        seo: extra.seo,
      };
      cache.set(key, page);
      if (cache.size > maxCached) cache.delete(cache.keys().next().value as string);
      return page;
    },
  };
}

export type PageRenderer = NonNullable<Awaited<ReturnType<typeof loadPageRenderer>>>;
