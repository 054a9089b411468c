import { z } from 'zod';
import { normaliseAbn, normaliseAcn } from '../rules/business-numbers.js';
import { isValidDate } from '../rules/zoned-time.js';
import { envelope } from './envelope.js';
import { deliveryQuoteSchema, fulfilmentMethodSchema } from './fulfilment.js';

/**
 * Setting a business up from the back office (decision 037): business settings (owner), restaurants,
 * their closures, delivery zones and dining tables (owner; managers for their own restaurants).
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const required = (max: number) => text(max).min(1, 'Required');
const cents = z.number().int('Use whole cents').min(0, 'Must not be negative').max(10_000_000, 'Too large');
const email = z.union([z.literal(''), z.email('Must be an email address').max(254)]);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
const timezone = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone.includes('/') || zone === 'UTC';
    } catch {
      return false;
    }
  }, 'Not a known time zone (e.g. Australia/Sydney)');

/** '' or a number the register's checksum accepts; stored as digits only. */
const abn = text(20).refine(
  (v) => v === '' || normaliseAbn(v) !== null,
  'Not a valid ABN (11 digits, checksum failed)',
);
const acn = text(20).refine((v) => v === '' || normaliseAcn(v) !== null, 'Not a valid ACN (9 digits, checksum failed)');

export const businessSettingsSchema = z.object({
  name: z.string(),
  legal_name: z.string(),
  /** Digits only; '' when not set. Shown grouped with formatAbn/formatAcn. */
  abn: z.string(),
  acn: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  tax_name: z.string(),
  /** Basis points: 1000 = 10 %. */
  tax_rate_bps: z.int(),
  tax_mode: z.enum(['inclusive', 'exclusive']),
  currency: z.string(),
  locale: z.string(),
  timezone: z.string(),
  /** ABN and ACN apply (the business is Australian). */
  australian: z.boolean(),
  /** Currency and locale cannot change once the business has taken an order. */
  currency_locked: z.boolean(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export const businessSettingsResponseSchema = envelope(businessSettingsSchema);

/** PUT /api/v2/admin/business (owner). */
export const businessSettingsBodySchema = z.strictObject({
  name: required(120),
  legal_name: text(160),
  abn,
  acn,
  address: text(300),
  phone: text(40),
  email,
  tax_name: required(20),
  tax_rate_bps: z.number().int('Use whole basis points').min(0, 'Must not be negative').max(5000, 'At most 50 %'),
  tax_mode: z.enum(['inclusive', 'exclusive']),
  currency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code such as AUD'),
  locale: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'A locale such as en-AU')
    .refine((v) => Intl.NumberFormat.supportedLocalesOf([v]).length > 0, 'Not a supported locale'),
});
export type BusinessSettingsBody = z.infer<typeof businessSettingsBodySchema>;

export const adminRestaurantDetailSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** 1 open (listed in the storefront), 0 closed for good (archived, hidden). */
  status: z.int(),
  street_name: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  image_path: z.string().nullable(),
  lead_time_minutes: z.int(),
  slot_minutes: z.int(),
  max_orders_per_slot: z.int(),
  /** null: follows the storefront's ASAP setting. */
  asap_enabled: z.boolean().nullable(),
  has_orders: z.boolean(),
});
export type AdminRestaurantDetail = z.infer<typeof adminRestaurantDetailSchema>;
export const adminRestaurantListResponseSchema = envelope(z.array(adminRestaurantDetailSchema));
export const adminRestaurantResponseSchema = envelope(adminRestaurantDetailSchema);

/** POST /api/v2/admin/restaurants (owner) and PUT /api/v2/admin/restaurants/:id (manager of it). */
export const adminRestaurantBodySchema = z.strictObject({
  name: required(120),
  street_name: required(200),
  suburb: required(100),
  city: text(100),
  state: text(50),
  postcode: required(10),
  country: z.string().regex(/^[A-Z]{2}$/, 'A two-letter country code such as AU'),
  phone: text(40),
  email,
  /** null: found from the address by the map service (decision 043). */
  latitude: z.number().min(-90, 'Between -90 and 90').max(90, 'Between -90 and 90').nullable(),
  longitude: z.number().min(-180, 'Between -180 and 180').max(180, 'Between -180 and 180').nullable(),
  timezone,
  lead_time_minutes: z.number().int().min(0, 'Must not be negative').max(1440, 'At most a day'),
  slot_minutes: z.number().int().min(5, 'At least 5 minutes').max(120, 'At most 2 hours'),
  max_orders_per_slot: z.number().int().min(1, 'At least 1').max(1000),
  asap_enabled: z.boolean().nullable(),
});
export type AdminRestaurantBody = z.infer<typeof adminRestaurantBodySchema>;

/** PUT /api/v2/admin/restaurants/:id/status (owner): 1 open, 0 closed for good. */
export const adminRestaurantStatusBodySchema = z.strictObject({ status: z.union([z.literal(0), z.literal(1)]) });

