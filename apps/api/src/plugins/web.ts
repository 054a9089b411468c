import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  colorPattern,
  isSafeUrl,
  type RuntimeConfig,
  runtimeConfigGlobal,
  type Theme,
  themeVariables,
} from '@orderfront/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, encode } from '../lib/encoding.js';
import { AppError } from '../lib/errors.js';
import { escapeHtml } from '../lib/html.js';
import { settingsService } from '../modules/settings/service.js';
import { tenantService } from '../modules/tenants/service.js';
import { scriptNonce } from './security.js';
import { loadPageRenderer, noncePlaceholder } from './ssr.js';

const headSlot = '<!--app-head-->';
const rootElement = '<div id="root"></div>';

/** JSON that is safe inside a <script> element. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The theme's colours as CSS variables, so the very first paint has the tenant's colours. */
function colorStyle(theme: Theme): string {
  const colors = Object.values(theme.colors);
  if (!colors.every((color) => colorPattern.test(color))) return '';
  const vars = Object.entries(themeVariables(theme.colors))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `<style>:root{${vars}}</style>`;
}

/**
 * The page with its stylesheet inline instead of linked (decision 049): a server-rendered page then
 * paints with its own response, without waiting on another request. The file is the build's one
 * stylesheet (~10 KiB compressed); undefined when the template links none or it cannot go inline.
 */
function inlineStylesheet(template: string, root: string): string | undefined {
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(template);
  if (!link?.[1]) return undefined;
  const css = fs.readFileSync(path.join(root, link[1]), 'utf8');
  if (/<\/style/i.test(css)) return undefined;
  // The disabled link is never fetched: it tells Vite's preload helper the stylesheet is on the page,
  // so a lazy import, which lists it, does not fetch and wait for it again.
  return template.replace(link[0], () => `<style>${css}</style><link rel="stylesheet" href="/${link[1]}" disabled>`);
}

/**
 * A server-rendered page's scripts, fetched once it has painted and its markup is parsed (decision
 * 049): the page shows its text and pictures from the HTML alone, and the scripts, which only make
 * it interactive, no longer compete with them for the connection. Paint timing's first contentful
 * paint says when (not the first paint, which can be the background alone); the load event stands in
 * only where a browser has no paint timing, as it can come before the paint (decision 071). No timer:
 * a test's paused clock must not stop the page.
 * Splits the template's script tags off; `loader` gives the inline script that adds them.
 */
function scriptsAfterPaint(template: string) {
  const tags =
    /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
  const entry: string[] = [];
  const firstChunk: string[] = [];
  const stripped = template.replace(tags, (_tag, src?: string, href?: string) => {
    if (src) entry.push(src);
    if (href) firstChunk.push(href);
    return '';
  });
  if (entry.length !== 1) return undefined;
  return {
    template: stripped,
    /** `warmUp`: a worker started with the scripts (the Intl warm-up of decision 052), if any. */
    loader(routeChunks: string[], nonce: string, warmUp?: string) {
      const preload = inlineJson([...firstChunk, ...routeChunks.filter((href) => !firstChunk.includes(href))]);
      const script = inlineJson(entry[0]);
      const add = `const add=(t,a)=>document.head.append(Object.assign(document.createElement(t),{crossOrigin:''},a))`;
      const worker = warmUp ? `try{new Worker(${inlineJson(warmUp)})}catch{}` : '';
      const go = `const go=()=>{if(--n)return;${worker}for(const href of ${preload})add('link',{rel:'modulepreload',href});add('script',{type:'module',src:${script}})}`;
      const painted = `let painted=()=>{painted=()=>{};go()}`;
      const wait =
        "document.readyState==='loading'?document.addEventListener('DOMContentLoaded',go,{once:true}):go();" +
        "try{if(!PerformanceObserver.supportedEntryTypes.includes('paint'))throw 0;" +
        "new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();painted()}}).observe({type:'paint',buffered:true})}" +
        "catch{addEventListener('load',()=>painted(),{once:true})}";
      return `<script nonce="${nonce}">{let n=2;${add};${go};${painted};${wait}}</script>`;
    },
  };
}

/** SEO and social tags from the theme's seo/general settings (spec §3); every value escaped. */
export function seoTags(
  theme: Theme,
  publicBaseUrl: string,
  page?: { title: string; description: string; url: string } | null,
): string {
  const { general } = theme;
  // A page with its own title and description (a restaurant's menu, decision 035) overrides the theme's.
  const seo = page ? { ...theme.seo, title: page.title, description: page.description } : theme.seo;
  const absolute = (url: string) => (url.startsWith('/') ? new URL(url, publicBaseUrl).toString() : url);
  const safe = (url: string) => (url && isSafeUrl(url) ? url : '');
  const title = seo.title || general.businessFullName;
  const image = safe(seo.ogImage) && absolute(seo.ogImage);
  const favicon = safe(seo.favicon) || safe(general.favicon) || '/favicon.svg';
  const appleTouchIcon = safe(seo.appleTouchIcon) || favicon;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', seo.description),
    meta('name', 'keywords', seo.keywords.join(', ')),
    meta('name', 'theme-color', colorPattern.test(seo.themeColor) ? seo.themeColor : theme.colors.primary),
    meta('property', 'og:title', title),
    meta('property', 'og:description', seo.description),
    meta('property', 'og:type', seo.ogType),
    meta('property', 'og:site_name', seo.ogSiteName || general.businessShortName),
    meta('property', 'og:image', image),
    meta('property', 'og:url', page?.url ?? ''),
    page ? `<link rel="canonical" href="${escapeHtml(page.url)}">` : '',
    meta('name', 'twitter:card', seo.twitterCard),
    meta('name', 'twitter:site', seo.twitterHandle),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', seo.description),
    meta('name', 'twitter:image', image),
    `<link rel="icon" href="${escapeHtml(favicon)}">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(appleTouchIcon)}">`,
  ].join('');
}

