import {
  type AppSettingsEntry,
  defaultTheme,
  type FulfilmentMethodName,
  isPaused,
  mergeTheme,
  type OrderingControls,
  type OrderingState,
  type OrderingUpdateBody,
  type PaymentGatewayConfig,
  paymentGatewayConfigSchema,
  type SavePaymentGatewayBody,
  type Theme,
  type ThemePatch,
  takesOnlineOrders,
  themePatchSchema,
  themeSchema,
  type ValidTheme,
  type ValidThemePatch,
} from '@orderfront/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { deepFreeze } from '../../lib/freeze.js';
import type { PaymentGatewaySecrets } from '../payments/provider.js';
import { assertStripeKeys, StripeConfigError } from '../payments/stripe.js';
import { tenantService } from '../tenants/service.js';
import { type OrderingRow, settingsRepository } from './repository.js';

export const onlineOrdersDisabledMessage = "We're not accepting online orders at the moment.";

const methodNames: Record<FulfilmentMethodName, string> = {
  pickup: 'Pickup',
  delivery: 'Delivery',
  dine_in: 'Dine-in',
};
export const methodOffMessage = (method: FulfilmentMethodName) =>
  `${methodNames[method]} orders are not available at the moment.`;

const defaultOrdering: OrderingState = {
  paused_until: null,
  busy_minutes: 0,
  methods: { pickup: true, delivery: true, dine_in: true },
};

/**
 * A stored theme patch, kept only if it still passes today's validation: a row written by hand or
 * by an older version must not put an unchecked colour into CSS or a `javascript:` URL into a link.
 */
function validPatch(json: string, log?: FastifyBaseLogger): ThemePatch {
  try {
    const parsed = themePatchSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data as ThemePatch;
    log?.warn({ issues: parsed.error.issues.length }, 'stored web_config failed validation; using defaults');
  } catch {
    log?.warn('stored web_config is not JSON; using defaults');
  }
  return {};
}

/**
 * A parse of stored JSON kept by its text (decision 050): every request still reads the row, and the
 * same text always parses to the same value, so a change is seen at once by every process. Frozen,
 * as the default theme it is merged over: shared by requests, never changed.
 */
function byText<T>(parse: (json: string, log?: FastifyBaseLogger) => T) {
  const known = new Map<string, T>();
  return (json: string, log?: FastifyBaseLogger): T => {
    if (known.has(json)) return known.get(json) as T;
    const value = deepFreeze(parse(json, log));
    if (known.size >= 500) known.clear();
    known.set(json, value);
    return value;
  };
}

const parsePatch = byText(validPatch);

/**
 * The default theme with a tenant's and a restaurant's patches merged over it, kept by the patches
 * themselves (each parsed once per text, above) and the tenant: every request of a restaurant merged
 * the same objects anew (decision 063). Frozen, as its parts are.
 */
const noPatch: ThemePatch = {};
const mergedThemes = new WeakMap<ThemePatch, WeakMap<ThemePatch, Map<number, Theme>>>();
function themeOf(tenantPatch: ThemePatch, restaurantPatch: ThemePatch | undefined, tenantId: number): Theme {
  const byRestaurant = mergedThemes.get(tenantPatch) ?? new WeakMap<ThemePatch, Map<number, Theme>>();
  mergedThemes.set(tenantPatch, byRestaurant);
  const byTenant = byRestaurant.get(restaurantPatch ?? noPatch) ?? new Map<number, Theme>();
  byRestaurant.set(restaurantPatch ?? noPatch, byTenant);
  let theme = byTenant.get(tenantId);
  if (!theme) {
    theme = deepFreeze(mergeTheme(defaultTheme, tenantPatch, restaurantPatch, { general: { tenantId } }));
    byTenant.set(tenantId, theme);
  }
  return theme;
}

/** Only the public fields: provider, mode and publishable key. Anything else in the row is dropped. */
const publicPaymentConfig = byText((json: string): PaymentGatewayConfig | null => {
  try {
    const parsed = paymentGatewayConfigSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { provider, mode, publishable_key } = parsed.data;
    return { provider, mode, publishable_key };
  } catch {
    return null;
  }
});

