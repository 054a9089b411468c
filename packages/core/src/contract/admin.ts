import { z } from 'zod';
import { fulfilmentMethods, overlappingRanges } from '../rules/opening-hours.js';
import { userRoles } from './auth.js';
import { envelope } from './envelope.js';
import { fulfilmentMethodSchema } from './fulfilment.js';

/**
 * The back office (decision 017): calls under /api/v2/admin for the tenant's staff. Every call names
 * the restaurant it acts on (or acts on a row that belongs to one); the server checks the caller
 * may manage that restaurant and that the role allows the action (rules/staff-roles.ts).
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
const cents = z.number().int('Use whole cents').min(0, 'Must not be negative').max(10_000_000, 'Too large');

export const adminIdParamsSchema = z.strictObject({ id });
export const adminRestaurantQuerySchema = z.strictObject({ restaurant_id: id });

export const adminAbilitiesSchema = z.object({
  orders: z.boolean(),
  availability: z.boolean(),
  pause: z.boolean(),
  menu: z.boolean(),
  ordering: z.boolean(),
  coupons: z.boolean(),
  giftCards: z.boolean(),
  giftCardsManage: z.boolean(),
  loyalty: z.boolean(),
  loyaltyAdjust: z.boolean(),
  reservations: z.boolean(),
  hours: z.boolean(),
  reports: z.boolean(),
  theme: z.boolean(),
  business: z.boolean(),
  restaurants: z.boolean(),
  payments: z.boolean(),
  rewards: z.boolean(),
  staff: z.boolean(),
  catalogueHistory: z.boolean(),
});

export const adminRestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  timezone: z.string(),
  /** 1 = active (spec §3). */
  status: z.number().int(),
});
export type AdminRestaurant = z.infer<typeof adminRestaurantSchema>;

/** GET /api/v2/admin/me: who is signed in, what they may do, and which restaurants they manage. */
export const adminMeSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.enum(userRoles) }),
  abilities: adminAbilitiesSchema,
  restaurants: z.array(adminRestaurantSchema),
});
export type AdminMe = z.infer<typeof adminMeSchema>;
export const adminMeResponseSchema = envelope(adminMeSchema);

/** Out of stock ('86'): for today (until the restaurant's local midnight) or until turned back on. */
export const availabilityBodySchema = z
  .strictObject({
    restaurant_id: id,
    available: z.boolean(),
    until: z.enum(['today', 'turned_back']).optional(),
  })
  .refine((b) => b.available || b.until !== undefined, {
    message: "Say how long: 'today' or 'turned_back'",
    path: ['until'],
  })
  .refine((b) => !b.available || b.until === undefined, {
    message: 'Only an item being taken off takes a duration',
    path: ['until'],
  });
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;

const availabilityFields = {
  /** false while out of stock (switched off, and not yet back). */
  is_available: z.boolean(),
  /** When a "today" 86 ends (ISO); null when off until turned back, or when on. */
  available_again_at: z.string().nullable(),
};

export const adminModifierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group_name: z.string(),
  price: z.number().int(),
  online_price: z.number().int(),
  ...availabilityFields,
});

