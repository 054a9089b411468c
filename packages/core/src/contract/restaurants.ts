import { z } from 'zod';
import { fulfilmentMethods } from '../rules/opening-hours.js';
import { envelope } from './envelope.js';

const tenantId = z.int().positive().max(2_147_483_647);

/** `POST /restaurants-with-images` (spec §7): the configured tenant's restaurants of one status. */
export const restaurantsWithImagesRequestSchema = z.strictObject({
  tenant_id: tenantId,
  status: z.union([z.literal(0), z.literal(1)]),
});

export type RestaurantsWithImagesRequest = z.infer<typeof restaurantsWithImagesRequestSchema>;

export const restaurantAddressSchema = z.object({
  street_name: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  phone: z.string(),
});

/** One entry of the list, shaped as the spec reads it: `entry.restaurant.id`, `entry.attachment_paths[0].upload_path`. */
export const restaurantEntrySchema = z.object({
  restaurant: z.object({
    id: z.int(),
    name: z.string(),
    status: z.int(),
    address: restaurantAddressSchema,
    timezone: z.string(),
    /** Open for any fulfilment method right now, on the restaurant's own clock (closures and special hours included). */
    is_open_now: z.boolean(),
    /** Set when closures shut today for every method (decision 037): the reason to show. */
    closed_reason: z.string().nullable(),
  }),
  /** Empty when the restaurant has no image (the client shows a placeholder). */
  attachment_paths: z.array(z.object({ upload_path: z.string() })),
});

export type RestaurantEntry = z.infer<typeof restaurantEntrySchema>;

export const restaurantsWithImagesResponseSchema = envelope(z.array(restaurantEntrySchema));

/** `GET /v2/restaurants/:id?tenant_id=`: one restaurant with its hours and today's state. */
export const restaurantDetailParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const restaurantDetailQuerySchema = z.strictObject({ tenant_id: z.coerce.number().pipe(tenantId) });

const timeSchema = z.string().regex(/^\d{2}:\d{2}$/);
const rangeSchema = z.object({ opens_at: timeSchema, closes_at: timeSchema });

export const methodHoursSchema = z.object({
  method: z.enum(fulfilmentMethods),
  /** Seven days, Sunday first: each day's ranges (a range may close after midnight). */
  week: z.array(z.object({ weekday: z.int().min(0).max(6), ranges: z.array(rangeSchema) })),
  /**
   * Today's ranges on the restaurant's clock (a date's special hours replace the weekly ones; none on
   * a closed date, with `closed_reason` set), and whether the method is open at this moment.
   */
  today: z.object({ ranges: z.array(rangeSchema), is_open_now: z.boolean(), closed_reason: z.string().nullable() }),
});

export const restaurantDetailSchema = z.object({
  id: z.int(),
  name: z.string(),
  status: z.int(),
  email: z.string(),
  address: restaurantAddressSchema.extend({ country: z.string() }),
  attachment_paths: z.array(z.object({ upload_path: z.string() })),
  location: z.object({ latitude: z.number(), longitude: z.number(), map_url: z.url() }),
  timezone: z.string(),
  /** The restaurant's local date and weekday now (0 = Sunday). */
  today: z.object({ date: z.string(), weekday: z.int().min(0).max(6) }),
  is_open_now: z.boolean(),
  /** Set when closures shut today for every method (decision 037). */
  closed_reason: z.string().nullable(),
  opening_hours: z.array(methodHoursSchema),
  /** Dates from today on with hours of their own per method (decision 043), by date. */
  special_hours: z.array(rangeSchema.extend({ date: z.string(), method: z.enum(fulfilmentMethods) })),
});

export type RestaurantDetail = z.infer<typeof restaurantDetailSchema>;
export type MethodHours = z.infer<typeof methodHoursSchema>;

export const restaurantDetailResponseSchema = envelope(restaurantDetailSchema);
