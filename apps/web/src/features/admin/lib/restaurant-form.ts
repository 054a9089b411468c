import { type AdminRestaurantDetail, adminRestaurantBodySchema } from '@orderfront/core';
import { z } from 'zod';

/** A restaurant as typed: numbers stay text until saved so a half-typed value is never lost. */
const restaurantDraftSchema = z.object({
  name: z.string(),
  street_name: z.string(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  timezone: z.string(),
  lead_time_minutes: z.string(),
  slot_minutes: z.string(),
  max_orders_per_slot: z.string(),
  asap: z.enum(['default', 'on', 'off']),
});
export type RestaurantDraft = z.infer<typeof restaurantDraftSchema>;

export const emptyRestaurantDraft = (timezone: string): RestaurantDraft => ({
  name: '',
  street_name: '',
  suburb: '',
  city: '',
  state: '',
  postcode: '',
  country: 'AU',
  phone: '',
  email: '',
  latitude: '',
  longitude: '',
  timezone,
  lead_time_minutes: '20',
  slot_minutes: '15',
  max_orders_per_slot: '10',
  asap: 'default',
});

export function restaurantDraftOf(r: AdminRestaurantDetail): RestaurantDraft {
  return {
    name: r.name,
    street_name: r.street_name,
    suburb: r.suburb,
    city: r.city,
    state: r.state,
    postcode: r.postcode,
    country: r.country,
    phone: r.phone,
    email: r.email,
    latitude: String(r.latitude),
    longitude: String(r.longitude),
    timezone: r.timezone,
    lead_time_minutes: String(r.lead_time_minutes),
    slot_minutes: String(r.slot_minutes),
    max_orders_per_slot: String(r.max_orders_per_slot),
    asap: r.asap_enabled === null ? 'default' : r.asap_enabled ? 'on' : 'off',
  };
}

const decimal = (text: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);
/** Blank: left for the map service to find from the address (decision 043). */
const coordinate = (text: string) => (text.trim() === '' ? null : decimal(text));
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The draft → the API's body, checked by the API's own schema. */
export const restaurantFormSchema = restaurantDraftSchema
  .transform(({ asap, ...d }) => ({
    ...d,
    country: d.country.trim().toUpperCase(),
    latitude: coordinate(d.latitude),
    longitude: coordinate(d.longitude),
    lead_time_minutes: whole(d.lead_time_minutes),
    slot_minutes: whole(d.slot_minutes),
    max_orders_per_slot: whole(d.max_orders_per_slot),
    asap_enabled: asap === 'default' ? null : asap === 'on',
  }))
  .pipe(adminRestaurantBodySchema);
