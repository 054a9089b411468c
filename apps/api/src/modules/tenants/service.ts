import type { RuntimeConfig } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/schema.js';
import { tenantRepository } from './repository.js';

/** How a request's hostname is looked up in `tenants.host`. */
export const hostKey = (hostname: string | undefined) => (hostname ?? '').toLowerCase();

/** Other modules read a tenant (its currency, locale, whether it exists) through `byId`, never the table. */
export function tenantService(db: Db, defaultTenantId = 0) {
  const tenants = tenantRepository(db);

  /** The tenant a storefront host serves: one mapped to the host, else the configured one. */
  function forHost(hostname: string | undefined): Promise<Tenant | undefined> {
    return tenants.findForHost(hostKey(hostname), defaultTenantId);
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
        taxName: tenant.tax_name,
      },
    };
  }

  function byId(id: number): Promise<Tenant | undefined> {
    return tenants.findById(id);
  }

  return { byId, forHost, runtimeConfig };
}