export const restaurantClosureSchema = z.object({
  id: z.int(),
  date: z.string(),
  method: fulfilmentMethodSchema.nullable(),
  reason: z.string(),
});
export type RestaurantClosure = z.infer<typeof restaurantClosureSchema>;
export const restaurantClosureListResponseSchema = envelope(z.array(restaurantClosureSchema));
export const restaurantClosureResponseSchema = envelope(restaurantClosureSchema);
export const restaurantClosureBodySchema = z.strictObject({
  date: localDate,
  method: fulfilmentMethodSchema.nullable(),
  reason: text(120),
});
export type RestaurantClosureBody = z.infer<typeof restaurantClosureBodySchema>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');

/** Hours of their own on one date for one method (decision 043): they replace that day's weekly hours. */
export const restaurantSpecialHoursSchema = z.object({
  id: z.int(),
  date: z.string(),
  method: fulfilmentMethodSchema,
  opens_at: z.string(),
  closes_at: z.string(),
});
export type RestaurantSpecialHours = z.infer<typeof restaurantSpecialHoursSchema>;
export const restaurantSpecialHoursListResponseSchema = envelope(z.array(restaurantSpecialHoursSchema));
export const restaurantSpecialHoursResponseSchema = envelope(restaurantSpecialHoursSchema);
/**
 * Within the day: special hours stand alone, with no tail into the next morning (decision 043). A date
 * before the restaurant's today is refused by the server, which knows its time zone.
 */
export const restaurantSpecialHoursBodySchema = z
  .strictObject({
    date: localDate.refine(isValidDate, 'Use a real date'),
    method: fulfilmentMethodSchema,
    opens_at: clock,
    closes_at: clock,
  })
  .refine((h) => h.closes_at > h.opens_at, {
    message: 'Closing must be after opening, on the same day',
    path: ['closes_at'],
  });
export type RestaurantSpecialHoursBody = z.infer<typeof restaurantSpecialHoursBodySchema>;

const postcodeList = z.array(text(10).min(1, 'Empty postcode')).max(200);
const suburbList = z.array(text(100).min(1, 'Empty suburb')).max(200);

export const adminDeliveryZoneSchema = z.object({
  id: z.int(),
  name: z.string(),
  kind: z.enum(['areas', 'radius']),
  postcodes: z.array(z.string()),
  suburbs: z.array(z.string()),
  radius_km: z.number().nullable(),
  fee_cents: z.int(),
  minimum_order_cents: z.int(),
  free_over_cents: z.int().nullable(),
  priority: z.int(),
  is_active: z.boolean(),
});
export type AdminDeliveryZone = z.infer<typeof adminDeliveryZoneSchema>;
export const adminDeliveryZoneListResponseSchema = envelope(z.array(adminDeliveryZoneSchema));
export const adminDeliveryZoneResponseSchema = envelope(adminDeliveryZoneSchema);

export const adminDeliveryZoneBodySchema = z
  .strictObject({
    name: required(80),
    kind: z.enum(['areas', 'radius']),
    postcodes: postcodeList,
    suburbs: suburbList,
    radius_km: z.number().positive('Must be more than 0').max(200, 'At most 200 km').nullable(),
    fee_cents: cents,
    minimum_order_cents: cents,
    free_over_cents: cents.nullable(),
    priority: z.number().int().min(0).max(1000),
    is_active: z.boolean(),
  })
  .superRefine((zone, ctx) => {
    if (zone.kind === 'radius' && zone.radius_km === null) {
      ctx.addIssue({ code: 'custom', path: ['radius_km'], message: 'Required for a radius zone' });
    }
    if (zone.kind === 'areas' && zone.postcodes.length + zone.suburbs.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['postcodes'], message: 'List at least one postcode or suburb' });
    }
  });
export type AdminDeliveryZoneBody = z.infer<typeof adminDeliveryZoneBodySchema>;

/** POST /api/v2/admin/restaurants/:id/delivery-zones/test: "Would we deliver to …?" */
export const deliveryZoneTestBodySchema = z.strictObject({
  postcode: required(10),
  suburb: text(100),
  subtotal_cents: cents,
});
export const deliveryZoneTestResponseSchema = envelope(
  deliveryQuoteSchema.extend({ delivers: z.boolean(), message: z.string() }),
);

export const diningTableSchema = z.object({ id: z.int(), name: z.string(), menu_url: z.string() });
export type DiningTable = z.infer<typeof diningTableSchema>;
export const diningTableListResponseSchema = envelope(z.array(diningTableSchema));
export const diningTableResponseSchema = envelope(diningTableSchema);
/** Letters, digits and dashes: the dine-in menu accepts these as a table (decision 037). */
export const diningTableBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, 'Use 1 to 20 letters, digits or dashes'),
});

export const restaurantSubParamsSchema = z.strictObject({ id, item_id: id });
