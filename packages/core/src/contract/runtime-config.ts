import type { Theme } from '../theme/types.js';

/** The tenant's settings as the server inlines them: the first paint needs no settings call. */
export interface InlinedSettings {
  /** The effective theme (defaults, then the tenant's saved theme). */
  theme: Theme;
  is_online_order_enabled: 0 | 1;
}

/**
 * What the server inlines into index.html so one web build serves any tenant.
 * The web app reads it synchronously before its first render. Built by the server, never parsed
 * from input, so it is a plain type (and keeps zod out of the web app's first chunk).
 */
export interface RuntimeConfig {
  apiBase: string;
  tenantId: number;
  tenant: {
    name: string;
    currency: string;
    locale: string;
    timezone: string;
    /** What customers call the tax ('GST'). */
    taxName: string;
  };
  /** Absent when the page was not served by our server (Vite dev server, tests). */
  settings?: InlinedSettings;
}

/** The global the inline script assigns. */
export const runtimeConfigGlobal = '__STOREFRONT_CONFIG__';
