import { type DeliveryQuote, deliveryErrors } from '../contract/fulfilment.js';
import { formatCents } from '../pricing/money.js';

/**
 * Delivery zones (decision 013): a restaurant delivers to listed postcodes and suburbs, or within a
 * radius of itself. The first matching zone by priority sets the fee, the minimum order and the
 * free-delivery threshold. All money in cents.
 */
export interface DeliveryZoneRule {
  id: number;
  name: string;
  kind: 'areas' | 'radius';
  /** 'areas': an address matches when its postcode or its suburb is listed. */
  postcodes: readonly string[];
  suburbs: readonly string[];
  /** 'radius': straight-line distance from the restaurant, in km. */
  radius_km: number | null;
  fee_cents: number;
  minimum_order_cents: number;
  /** A subtotal of at least this much is delivered free; null: never free. */
  free_over_cents: number | null;
  /** Lower first: where zones overlap, the first match wins. */
  priority: number;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Where an order goes, as far as it is known: coordinates only when the client or a geocoder gave them. */
export interface DeliveryPlace {
  postcode: string;
  suburb: string;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

const earthRadiusKm = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in km. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** '2010 ' → '2010'; postcodes compare without spaces, upper-case (also for letters, e.g. UK). */
export const normalisePostcode = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/** ' surry   HILLS' → 'surry hills'. */
export const normaliseSuburb = (suburb: string) => suburb.trim().replace(/\s+/g, ' ').toLowerCase();

function coordinatesOf(place: DeliveryPlace): Coordinates | null {
  const { latitude, longitude } = place;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { latitude, longitude };
}

export function zoneMatches(zone: DeliveryZoneRule, origin: Coordinates, place: DeliveryPlace): boolean {
  if (zone.kind === 'radius') {
    const at = coordinatesOf(place);
    return at !== null && zone.radius_km !== null && distanceKm(origin, at) <= zone.radius_km;
  }
  const postcode = normalisePostcode(place.postcode);
  const suburb = normaliseSuburb(place.suburb);
  return (
    (postcode !== '' && zone.postcodes.some((p) => normalisePostcode(p) === postcode)) ||
    (suburb !== '' && zone.suburbs.some((s) => normaliseSuburb(s) === suburb))
  );
}

/** The zone that delivers to `place`, or null: the lowest priority among the matches (then the lowest id). */
export function findZone(
  zones: readonly DeliveryZoneRule[],
  origin: Coordinates,
  place: DeliveryPlace,
): DeliveryZoneRule | null {
  const ordered = [...zones].sort((a, b) => a.priority - b.priority || a.id - b.id);
  return ordered.find((zone) => zoneMatches(zone, origin, place)) ?? null;
}

export function minimumOrderMessage(cents: number, currency: string, locale: string): string {
  return `${deliveryErrors.minimumOrder} ${formatCents(cents, currency, locale)}`;
}

/**
 * The delivery charge for a subtotal (cents) to `place`: the zone's fee, 0 from its free-over
 * threshold up, or an error for an address outside every zone or a subtotal under the minimum.
 */
export function quoteDelivery(input: {
  zones: readonly DeliveryZoneRule[];
  origin: Coordinates;
  place: DeliveryPlace;
  subtotalCents: number;
  currency: string;
  locale: string;
}): DeliveryQuote {
  const zone = findZone(input.zones, input.origin, input.place);
  if (!zone) {
    return {
      delivery_charge: 0,
      delivery_error: deliveryErrors.outsideZones,
      zone_id: null,
      zone_name: null,
      minimum_order: null,
      free_over: null,
    };
  }
  const free = zone.free_over_cents !== null && input.subtotalCents >= zone.free_over_cents;
  const short = input.subtotalCents < zone.minimum_order_cents;
  return {
    delivery_charge: free ? 0 : zone.fee_cents,
    delivery_error: short ? minimumOrderMessage(zone.minimum_order_cents, input.currency, input.locale) : null,
    zone_id: zone.id,
    zone_name: zone.name,
    minimum_order: zone.minimum_order_cents,
    free_over: zone.free_over_cents,
  };
}
