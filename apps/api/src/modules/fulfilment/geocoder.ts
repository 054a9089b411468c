import { type DeliveryAddress, normalisePostcode, normaliseSuburb } from '@orderfront/core';
import type { Config } from '../../config.js';

/** Where a delivery address is, as far as a geocoder can tell. */
export interface GeocodedPlace {
  postcode: string;
  suburb: string;
  /** null when the geocoder works without coordinates (the offline one). */
  latitude: number | null;
  longitude: number | null;
}

/** What the restaurant's delivery zones list, for geocoders that work from it. */
export interface KnownAreas {
  postcodes: readonly string[];
  suburbs: readonly string[];
}

export interface Geocoder {
  readonly name: string;
  /**
   * The place of `address`, or null when this geocoder cannot place it. Throws when the provider
   * fails (network, quota): the caller then quotes from the address as typed.
   */
  locate(address: DeliveryAddress, context: { country: string; areas: KnownAreas }): Promise<GeocodedPlace | null>;
}

/**
 * The default: no network. An address is placed when its postcode or suburb is one the zones
 * list, spelled as the zones spell it; it gets no coordinates, so only postcode/suburb zones apply.
 */
export const offlineGeocoder: Geocoder = {
  name: 'offline',
  async locate(address, { areas }) {
    const postcode = areas.postcodes.find((p) => normalisePostcode(p) === normalisePostcode(address.postcode));
    const suburb = areas.suburbs.find((s) => normaliseSuburb(s) === normaliseSuburb(address.suburb));
    if (postcode === undefined && suburb === undefined) return null;
    return {
      postcode: postcode ?? address.postcode,
      suburb: suburb ?? address.suburb,
      latitude: null,
      longitude: null,
    };
  },
};

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface GoogleAnswer {
  status: string;
  error_message?: string;
  results?: {
    geometry?: { location?: { lat?: unknown; lng?: unknown } };
    address_components?: GoogleComponent[];
  }[];
}

/** Google Maps Geocoding API (https://developers.google.com/maps/documentation/geocoding). */
export function googleGeocoder(options: { apiKey: string; baseUrl: string; timeoutMs?: number }): Geocoder {
  return {
    name: 'google',
    async locate(address, { country }) {
      const url = new URL('/maps/api/geocode/json', options.baseUrl);
      url.searchParams.set(
        'address',
        [address.formatted_address, address.suburb, address.city, address.postcode].filter(Boolean).join(', '),
      );
      url.searchParams.set('components', `country:${country}`);
      url.searchParams.set('key', options.apiKey);
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
      if (!response.ok) throw new Error(`Geocoding answered HTTP ${response.status}`);
      const answer = (await response.json()) as GoogleAnswer;
      if (answer.status === 'ZERO_RESULTS') return null;
      if (answer.status !== 'OK') throw new Error(`Geocoding failed: ${answer.status} ${answer.error_message ?? ''}`);
      const first = answer.results?.[0];
      const { lat, lng } = first?.geometry?.location ?? {};
      if (typeof lat !== 'number' || typeof lng !== 'number') return null;
      const component = (type: string) => first?.address_components?.find((c) => c.types.includes(type))?.long_name;
      return {
        postcode: component('postal_code') ?? address.postcode,
        suburb: component('locality') ?? component('sublocality') ?? address.suburb,
        latitude: lat,
        longitude: lng,
      };
    },
  };
}

/** Google (its answers cached) when an API key is configured, else the offline geocoder. */
export function geocoderFor(config: Pick<Config, 'maps'>): Geocoder {
  const { googleApiKey, googleBaseUrl } = config.maps;
  return googleApiKey
    ? cachedGeocoder(googleGeocoder({ apiKey: googleApiKey, baseUrl: googleBaseUrl }))
    : offlineGeocoder;
}

/**
 * Remembers answers for an hour (at most 1000 addresses), so the quote at checkout and the one
 * inside the order transaction ask the provider once. Only for geocoders whose answer does not
 * depend on the zones (not the offline one).
 */
export function cachedGeocoder(inner: Geocoder, ttlMs = 3_600_000, max = 1000): Geocoder {
  const cache = new Map<string, { at: number; place: GeocodedPlace | null }>();
  return {
    name: inner.name,
    async locate(address, context) {
      const key = JSON.stringify([
        context.country,
        address.formatted_address.trim().toLowerCase(),
        normaliseSuburb(address.suburb),
        address.city.trim().toLowerCase(),
        normalisePostcode(address.postcode),
      ]);
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.place;
      const place = await inner.locate(address, context);
      cache.delete(key);
      cache.set(key, { at: Date.now(), place });
      if (cache.size > max) cache.delete(cache.keys().next().value as string);
      return place;
    },
  };
}
