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
  };
}

/** The global the inline script assigns. */
export const runtimeConfigGlobal = '__STOREFRONT_CONFIG__';
