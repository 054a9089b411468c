import type { RuntimeConfig } from '@storefront/core';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/schema.js';
import { tenantRepository } from './repository.js';

export function tenantService(db: Db, defaultTenantId: number) {
  const tenants = tenantRepository(db);

  /** The tenant a storefront host serves: one mapped to the host, else the configured one. */
  function forHost(hostname: string | undefined): Promise<Tenant | undefined> {
    return tenants.findForHost((hostname ?? '').toLowerCase(), defaultTenantId);
  }

  function runtimeConfig(tenant: Tenant): RuntimeConfig {
    return {
      apiBase: '/api',
      tenantId: tenant.id,
      tenant: {
        name: tenant.name,
        currency: tenant.currency,
        locale: tenant.locale,
        timezone: tenant.timezone,
      },
    };
  }

  return { forHost, runtimeConfig };
}
