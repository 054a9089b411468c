import {
  type AppSettingsEntry,
  defaultTheme,
  mergeTheme,
  type PaymentGatewayConfig,
  paymentGatewayConfigSchema,
  type Theme,
  type ThemePatch,
  themePatchSchema,
  type ValidThemePatch,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { settingsRepository } from './repository.js';

export const onlineOrdersDisabledMessage = "We're not accepting online orders at the moment.";

/**
 * A stored theme patch, kept only if it still passes today's validation: a row written by hand or
 * by an older version must not put an unchecked colour into CSS or a `javascript:` URL into a link.
 */
function parsePatch(json: string, log?: FastifyBaseLogger): ThemePatch {
  try {
    const parsed = themePatchSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data as ThemePatch;
    log?.warn({ issues: parsed.error.issues.length }, 'stored web_config failed validation; using defaults');
  } catch {
    log?.warn('stored web_config is not JSON; using defaults');
  }
  return {};
}

/** Only the public fields: provider, mode and publishable key. Anything else in the row is dropped. */
function publicPaymentConfig(json: string): PaymentGatewayConfig | null {
  try {
    const parsed = paymentGatewayConfigSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { provider, mode, publishable_key } = parsed.data;
    return { provider, mode, publishable_key };
  } catch {
    return null;
  }
}

export function settingsService(db: Db, log?: FastifyBaseLogger) {
  const repo = settingsRepository(db);

  /** The effective settings of a tenant, or of one of its restaurants (tenant row + overrides). */
  async function resolve(tenantId: number, restaurantId: number | null): Promise<AppSettingsEntry | undefined> {
    const rows = await repo.findRows(tenantId, restaurantId);
    const tenantRow = rows.find((row) => row.restaurant_id === null);
    if (!tenantRow) return undefined;
    const restaurantRow = restaurantId === null ? undefined : rows.find((row) => row.restaurant_id === restaurantId);
    const theme: Theme = mergeTheme(
      defaultTheme,
      parsePatch(tenantRow.web_config, log),
      restaurantRow ? parsePatch(restaurantRow.web_config, log) : undefined,
      { general: { tenantId } },
    );
    const restaurantPayment = restaurantRow ? publicPaymentConfig(restaurantRow.payment_gateway_config) : null;
    return {
      tenant_id: tenantId,
      restaurant_id: restaurantId,
      web_config: theme as unknown as Record<string, unknown>,
      payment_gateway_config: restaurantPayment ?? publicPaymentConfig(tenantRow.payment_gateway_config),
      is_online_order_enabled: (restaurantRow ?? tenantRow).is_online_order_enabled === 0 ? 0 : 1,
    };
  }

  /** GET /v2/restaurants/app-settings: unknown tenant or another tenant's restaurant is 404. */
  async function get(tenantId: number, restaurantId: number | null): Promise<AppSettingsEntry> {
    if (restaurantId !== null && !(await repo.restaurantExists(tenantId, restaurantId))) {
      throw new AppError('not_found', 'Restaurant not found');
    }
    const entry = await resolve(tenantId, restaurantId);
    if (!entry) throw new AppError('not_found', 'No settings for this tenant');
    return entry;
  }

  async function save(tenantId: number, restaurantId: number | null, patch: ValidThemePatch) {
    if (!(await repo.tenantExists(tenantId))) throw new AppError('not_found', 'No settings for this tenant');
    if (restaurantId !== null && !(await repo.restaurantExists(tenantId, restaurantId))) {
      throw new AppError('not_found', 'Restaurant not found');
    }
    // The tenant id is the row's, never the client's idea of it.
    const { general, ...rest } = patch;
    const stored = general ? { ...rest, general: { ...general, tenantId: undefined } } : rest;
    await repo.saveWebConfig(tenantId, restaurantId, JSON.stringify(stored));
    return get(tenantId, restaurantId);
  }

  /**
   * For the order and cart modules: refuses online ordering when the business switched it off
   * (spec §3 is_online_order_enabled = 0), so a client that ignores the notice gets a clear 422.
   */
  async function assertOnlineOrdering(tenantId: number, restaurantId: number | null): Promise<void> {
    const entry = await resolve(tenantId, restaurantId);
    if (entry && entry.is_online_order_enabled === 0) {
      throw new AppError('unprocessable', onlineOrdersDisabledMessage);
    }
  }

  return { get, resolve, save, assertOnlineOrdering };
}
