import { defaultTenantId, type RuntimeConfig, runtimeConfigGlobal } from '@orderfront/core';

/** Used when the page was not served by our server (the Vite dev server, tests). */
const fallback: RuntimeConfig = {
  apiBase: '/api',
  tenantId: defaultTenantId,
  tenant: { name: 'Order Online', currency: 'AUD', locale: 'en-AU', timezone: 'Australia/Sydney', taxName: 'Tax' },
};

/** The tenant and API base the server inlined into index.html (one build serves any tenant). */
export function readRuntimeConfig(source: Record<string, unknown> = globalThis as never): RuntimeConfig {
  const injected = source[runtimeConfigGlobal] as Partial<RuntimeConfig> | undefined;
  if (!injected || typeof injected.tenantId !== 'number' || typeof injected.apiBase !== 'string') return fallback;
  return { ...fallback, ...injected, tenant: { ...fallback.tenant, ...injected.tenant } };
}

export const runtimeConfig = readRuntimeConfig();