/** A disabled business's storefront (decision 036): a plain page that says so, answered 503. */
function sendDisabled(reply: FastifyReply, name: string) {
  const title = escapeHtml(name);
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .header('retry-after', '3600')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
        `<body><main><h1>${title}</h1><p>This shop is not taking orders online at the moment. Please check back later.</p></main></body></html>`,
    );
}

/** Serves the built storefront: hashed assets cached for a year, index.html per tenant. */
export async function registerWeb(app: FastifyInstance, root: string) {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`The web build is missing (${indexFile}); run "npm run build" first.`);
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  if (!template.includes(headSlot)) throw new Error(`${indexFile} has no ${headSlot} slot`);
  const tenants = tenantService(app.db, app.config.tenantId);
  const settings = settingsService(app.db, app.log);
  // The template's own title, icon and theme colour are for the dev server; ours replace them.
  const page = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="theme-color"[^>]*>/, '')
    .replace(/<link rel="icon"[^>]*>/, '');
  // Pages the browser renders itself keep the linked stylesheet, cached across visits.
  const withStyles = inlineStylesheet(page, root) ?? page;
  const afterPaint = scriptsAfterPaint(withStyles);
  // Decision 052: loads the browser's Intl data off the main thread before hydration needs it.
  const intlWarmUp = fs.existsSync(path.join(root, 'intl-warm.js')) ? '/intl-warm.js' : undefined;

  const renderer = await loadPageRenderer(app, root);

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build's brotli and gzip copies (decision 060), not compressed again per request.
    preCompressed: true,
    // The server bundle and the build manifest are the server's own (decision 035).
    allowedPath: (pathname) =>
      pathname !== '/index.html' && !pathname.startsWith('/server/') && !pathname.startsWith('/.vite/'),
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
    const tenant = await tenants.forHost(request.hostname);
    if (!tenant) throw new AppError('service_unavailable', 'This storefront is not configured');
    if (tenant.disabled_at) return sendDisabled(reply, tenant.name);
    // The tenant's current settings go into the page, so the first paint needs no settings call.
    const entry = await settings.resolve(tenant.id, null);
    const config: RuntimeConfig = {
      ...tenants.runtimeConfig(tenant),
      ...(entry && {
        settings: {
          theme: entry.web_config as unknown as Theme,
          is_online_order_enabled: entry.is_online_order_enabled,
        },
      }),
    };
    const theme = config.settings?.theme;
    const { locale, currency, timezone } = config.tenant;
    const nonce = scriptNonce(reply.raw);
    const pathname = request.url.split('?')[0] ?? '/';
    // Decision 035: the public pages come rendered, so they paint before any script runs.
    const rendered = theme && renderer?.isServerRendered(pathname) ? await renderer.render(request, config) : undefined;
    if (rendered && 'redirect' in rendered) return reply.redirect(rendered.redirect, rendered.status);
    const head = [
      theme ? seoTags(theme, app.config.publicBaseUrl, rendered?.seo) : `<title>${escapeHtml(tenant.name)}</title>`,
      `<script nonce="${nonce}">window.${runtimeConfigGlobal}=${inlineJson(config)}</script>`,
      rendered && afterPaint
        ? afterPaint.loader(
            rendered.preload,
            nonce,
            intlWarmUp && `${intlWarmUp}?${new URLSearchParams({ locale, currency, timezone })}`,
          )
        : (rendered?.preload ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`).join(''),
      rendered?.head ?? '',
    ].join('');
    let html = (rendered ? (afterPaint?.template ?? withStyles) : page).replace(headSlot, () => head);
    if (rendered) html = html.replace(rootElement, () => rendered.body.replaceAll(noncePlaceholder, nonce));
    // Last in the head, so the tenant's colours win over the stylesheet's defaults, inline or linked.
    if (theme) html = html.replace('</head>', () => `${colorStyle(theme)}</head>`);
    reply
      .code(rendered?.status ?? 200)
      .header('cache-control', 'no-cache')
      .header('vary', 'host, accept-encoding')
      .type('text/html; charset=utf-8');
    // The not-found handler serves pages, and the compress plugin only sees routes: compressed here,
    // at a quality that costs a millisecond or two (each response has its own nonce).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(encode(html, encoding, 5));
  };
}
