import { z } from 'zod';
import { colorPattern, isSafeUrl } from '../theme/safe.js';
import { orderingStateSchema } from './admin.js';
import { envelope } from './envelope.js';

const color = z.string().regex(colorPattern, 'Must be a colour like #8b0000');

/** Plain text of at most `max` characters; markup in it is shown as text, never rendered. */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

const url = z
  .string()
  .trim()
  .max(2048, 'At most 2048 characters')
  .refine(isSafeUrl, 'Must be an http(s) address or a path starting with /');

const size = (min: number, max: number) => z.number().int().min(min).max(max);

const link = z.strictObject({ label: text(60).min(1, 'Required'), url: url.refine((v) => v !== '', 'Required') });

const mobileApp = z.strictObject({
  showPromotion: z.boolean(),
  appName: text(60),
  description: text(300),
  playStoreUrl: url,
  appStoreUrl: url,
});

/** The theme's sections (spec §3 Theme/config), each complete. Unknown fields are rejected. */
const themeSections = {
  colors: z.strictObject({ primary: color, secondary: color, accent: color, background: color, text: color }),
  hero: z.strictObject({
    variant: z.enum(['overlay', 'split']),
    backgroundImage: url,
    title: text(120),
    subtitle: text(300),
    ctaText: text(40),
    ctaLink: url,
  }),
  features: z.strictObject({
    variant: z.enum(['grid', 'list']),
    title: text(120),
    subtitle: text(300),
    items: z
      .array(
        z.strictObject({
          id: text(40).min(1),
          title: text(60),
          description: text(300),
          icon: text(40),
        }),
      )
      .max(8),
  }),
  categories: z.strictObject({ variant: z.enum(['grid', 'carousel']), title: text(120), subtitle: text(300) }),
  menu: z.strictObject({
    variant: z.enum(['grid', 'list']),
    title: text(120),
    subtitle: text(300),
    categoryLayout: z.enum(['horizontal', 'vertical']),
    showOutOfStockProducts: z.boolean(),
  }),
  footer: z.strictObject({
    variant: z.enum(['simple', 'columns']),
    showNewsletter: z.boolean(),
    copyrightText: text(200),
    links: z.array(link).max(12),
  }),
  header: z.strictObject({
    height: size(40, 160),
    topOfferBannerHeight: size(24, 120),
    showBusinessNameWithLogo: z.boolean(),
    logoSizeDesktop: size(16, 160),
    logoSizeMobile: size(16, 160),
  }),
  topOfferBanner: z.strictObject({
    topOfferBannerHeight: size(24, 120),
    showTopOfferBanner: z.boolean(),
    topOfferBannerText: text(200),
  }),
  seo: z.strictObject({
    title: text(120),
    description: text(320),
    keywords: z.array(text(40)).max(30),
    ogImage: url,
    twitterHandle: z
      .string()
      .trim()
      .regex(/^(@?[A-Za-z0-9_]{1,15})?$/, 'Must be a handle like @bellanonna'),
    ogType: z.enum(['website', 'restaurant', 'business.business']),
    ogSiteName: text(80),
    twitterCard: z.enum(['summary', 'summary_large_image']),
    favicon: url,
    appleTouchIcon: url,
    themeColor: color,
  }),
  general: z.strictObject({
    tagline: text(160),
    logo: url,
    favicon: url,
    aboutContent: text(2000),
    showConfigEditor: z.boolean(),
    contactEmail: z.union([z.literal(''), z.email('Must be an email address').max(254)]),
    contactPhone: text(40),
    websiteUrl: url,
    businessFullName: text(120),
    businessShortName: text(60),
    businessAcn: text(40),
    tenantId: z.number().int().positive().optional(),
    socialLinks: z
      .array(z.strictObject({ platform: text(30).min(1), url: url.refine((v) => v !== '', 'Required') }))
      .max(10),
    mobileApp,
    autoClearRestaurantOnInterval: z.boolean(),
    autoClearRestaurantTimeInterval: z.number().int().min(1).max(168),
    showBestSellingSection: z.boolean(),
    showFreshAdditionsSection: z.boolean(),
    isAsapOptionEnabled: z.boolean(),
    showProductUnit: z.boolean(),
  }),
};

type Sections = typeof themeSections;

/**
 * A complete theme: what PUT /v2/restaurants/app-settings must carry and what app_settings.web_config
 * holds (decision 026: nothing partial is stored). The tenant id is the server's, so it may be left out.
 */
export const themeSchema = z.strictObject(themeSections);

/**
 * Part of a theme, every field optional: what PATCH /v2/restaurants/app-settings merges over the
 * stored theme (the result is checked as a complete theme before it is stored).
 */
