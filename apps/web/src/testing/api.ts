import { type AppSettingsEntry, defaultTheme, mergeTheme, type ThemePatch } from '@orderfront/core';
import { vi } from 'vitest';
import { entry } from '@/features/restaurants/testing/entries';

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function ok(data: unknown): Response {
  return json(200, { data, error: null });
}

export function settingsEntry(patch: ThemePatch = {}, overrides: Partial<AppSettingsEntry> = {}): AppSettingsEntry {
  return {
    tenant_id: 139,
    restaurant_id: null,
    web_config: mergeTheme(defaultTheme, patch) as unknown as Record<string, unknown>,
    payment_gateway_config: { provider: 'sandbox', mode: 'test', publishable_key: 'pk_test' },
    is_online_order_enabled: 1,
    ...overrides,
  };
}

/**
 * The network as the browser sees it: each API path answers from `handlers` (keyed by
 * `METHOD /path` or `/path`); app-settings answers the default theme unless given.
 * Returns the fetch spy to inspect requests.
 */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const all: Record<string, Handler> = {
    '/api/v2/restaurants/app-settings': () => ok([settingsEntry()]),
    // One active restaurant: it is chosen automatically, so no selection dialog covers the page.
    'POST /api/restaurants-with-images': () => ok([entry(1, 'Bella Nonna Surry Hills')]),
    ...handlers,
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const handler = all[`${method} ${url.pathname}`] ?? all[url.pathname];
    if (!handler) return json(404, { data: null, error: { code: 'not_found', message: 'Not found' } });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
