import { z } from 'zod';
import { envelope } from './envelope.js';

/**
 * When and where an order can be fulfilled: pickup/delivery times offered per restaurant and
 * method (restaurant timezone, opening hours, lead time, slot length, kitchen capacity), and
 * delivery quotes from the restaurant's zones.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

export const fulfilmentMethodSchema = z.enum(['pickup', 'delivery', 'dine_in']);
export type FulfilmentMethodName = z.infer<typeof fulfilmentMethodSchema>;

export const fulfilmentTimesParamsSchema = z.strictObject({ restaurant_id: id });

/** GET /api/v2/restaurants/:restaurant_id/fulfilment-times?method=pickup|delivery[&date=YYYY-MM-DD] */
export const fulfilmentTimesQuerySchema = z.strictObject({
  method: z.enum(['pickup', 'delivery']),
  /** A local date; absent: the first date that has any time left. */
  date: localDate.optional(),
  /** Optional, as on the spec's other public calls: else the bearer token's tenant, else the storefront's. */
  tenant_id: id.optional(),
});
export type FulfilmentTimesQuery = z.infer<typeof fulfilmentTimesQuerySchema>;

export const fulfilmentTimeSchema = z.object({
  /** 'asap' or the slot's local wall-clock start 'HH:MM' (what checkout stores as pickupTime). */
  value: z.string(),
  /** e.g. 'ASAP (about 20 min)' or '6:15 pm'. */
  label: z.string(),
  /** The slot's start as an ISO instant with offset. */
  starts_at: z.string(),
});
export type FulfilmentTime = z.infer<typeof fulfilmentTimeSchema>;

export const fulfilmentTimesSchema = z.object({
  restaurant_id: z.number().int(),
  method: z.enum(['pickup', 'delivery']),
  timezone: z.string(),
  /** Local dates (YYYY-MM-DD) from today that still have times, in order (at most 7). */
  dates: z.array(z.string()),
  /** The date the times are for (the query's, else the first of `dates`), or null when none. */
  date: z.string().nullable(),
  /** Only times that can still be ordered for: past, closed and full slots are left out. */
  times: z.array(fulfilmentTimeSchema),
  /** Why nothing can be offered (closed today, …), else null. */
  message: z.string().nullable(),
});
export type FulfilmentTimes = z.infer<typeof fulfilmentTimesSchema>;
export const fulfilmentTimesResponseSchema = envelope(fulfilmentTimesSchema);

/** Spec §3 shippingDetails, snake_case on the wire; lat/lng only when the client has them. */
export const deliveryAddressSchema = z.strictObject({
  formatted_address: z.string().trim().min(1, 'Enter your address').max(300, 'Use at most 300 characters'),
  city: z.string().trim().min(1, 'Enter your city').max(100, 'Use at most 100 characters'),
  postcode: z.string().trim().min(1, 'Enter your postcode').max(12, 'Use at most 12 characters'),
  suburb: z.string().trim().min(1, 'Enter your suburb').max(100, 'Use at most 100 characters'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** POST /api/v2/delivery/quote: the caller's cart (bearer identity) delivered to this address. */
export const deliveryQuoteBodySchema = z.strictObject({
  restaurant_id: id,
  address: deliveryAddressSchema,
});
export type DeliveryQuoteBody = z.infer<typeof deliveryQuoteBodySchema>;

export const deliveryQuoteSchema = z.object({
  /** Cents; 0 when free (e.g. over the zone's free-delivery threshold). */
  delivery_charge: z.number().int(),
  /** null when the address can be delivered to; else the customer-facing reason, e.g.
   *  "We don't deliver to this address" or 'Minimum order for delivery is $20.00'. */
  delivery_error: z.string().nullable(),
  zone_id: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  minimum_order: z.number().int().nullable(),
  free_over: z.number().int().nullable(),
});
export type DeliveryQuote = z.infer<typeof deliveryQuoteSchema>;
export const deliveryQuoteResponseSchema = envelope(deliveryQuoteSchema);

export const deliveryErrors = {
  outsideZones: "We don't deliver to this address",
  /** Followed by the amount, e.g. 'Minimum order for delivery is $20.00'. */
  minimumOrder: 'Minimum order for delivery is',
} as const;