export const adminProductSchema = z.object({
  /** The restaurant product's id (what the cart and menu call `restaurant_product_id`). */
  id: z.number().int(),
  product_id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  name: z.string(),
  description: z.string(),
  image_url: z.string(),
  price: z.number().int(),
  online_price: z.number().int(),
  stock_count: z.number().int().nullable(),
  ...availabilityFields,
  modifiers: z.array(adminModifierSchema),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminMenuSchema = z.object({
  restaurant_id: z.number().int(),
  timezone: z.string(),
  products: z.array(adminProductSchema),
});
export type AdminMenu = z.infer<typeof adminMenuSchema>;
export const adminMenuResponseSchema = envelope(adminMenuSchema);
export const adminProductResponseSchema = envelope(adminProductSchema);
export const adminModifierResponseSchema = envelope(adminModifierSchema);

/** PATCH /api/v2/admin/products/:id (manager+): prices in cents; the description is the product's own. */
export const productEditBodySchema = z
  .strictObject({
    restaurant_id: id,
    price: cents.optional(),
    online_price: cents.optional(),
    description: z.string().trim().max(1000, 'Use at most 1000 characters').optional(),
  })
  .refine((b) => b.price !== undefined || b.online_price !== undefined || b.description !== undefined, {
    message: 'Nothing to change',
    path: ['price'],
  });
export type ProductEditBody = z.infer<typeof productEditBodySchema>;

/** Images a product may have (checked by their first bytes, not by the name or header alone). */
export const productImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const maxProductImageBytes = 2 * 1024 * 1024;

/** Ordering controls of one restaurant (GET/PATCH /api/v2/admin/ordering). */
export const orderingControlsSchema = z.object({
  restaurant_id: z.number().int(),
  /** Spec §3 is_online_order_enabled of the restaurant. */
  is_online_order_enabled: z.boolean(),
  /** Busy mode: minutes added to prep and lead time; 0 when off. */
  busy_minutes: z.number().int(),
  /** Ordering paused until then (ISO), or null. */
  paused_until: z.string().nullable(),
  pickup_enabled: z.boolean(),
  delivery_enabled: z.boolean(),
  dine_in_enabled: z.boolean(),
  /** Whether a customer can order online right now (switch on and not paused). */
  accepting_orders: z.boolean(),
});
export type OrderingControls = z.infer<typeof orderingControlsSchema>;
export const orderingControlsResponseSchema = envelope(orderingControlsSchema);

export const orderingUpdateBodySchema = z
  .strictObject({
    restaurant_id: id,
    is_online_order_enabled: z.boolean().optional(),
    busy_minutes: z.number().int().min(0).max(120, 'At most 120 minutes').optional(),
    pickup_enabled: z.boolean().optional(),
    delivery_enabled: z.boolean().optional(),
    dine_in_enabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 1, { message: 'Nothing to change', path: ['restaurant_id'] });
export type OrderingUpdateBody = z.infer<typeof orderingUpdateBodySchema>;

/** PUT /api/v2/admin/ordering/pause (staff+): pause for N minutes; 0 resumes at once. */
export const pauseBodySchema = z.strictObject({
  restaurant_id: id,
  minutes: z.number().int().min(0).max(480, 'At most 8 hours'),
});

/** Ordering state a storefront needs beyond the on/off switch (added to the app-settings answer). */
export const orderingStateSchema = z.object({
  paused_until: z.string().nullable(),
  busy_minutes: z.number().int(),
  methods: z.object({ pickup: z.boolean(), delivery: z.boolean(), dine_in: z.boolean() }),
});
export type OrderingState = z.infer<typeof orderingStateSchema>;

export const adminReservationStatuses = ['booked', 'seated', 'no_show', 'cancelled'] as const;
export const adminReservationStatusSchema = z.enum(adminReservationStatuses);
export type AdminReservationStatus = z.infer<typeof adminReservationStatusSchema>;

export const adminReservationsQuerySchema = z.strictObject({ restaurant_id: id, date: localDate });

export const adminReservationSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: adminReservationStatusSchema,
  starts_at: z.string(),
  /** 'HH:MM' in the restaurant's timezone. */
  local_time: z.string(),
  party_size: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_no: z.string(),
  special_requests: z.string(),
});
export type AdminReservation = z.infer<typeof adminReservationSchema>;
export const adminReservationsResponseSchema = envelope(
  z.object({ restaurant_id: z.number().int(), date: z.string(), reservations: z.array(adminReservationSchema) }),
);
export const adminReservationResponseSchema = envelope(adminReservationSchema);
export const adminReservationStatusBodySchema = z.strictObject({
  restaurant_id: id,
  status: adminReservationStatusSchema,
});

/** Staff accounts (owner): who works where. Owners manage every restaurant and need no list. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  restaurant_ids: z.array(z.number().int()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = envelope(z.array(staffMemberSchema));
export const staffMemberResponseSchema = envelope(staffMemberSchema);
/** POST /api/v2/admin/staff (owner): an existing account of the business joins the team. */
export const addStaffBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
  role: z.enum(['staff', 'manager']),
  restaurant_ids: z.array(id).max(200).default([]),
});
export type AddStaffBody = z.input<typeof addStaffBodySchema>;

export const staffRestaurantsBodySchema = z.strictObject({
  restaurant_ids: z.array(id).max(200),
});

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM');

/** One opening range of a method on a weekday (0 = Sunday); closing at or before opening runs past midnight. */
export const adminOpeningRangeSchema = z
  .strictObject({
    method: fulfilmentMethodSchema,
    weekday: z.number().int().min(0).max(6),
    opens_at: clock,
    closes_at: clock,
  })
  .refine((r) => r.opens_at !== r.closes_at, { message: 'Opening and closing times must differ', path: ['closes_at'] });
export type AdminOpeningRange = z.infer<typeof adminOpeningRangeSchema>;

export const adminHoursSchema = z.object({
  restaurant_id: z.number().int(),
  timezone: z.string(),
  hours: z.array(adminOpeningRangeSchema),
});
export type AdminHours = z.infer<typeof adminHoursSchema>;
export const adminHoursResponseSchema = envelope(adminHoursSchema);

/** PUT /api/v2/admin/hours (manager+): replaces the restaurant's opening hours (a day left out is closed). */
export const adminHoursBodySchema = z
  .strictObject({ restaurant_id: id, hours: z.array(adminOpeningRangeSchema).max(63) })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.hours.forEach((r, i) => {
      const key = `${r.method}:${r.weekday}:${r.opens_at}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['hours', i, 'opens_at'], message: 'Listed twice' });
      seen.add(key);
    });
    // Ranges of one method must not overlap (decision 037): which one would a time belong to?
    for (const method of fulfilmentMethods) {
      // Only well-formed ranges (a malformed one already has its own issue).
      const indexes = body.hours.flatMap((r, i) =>
        r.method === method && adminOpeningRangeSchema.safeParse(r).success ? [i] : [],
      );
      const ofMethod = indexes.map((i) => body.hours[i] as AdminOpeningRange);
      const reported = new Set<number>();
      for (const [a, b] of overlappingRanges(ofMethod)) {
        const index = indexes[b] as number;
        const other = ofMethod[a] as AdminOpeningRange;
        if (
          reported.has(index) ||
          `${other.weekday}:${other.opens_at}` === `${ofMethod[b]?.weekday}:${ofMethod[b]?.opens_at}`
        )
          continue;
        reported.add(index);
        ctx.addIssue({
          code: 'custom',
          path: ['hours', index, 'opens_at'],
          message: `Overlaps ${other.opens_at}–${other.closes_at} on the same or the previous day`,
        });
      }
    }
  });
export type AdminHoursBody = z.infer<typeof adminHoursBodySchema>;