function parseSecrets(json: string | null): PaymentGatewaySecrets {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as PaymentGatewaySecrets) : {};
  } catch {
    return {};
  }
}

/** The online ordering switches as read with a cart add (decision 062); null where there is no row. */
export interface OrderingSwitches {
  tenant_enabled: number | null;
  restaurant_enabled: number | null;
  paused_until: string | null;
}

/**
 * assertOnlineOrdering (no method) on the switches alone, without the theme it would merge: a
 * tenant without a settings row has nothing switched off.
 */
export function assertSwitchesOn(switches: OrderingSwitches, now = new Date()) {
  if (switches.tenant_enabled === null) return;
  if (!takesOnlineOrders(switches.restaurant_enabled ?? switches.tenant_enabled, switches.paused_until, now)) {
    throw new AppError('unprocessable', onlineOrdersDisabledMessage);
  }
}

/** A restaurant's pause, busy mode and method switches; a pause that has run out is no pause. */
function orderingOf(row: OrderingRow | undefined, now = new Date()): OrderingState {
  if (!row) return defaultOrdering;
  return {
    paused_until: isPaused(row.paused_until, now) ? row.paused_until : null,
    busy_minutes: row.busy_minutes,
    methods: {
      pickup: row.pickup_enabled === 1,
      delivery: row.delivery_enabled === 1,
      dine_in: row.dine_in_enabled === 1,
    },
  };
}

