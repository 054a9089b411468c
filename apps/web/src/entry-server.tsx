// Server rendering of the public storefront pages (decision 035). The API process imports the
// built module and calls render() per request; everything here also runs in the browser bundle's
// code paths, so pages render from the same components, stores and query options.

import { Writable } from 'node:stream';
import type { RestaurantEntry, RuntimeConfig } from '@orderfront/core';
import { findRestaurantBySlug } from '@orderfront/core';
import { defaultShouldDehydrateQuery, dehydrate, hashKey, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { renderStoresAsTheyAre, type SsrState, ssrStateGlobal } from './app/ssr-state';
import { runtimeConfig } from './config/runtime';
import { useCartStore } from './features/cart/stores/cart-store';
import { checkoutDefaults, useCheckoutStore } from './features/checkout/stores/checkout-store';
import { menuQueryOptions } from './features/menu/api/get-menu';
import { restaurantsQueryOptions } from './features/restaurants/api/get-restaurants';
import { useRestaurantStore } from './features/restaurants/stores/restaurant-store';
import { bootConfigStore, initialConfigState, useConfigStore } from './features/settings/stores/config-store';
import { setApiTransport } from './lib/api-client';
import { useAuthStore } from './lib/auth-store';
import { createQueryClient } from './lib/query-client';

export { ssrStateGlobal };

/** The public pages rendered on the server; every other path gets the page shell (decision 035). */
export const serverRenderedPaths = new Set([
  '/',
  '/menu',
  '/instore-menu',
  '/dine-in-menu',
  '/deals',
  '/contact',
  '/terms',
  '/privacy',
  '/refund-policy',
]);

/** The public pages, and any path no route knows (the not-found page). */
export function isServerRendered(pathname: string): boolean {
  if (serverRenderedPaths.has(pathname)) return true;
  return matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';
}

/** The API's own routes, called in-process (app.inject): a Response as fetch would give. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderInput {
  /** The page's absolute URL. */
  url: string;
  config: RuntimeConfig;
  transport: ApiTransport;
  /** Put on every inline script; the caller swaps in each response's nonce. */
  nonce: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The markup inside #root, with the router's hydration data script. */
      html: string;
      /** The inline script with the state the client hydrates from. */
      stateScript: string;
      restaurant: RestaurantEntry | null;
      /** The query data the page was rendered from (for structured data and caching). */
      menuVersion: number | null;
    };

const channelOf: Record<string, 'online' | 'in_store' | 'dine_in'> = {
  '/menu': 'online',
  '/instore-menu': 'in_store',
  '/dine-in-menu': 'dine_in',
  '/': 'online',
};

function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Every store back to what a new visitor has: no identity, nothing chosen, this tenant's settings. */
function resetStores(config: RuntimeConfig) {
  useAuthStore.setState({ user: null, guestUser: null, token: null, guestToken: null });
  useCheckoutStore.setState({ ...checkoutDefaults });
  useCartStore.setState({ couponCode: null, cashOnDelivery: false, dineIn: false });
  useRestaurantStore.setState({ selectedRestaurant: null });
  useConfigStore.setState(initialConfigState());
  bootConfigStore(config.settings, config.tenantId);
}

function streamToString(element: ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    // Crawlers and no-script visitors get the whole page: the stream is read to its end.
    const stream = renderToPipeableStream(element, {
      nonce,
      // The page is sent whole, so every boundary goes inline where it stands: none is held back
      // behind a script that reveals it, which a no-script visitor would never run (decision 049).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error);
      },
    });
  });
}

/**
 * One render at a time: the stores and the runtime config are the browser's module singletons,
 * set here per request. Rendering is CPU work in one thread anyway, so this costs no throughput.
 */
let queue: Promise<unknown> = Promise.resolve();

export function render(input: RenderInput): Promise<RenderResult> {
  const run = queue.then(() => renderNow(input));
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Renders until the page's queries have their data: each pass records what the page asked for
 * (useQuery puts it in the cache), those queries are fetched in-process, and the page renders
 * again. A query that fails is dropped, so it renders pending here as in the browser's first
 * render; a disabled one (needing an identity the server never has) is never fetched.
 */
async function renderWithData(client: QueryClient, tree: () => ReactNode, nonce: string): Promise<string> {
  const tried = new Set<string>();
  for (let pass = 0; ; pass++) {
    const html = await streamToString(tree(), nonce);
    const wanted = client.getQueryCache().findAll({
      predicate: (query) => {
        const { enabled } = query.options as { enabled?: boolean | ((q: typeof query) => boolean) };
        const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
        return (
          on && query.state.status === 'pending' && query.state.fetchStatus === 'idle' && !tried.has(query.queryHash)
        );
      },
    });
    if (wanted.length === 0 || pass === 3) return html;
    for (const query of wanted) tried.add(query.queryHash);
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
    client.removeQueries({ predicate: (query) => query.state.status === 'error' });
  }
}

async function renderNow({ url, config, transport, nonce }: RenderInput): Promise<RenderResult> {
  Object.assign(runtimeConfig, config);
  resetStores(config);
  renderStoresAsTheyAre();
  const restore = setApiTransport(transport);
  try {
    const request = new Request(url);
    const { pathname, searchParams } = new URL(url);
    const queryClient = createQueryClient();
    // A page waits for nothing: no retries while rendering (the browser retries as usual).
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const list = restaurantsQueryOptions();
    const listHash = hashKey(list.queryKey);
    const restaurants = await queryClient.fetchQuery(list);
    // A shareable menu link (`?restaurant=<slug>`) chooses its restaurant before the page renders.
    const chosen = findRestaurantBySlug(restaurants, searchParams.get('restaurant'));
    if (chosen) useRestaurantStore.setState({ selectedRestaurant: chosen });

    const handler = createStaticHandler(routes as RouteObject[]);
    const context = await handler.query(request);
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
    }
    const restaurant = useRestaurantStore.getState().selectedRestaurant;
    const html = await renderWithData(
      queryClient,
      () => (
        <StrictMode>
          <AppProvider queryClient={queryClient}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              nonce={nonce}
            />
          </AppProvider>
        </StrictMode>
      ),
      nonce,
    );
    const checkout = useCheckoutStore.getState();
    const state: SsrState = {
      // The restaurant list is the browser's own call (spec §7/§8: its failure shows in the dialog);
      // nothing the server renders depends on it beyond the chosen restaurant, which travels below.
      // A restaurant's detail does travel: the dine-in menu's closed notice renders from it.
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.queryHash !== listHash && defaultShouldDehydrateQuery(query),
      }),
      restaurant,
      checkout: { deliveryMethod: checkout.deliveryMethod, tableId: checkout.tableId },
    };
    const menu = restaurant
      ? queryClient.getQueryData(menuQueryOptions(restaurant.restaurant.id, channelOf[pathname] ?? 'online').queryKey)
      : undefined;
    return {
      kind: 'page',
      status: context.statusCode === 200 && routeIsNotFound(context) ? 404 : context.statusCode,
      html,
      stateScript: `<script nonce="${nonce}">window.${ssrStateGlobal}=${inlineJson(state)}</script>`,
      restaurant,
      menuVersion: menu?.version ?? null,
    };
  } finally {
    restore();
  }
}

function routeIsNotFound(context: StaticHandlerContext): boolean {
  return context.matches.some((match) => match.route.path === '*');
}
