import { z } from 'zod';
import { envelope } from './envelope.js';

/** Party sizes the contract accepts at all; each restaurant narrows it (min_party..max_party). */
export const reservationPartyLimit = 50;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');
const partySize = z.coerce
  .number()
  .int('Party size must be a whole number')
  .min(1, 'Party size must be at least 1')
  .max(reservationPartyLimit, `Party size must be at most ${reservationPartyLimit}`);

/** A restaurant that takes table reservations, with what the booking form needs to know. */
export const reservationRestaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  street_name: z.string(),
  city: z.string(),
  phone: z.string(),
  timezone: z.string(),
  min_party: z.number().int(),
  max_party: z.number().int(),
  /** First and last local dates bookings are open for, today included. */
  first_date: z.string(),
  last_date: z.string(),
});
export type ReservationRestaurant = z.infer<typeof reservationRestaurantSchema>;

export const reservationRestaurantsQuerySchema = z.strictObject({ tenant_id: id });
export const reservationRestaurantsResponseSchema = envelope(z.array(reservationRestaurantSchema));

export const availabilityQuerySchema = z.strictObject({
  tenant_id: id,
  restaurant_id: id,
  date: localDate,
  party_size: partySize,
});
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

export const availableSlotSchema = z.object({
  starts_at: z.string(),
  /** Local wall-clock time, 'HH:MM'. */
  time: z.string(),
});
export type AvailableSlot = z.infer<typeof availableSlotSchema>;

export const availabilitySchema = z.object({
  restaurant_id: z.number().int(),
  date: z.string(),
  party_size: z.number().int(),
  /** Only times that can still seat the party; empty when none can. */
  slots: z.array(availableSlotSchema),
  /** Why there are no slots (closed, not open for booking yet, …), else null. */
  message: z.string().nullable(),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityResponseSchema = envelope(availabilitySchema);

export const createReservationBodySchema = z.strictObject({
  tenant_id: id,
  restaurant_id: id,
  starts_at: z.iso.datetime({ offset: true, message: 'Choose a time' }),
  party_size: partySize,
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z.string().trim().max(254, 'Use at most 254 characters').pipe(z.email('Enter a valid email address')),
  phone_no: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number')
    .refine((value) => value.replace(/\D/g, '').length >= 6, 'Enter a valid phone number'),
  special_requests: z.string().trim().max(500, 'Use at most 500 characters').default(''),
});
export type CreateReservationBody = z.input<typeof createReservationBodySchema>;

export const reservationStatusSchema = z.enum(['confirmed', 'cancelled']);

export const reservationSchema = z.object({
  reference: z.string(),
  status: reservationStatusSchema,
  restaurant: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    timezone: z.string(),
  }),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Local date and time at the restaurant. */
  date: z.string(),
  time: z.string(),
  party_size: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_no: z.string(),
  special_requests: z.string(),
  /** Whether it can still be cancelled online, and until when. */
  can_cancel: z.boolean(),
  cancel_until: z.string(),
  created_at: z.string(),
});
export type Reservation = z.infer<typeof reservationSchema>;
export const reservationResponseSchema = envelope(reservationSchema);

export const reservationReferenceParamsSchema = z.strictObject({
  reference: z.string().regex(/^[A-Z0-9-]{4,20}$/i, 'Not a reservation reference'),
});
export const reservationLookupQuerySchema = z.strictObject({ tenant_id: id });

/** The cancel link's token proves the right to see and cancel a guest booking. */
export const reservationTokenHeader = 'x-reservation-token';

export const cancelReservationBodySchema = z.strictObject({
  tenant_id: id,
  /** From the cancel link in the confirmation mail; not needed for a signed-in owner. */
  token: z.string().min(20).max(200).optional(),
});

export const myReservationsSchema = z.object({
  upcoming: z.array(reservationSchema),
  past: z.array(reservationSchema),
});
export type MyReservations = z.infer<typeof myReservationsSchema>;
export const myReservationsResponseSchema = envelope(myReservationsSchema);