export function settingsService(db: Db, log?: FastifyBaseLogger) {
  const repo = settingsRepository(db);

  async function ordering(tenantId: number, restaurantId: number | null, now = new Date()): Promise<OrderingState> {
    if (restaurantId === null) return defaultOrdering;
    return orderingOf(await repo.findOrderingControls(tenantId, restaurantId), now);
  }

  /** The effective settings of a tenant, or of one of its restaurants (tenant row + overrides). */
  async function resolve(tenantId: number, restaurantId: number | null): Promise<AppSettingsEntry | undefined> {
    // A restaurant's settings rows come with its ordering controls: one query (decision 050).
    const rows: {
      restaurant_id: number | null;
      web_config: string;
      payment_gateway_config: string;
      is_online_order_enabled: number;
      controls?: OrderingRow | undefined;
    }[] =
      restaurantId === null
        ? await repo.findRows(tenantId, null)
        : await repo.findRowsWithControls(tenantId, restaurantId);
    const tenantRow = rows.find((row) => row.restaurant_id === null);
    if (!tenantRow) return undefined;
    const restaurantRow = restaurantId === null ? undefined : rows.find((row) => row.restaurant_id === restaurantId);
    const orderingState = orderingOf(tenantRow.controls);
    const theme = themeOf(
      parsePatch(tenantRow.web_config, log),
      restaurantRow ? parsePatch(restaurantRow.web_config, log) : undefined,
      tenantId,
    );
    const restaurantPayment = restaurantRow ? publicPaymentConfig(restaurantRow.payment_gateway_config) : null;
    return {
      tenant_id: tenantId,
      restaurant_id: restaurantId,
      web_config: theme as unknown as Record<string, unknown>,
      payment_gateway_config: restaurantPayment ?? publicPaymentConfig(tenantRow.payment_gateway_config),
      // A paused restaurant is, for its customers, not taking online orders (the spec's notice shows).
      is_online_order_enabled: takesOnlineOrders(
        (restaurantRow ?? tenantRow).is_online_order_enabled,
        orderingState.paused_until,
      )
        ? 1
        : 0,
      ordering: orderingState,
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

  async function assertTarget(tenantId: number, restaurantId: number | null) {
    if (!(await tenantService(db).byId(tenantId))) throw new AppError('not_found', 'No settings for this tenant');
    if (restaurantId !== null && !(await repo.restaurantExists(tenantId, restaurantId))) {
      throw new AppError('not_found', 'Restaurant not found');
    }
  }

  /** PUT: a complete theme replaces the stored one (decision 026). */
  async function save(tenantId: number, restaurantId: number | null, theme: ValidTheme) {
    await assertTarget(tenantId, restaurantId);
    // The tenant id is the row's, never the client's idea of it.
    const stored = { ...theme, general: { ...theme.general, tenantId: undefined } };
    await repo.saveWebConfig(tenantId, restaurantId, JSON.stringify(stored));
    return get(tenantId, restaurantId);
  }

  /** PATCH: part of a theme merged over the effective one; the result is stored only if it is a complete theme. */
  async function patch(tenantId: number, restaurantId: number | null, part: ValidThemePatch) {
    await assertTarget(tenantId, restaurantId);
    const current = await get(tenantId, restaurantId);
    const merged = mergeTheme(current.web_config as unknown as Theme, part as ThemePatch);
    const checked = themeSchema.safeParse(merged);
    if (!checked.success) {
      const fields = Object.fromEntries(
        checked.error.issues.map((issue) => [['web_config', ...issue.path].join('.'), issue.message]),
      );
      throw new AppError('unprocessable', 'The merged theme is not a valid theme', fields);
    }
    return save(tenantId, restaurantId, checked.data);
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
   * (spec §3 is_online_order_enabled = 0) or paused it, and a fulfilment method that is switched
   * off, so a client that ignores the notice gets a clear 422.
   */
  async function assertOnlineOrdering(
    tenantId: number,
    restaurantId: number | null,
    method?: FulfilmentMethodName,
  ): Promise<void> {
    checkOnlineOrdering(await resolve(tenantId, restaurantId), method);
  }

  /** assertOnlineOrdering on settings already resolved (the order reads them once for its slot claim too). */
  function checkOnlineOrdering(entry: AppSettingsEntry | undefined, method?: FulfilmentMethodName) {
    if (!entry) return;
    if (entry.is_online_order_enabled === 0) throw new AppError('unprocessable', onlineOrdersDisabledMessage);
    if (method && entry.ordering && !entry.ordering.methods[method]) {
      throw new AppError('unprocessable', methodOffMessage(method));
    }
  }

  /** Back office: the restaurant's own switch (its row, else the tenant's) and its controls. */
  async function controls(tenantId: number, restaurantId: number, now = new Date()): Promise<OrderingControls> {
    const [rows, state] = await Promise.all([
      repo.findRows(tenantId, restaurantId),
      ordering(tenantId, restaurantId, now),
    ]);
    const row = rows.find((r) => r.restaurant_id === restaurantId) ?? rows.find((r) => r.restaurant_id === null);
    const enabled = row?.is_online_order_enabled !== 0;
    return {
      restaurant_id: restaurantId,
      is_online_order_enabled: enabled,
      busy_minutes: state.busy_minutes,
      paused_until: state.paused_until,
      pickup_enabled: state.methods.pickup,
      delivery_enabled: state.methods.delivery,
      dine_in_enabled: state.methods.dine_in,
      accepting_orders: enabled && state.paused_until === null,
    };
  }

  async function updateControls(tenantId: number, body: OrderingUpdateBody): Promise<OrderingControls> {
    const { restaurant_id, is_online_order_enabled, busy_minutes, pickup_enabled, delivery_enabled, dine_in_enabled } =
      body;
    if (is_online_order_enabled !== undefined) {
      await repo.setRestaurantOnlineOrdering(tenantId, restaurant_id, is_online_order_enabled);
    }
    const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
    const changes = Object.fromEntries(
      Object.entries({
        busy_minutes,
        pickup_enabled: flag(pickup_enabled),
        delivery_enabled: flag(delivery_enabled),
        dine_in_enabled: flag(dine_in_enabled),
      }).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(changes).length > 0) await repo.saveOrderingControls(tenantId, restaurant_id, changes);
    return controls(tenantId, restaurant_id);
  }

  /** Pauses online ordering for `minutes` from now; 0 resumes at once. */
  async function pause(tenantId: number, restaurantId: number, minutes: number, now = new Date()) {
    const pausedUntil = minutes === 0 ? null : new Date(now.getTime() + minutes * 60_000).toISOString();
    await repo.saveOrderingControls(tenantId, restaurantId, { paused_until: pausedUntil });
    return controls(tenantId, restaurantId, now);
  }

  return {
    get,
    resolve,
    save,
    patch,
    savePaymentGateway,
    ordering,
    controls,
    updateControls,
    pause,
    assertOnlineOrdering,
    checkOnlineOrdering,
  };
}
