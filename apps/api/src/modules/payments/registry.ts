import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentGatewayConfig, PaymentGatewaySecrets, PaymentProvider } from './provider.js';
import { paymentRepository } from './repository.js';
import { createSandboxProvider } from './sandbox.js';

export type ProviderName = PaymentProvider['name'];

/** What a provider factory gets: the tenant, its gateway settings and secrets. */
export interface GatewaySettings {
  tenantId: number;
  config: PaymentGatewayConfig;
  secrets: PaymentGatewaySecrets;
}

/** Builds a provider other than the sandbox from a tenant's settings (Stripe registers here). */
export type ProviderFactory = (settings: GatewaySettings) => PaymentProvider;

function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

function toSettings(tenantId: number, row: { payment_gateway_config: string; payment_gateway_secrets: string | null }) {
  const config = parseJson(row.payment_gateway_config);
  const secrets = parseJson(row.payment_gateway_secrets);
  const provider: ProviderName = config.provider === 'stripe' ? 'stripe' : 'sandbox';
  return {
    tenantId,
    config: {
      provider,
      mode: config.mode === 'live' ? 'live' : 'test',
      publishable_key: str(config.publishable_key) ?? null,
    },
    secrets: {
      secret_key: str(secrets.secret_key),
      webhook_secret: str(secrets.webhook_secret),
      api_base: str(secrets.api_base),
    },
  } satisfies GatewaySettings;
}

/**
 * The tenant's card provider, from app_settings (payment_gateway_config, and the secrets that
 * never leave the server). A restaurant row overrides the tenant row; the sandbox is the default
 * when nothing else is configured.
 */
export function paymentRegistry(db: Db, factories: Partial<Record<Exclude<ProviderName, 'sandbox'>, ProviderFactory>>) {
  const repo = paymentRepository(db);
  const rows = (tenantId: number) => repo.gatewayRows(tenantId);

  function build(settings: GatewaySettings): PaymentProvider {
    if (settings.config.provider === 'sandbox') {
      return createSandboxProvider({ db, tenantId: settings.tenantId, webhookSecret: settings.secrets.webhook_secret });
    }
    const factory = factories[settings.config.provider];
    const unavailable = () => new AppError('service_unavailable', 'Card payments are not available at the moment');
    if (!factory) throw unavailable();
    try {
      return factory(settings);
    } catch {
      // Missing or wrong-mode keys: the business has to fix its settings; the customer cannot.
      throw unavailable();
    }
  }

  /** The settings in force for a restaurant (its own row, else the tenant's). */
  async function settingsFor(tenantId: number, restaurantId: number | null): Promise<GatewaySettings> {
    const all = await rows(tenantId);
    const restaurantRow = restaurantId === null ? undefined : all.find((r) => r.restaurant_id === restaurantId);
    const usable = (row: (typeof all)[number] | undefined) =>
      row && Object.keys(parseJson(row.payment_gateway_config)).length > 0 ? row : undefined;
    const row = usable(restaurantRow) ?? all.find((r) => r.restaurant_id === null);
    return row
      ? toSettings(tenantId, row)
      : { tenantId, config: { provider: 'sandbox', mode: 'test', publishable_key: null }, secrets: {} };
  }

  /**
   * A provider by name for the tenant (an order's own provider, or a webhook's): the settings of
   * the first row naming it, tenant row first. The sandbox works without any settings.
   */
  async function named(
    tenantId: number,
    name: ProviderName,
  ): Promise<{ provider: PaymentProvider; settings: GatewaySettings }> {
    const all = await rows(tenantId);
    const ordered = [...all].sort((a, b) => (a.restaurant_id === null ? -1 : b.restaurant_id === null ? 1 : 0));
    const found = ordered.map((row) => toSettings(tenantId, row)).find((s) => s.config.provider === name);
    const settings: GatewaySettings = found ?? {
      tenantId,
      config: { provider: name, mode: 'test', publishable_key: null },
      secrets: {},
    };
    return { provider: build(settings), settings };
  }

  return {
    settingsFor,
    named,
    /** The provider a new card order of this restaurant pays with. */
    async forRestaurant(tenantId: number, restaurantId: number) {
      const settings = await settingsFor(tenantId, restaurantId);
      return { provider: build(settings), settings };
    },
  };
}

export type PaymentRegistry = ReturnType<typeof paymentRegistry>;