export const themePatchSchema = z.strictObject({
  ...(Object.fromEntries(
    Object.entries(themeSections).map(([key, section]) => [key, section.partial().optional()]),
  ) as { [K in keyof Sections]: z.ZodOptional<ReturnType<Sections[K]['partial']>> }),
  general: themeSections.general.extend({ mobileApp: mobileApp.partial() }).partial().optional(),
});

export type ValidTheme = z.infer<typeof themeSchema>;

export type ValidThemePatch = z.infer<typeof themePatchSchema>;

/** The public part of a payment provider's configuration; secrets never leave the server. */
export const paymentGatewayConfigSchema = z.object({
  provider: z.string(),
  mode: z.enum(['live', 'test']),
  publishable_key: z.string(),
});

export type PaymentGatewayConfig = z.infer<typeof paymentGatewayConfigSchema>;

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/** GET /v2/restaurants/app-settings (spec §7). Without restaurant_id: the tenant's settings. */
export const appSettingsQuerySchema = z.strictObject({
  tenant_id: positiveId,
  restaurant_id: positiveId.optional(),
});

export const appSettingsEntrySchema = z.object({
  tenant_id: z.number().int(),
  restaurant_id: z.number().int().nullable(),
  /** The effective theme: spec §9 defaults, then the tenant's, then the restaurant's overrides. */
  web_config: z.record(z.string(), z.unknown()),
  payment_gateway_config: paymentGatewayConfigSchema.nullable(),
  /** 0 disables online ordering (spec §3); also 0 while the restaurant has paused ordering. */
  is_online_order_enabled: z.union([z.literal(0), z.literal(1)]),
  /** Decision 017: a restaurant's pause, busy mode and method switches (defaults for a tenant). */
  ordering: orderingStateSchema.optional(),
});

export type AppSettingsEntry = z.infer<typeof appSettingsEntrySchema>;

/** A list whose first element holds the settings (spec §7). */
export const appSettingsResponseSchema = envelope(z.array(appSettingsEntrySchema));

/** PUT /v2/restaurants/app-settings: the config editor saves a tenant's (or restaurant's) whole theme. */
export const saveAppSettingsBodySchema = z.strictObject({
  tenant_id: z.number().int().positive(),
  restaurant_id: z.number().int().positive().nullable().optional(),
  web_config: themeSchema,
});

/** PATCH /v2/restaurants/app-settings: part of a theme, merged over the stored one. */
export const patchAppSettingsBodySchema = z.strictObject({
  tenant_id: z.number().int().positive(),
  restaurant_id: z.number().int().positive().nullable().optional(),
  web_config: themePatchSchema,
});

export type PatchAppSettingsBody = z.infer<typeof patchAppSettingsBodySchema>;

export type SaveAppSettingsBody = z.infer<typeof saveAppSettingsBodySchema>;

const stripeKeyMode = (key: string) => (/^[a-z]{2}_live_/.test(key) ? 'live' : 'test');

/**
 * PUT /v2/restaurants/app-settings/payment-gateway (owners only): the tenant's card payment
 * provider. Secret keys are write-only: stored server-side and never answered. For `stripe`,
 * omitting secret_key/webhook_secret keeps the stored ones. Every key must match the mode.
 */
export const savePaymentGatewayBodySchema = z
  .strictObject({
    tenant_id: z.number().int().positive(),
    provider: z.enum(['sandbox', 'stripe']),
    mode: z.enum(['test', 'live']),
    publishable_key: z
      .string()
      .trim()
      .regex(/^pk_(test|live)_[A-Za-z0-9]{1,200}$/, 'Enter a Stripe publishable key (pk_test_… or pk_live_…)')
      .optional(),
    secret_key: z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{1,200}$/, 'Enter a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    webhook_secret: z
      .string()
      .trim()
      .regex(/^whsec_[A-Za-z0-9]{1,200}$/, 'Enter the webhook signing secret (whsec_…)')
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.provider === 'sandbox') {
      if (body.mode !== 'test')
        ctx.addIssue({ code: 'custom', path: ['mode'], message: 'The sandbox runs in test mode only' });
      for (const field of ['publishable_key', 'secret_key', 'webhook_secret'] as const) {
        if (body[field] !== undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: 'The sandbox takes no keys' });
      }
      return;
    }
    if (!body.publishable_key) {
      ctx.addIssue({ code: 'custom', path: ['publishable_key'], message: 'Enter the Stripe publishable key' });
    }
    for (const field of ['publishable_key', 'secret_key'] as const) {
      const key = body[field];
      if (key && stripeKeyMode(key) !== body.mode) {
        ctx.addIssue({ code: 'custom', path: [field], message: `Use a ${body.mode} key in ${body.mode} mode` });
      }
    }
  });

export type SavePaymentGatewayBody = z.infer<typeof savePaymentGatewayBodySchema>;
