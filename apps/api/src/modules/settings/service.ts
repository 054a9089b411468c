import {
  type AppSettingsEntry,
  defaultTheme,
  mergeTheme,
  type PaymentGatewayConfig,
  paymentGatewayConfigSchema,
  type SavePaymentGatewayBody,
  type Theme,
  type ThemePatch,
  themePatchSchema,
  type ValidThemePatch,
} from '@storefront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentGatewaySecrets } from '../payments/provider.js';
import { assertStripeKeys, StripeConfigError } from '../payments/stripe.js';
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

function parseSecrets(json: string | null): PaymentGatewaySecrets {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as PaymentGatewaySecrets) : {};
  } catch {
    return {};
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
   * The owner sets the tenant's card provider. Secrets go to their own column and are never
   * answered; a Stripe account is checked (keys present, all of the chosen mode) before it is
   * stored, so a live key cannot end up in test mode or the other way round.
   */
  async function savePaymentGateway(body: SavePaymentGatewayBody): Promise<AppSettingsEntry> {
    const row = await repo.findTenantPayment(body.tenant_id);
    if (!row) throw new AppError('not_found', 'No settings for this tenant');
    if (body.provider === 'sandbox') {
      const config = { provider: 'sandbox', mode: 'test', publishable_key: 'pk_sandbox' };
      await repo.saveTenantPayment(body.tenant_id, JSON.stringify(config), null);
      return get(body.tenant_id, null);
    }
    const stored = parseSecrets(row.payment_gateway_secrets);
    const secrets: PaymentGatewaySecrets = {
      secret_key: body.secret_key ?? stored.secret_key,
      webhook_secret: body.webhook_secret ?? stored.webhook_secret,
      ...(stored.api_base ? { api_base: stored.api_base } : {}),
    };
    try {
      assertStripeKeys({
        mode: body.mode,
        secretKey: secrets.secret_key,
        webhookSecret: secrets.webhook_secret,
        publishableKey: body.publishable_key ?? null,
      });
    } catch (error) {
      if (error instanceof StripeConfigError) throw new AppError('unprocessable', error.message);
      throw error;
    }
    const config = { provider: 'stripe', mode: body.mode, publishable_key: body.publishable_key };
    await repo.saveTenantPayment(body.tenant_id, JSON.stringify(config), JSON.stringify(secrets));
    log?.info({ tenantId: body.tenant_id, mode: body.mode }, 'payment gateway set to stripe');
    return get(body.tenant_id, null);
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

  return { get, resolve, save, savePaymentGateway, assertOnlineOrdering };
}
