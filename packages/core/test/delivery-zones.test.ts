import { describe, expect, it } from 'vitest';
import {
  type DeliveryZoneRule,
  deliveryErrors,
  distanceKm,
  findZone,
  minimumOrderMessage,
  quoteDelivery,
} from '../src/index.js';

const surryHills = { latitude: -33.88614, longitude: 151.21327 };
const parramatta = { latitude: -33.81497, longitude: 151.00345 };

const inner: DeliveryZoneRule = {
  id: 1,
  name: 'Inner city',
  kind: 'areas',
  postcodes: ['2010', '2011'],
  suburbs: ['Darlinghurst', 'Redfern'],
  radius_km: null,
  fee_cents: 500,
  minimum_order_cents: 2000,
  free_over_cents: 3000,
  priority: 1,
};
const fiveKm: DeliveryZoneRule = {
  id: 2,
  name: 'Within 5 km',
  kind: 'radius',
  postcodes: [],
  suburbs: [],
  radius_km: 5,
  fee_cents: 800,
  minimum_order_cents: 2500,
  free_over_cents: 3000,
  priority: 2,
};
const zones = [fiveKm, inner];

const quote = (place: Parameters<typeof quoteDelivery>[0]['place'], subtotalCents: number) =>
  quoteDelivery({ zones, origin: surryHills, place, subtotalCents, currency: 'AUD', locale: 'en-AU' });

describe('distanceKm', () => {
  it('Surry Hills to Parramatta is about 20.7 km as the crow flies; a point to itself is 0', () => {
    expect(distanceKm(surryHills, parramatta)).toBeCloseTo(20.7, 0);
    expect(distanceKm(surryHills, surryHills)).toBe(0);
  });

  it('one degree of latitude is about 111.2 km', () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.2, 1);
  });
});

describe('which zone delivers', () => {
  it('a listed postcode matches, whatever the spaces', () => {
    expect(findZone(zones, surryHills, { postcode: ' 2010', suburb: 'Somewhere' })?.id).toBe(1);
  });

  it('a listed suburb matches regardless of case and spacing', () => {
    expect(findZone(zones, surryHills, { postcode: '9999', suburb: '  redfern ' })?.id).toBe(1);
  });

  it('a radius zone needs coordinates: Bondi (6 km) is outside 5 km, Paddington (1.6 km) inside', () => {
    const paddington = { postcode: '2021', suburb: 'Paddington', latitude: -33.8845, longitude: 151.2302 };
    expect(findZone(zones, surryHills, paddington)?.id).toBe(2);
    expect(findZone(zones, surryHills, { postcode: '2021', suburb: 'Paddington' })).toBeNull();
    const bondi = { postcode: '2026', suburb: 'Bondi Beach', latitude: -33.8915, longitude: 151.2767 };
    expect(findZone(zones, surryHills, bondi)).toBeNull();
  });

  it('where zones overlap the lower priority wins', () => {
    const inside = { postcode: '2010', suburb: 'Surry Hills', latitude: -33.886, longitude: 151.213 };
    expect(findZone(zones, surryHills, inside)?.id).toBe(1);
    expect(findZone([{ ...fiveKm, priority: 0 }, inner], surryHills, inside)?.id).toBe(2);
  });
});

describe('delivery quotes', () => {
  it('$25.00 to 2010 → $5.00 delivery', () => {
    expect(quote({ postcode: '2010', suburb: 'Surry Hills' }, 2500)).toEqual({
      delivery_charge: 500,
      delivery_error: null,
      zone_id: 1,
      zone_name: 'Inner city',
      minimum_order: 2000,
      free_over: 3000,
    });
  });

  it('$30.00 or more → free delivery (the banner’s promise)', () => {
    expect(quote({ postcode: '2010', suburb: 'Surry Hills' }, 3000).delivery_charge).toBe(0);
    expect(quote({ postcode: '2010', suburb: 'Surry Hills' }, 2999).delivery_charge).toBe(500);
  });

  it('$15.00 → "Minimum order for delivery is $20.00"', () => {
    const q = quote({ postcode: '2011', suburb: 'Potts Point' }, 1500);
    expect(q.delivery_error).toBe('Minimum order for delivery is $20.00');
    expect(q.zone_id).toBe(1);
  });

  it('radius zone by coordinates: $26.00 → $8.00; under its $25.00 minimum → its own message', () => {
    const place = { postcode: '2021', suburb: 'Paddington', latitude: -33.8845, longitude: 151.2302 };
    expect(quote(place, 2600)).toMatchObject({ delivery_charge: 800, delivery_error: null, zone_id: 2 });
    expect(quote(place, 2400).delivery_error).toBe('Minimum order for delivery is $25.00');
  });

  it('outside every zone → "We don\'t deliver to this address"', () => {
    expect(quote({ postcode: '2150', suburb: 'Parramatta', ...parramatta }, 5000)).toEqual({
      delivery_charge: 0,
      delivery_error: deliveryErrors.outsideZones,
      zone_id: null,
      zone_name: null,
      minimum_order: null,
      free_over: null,
    });
    expect(deliveryErrors.outsideZones).toBe("We don't deliver to this address");
  });

  it('a zone with no free-over threshold always charges', () => {
    const paid = { ...inner, free_over_cents: null };
    const q = quoteDelivery({
      zones: [paid],
      origin: surryHills,
      place: { postcode: '2010', suburb: 'Surry Hills' },
      subtotalCents: 100_000,
      currency: 'AUD',
      locale: 'en-AU',
    });
    expect(q.delivery_charge).toBe(500);
  });

  it('formats the minimum in the tenant currency', () => {
    expect(minimumOrderMessage(2000, 'AUD', 'en-AU')).toBe('Minimum order for delivery is $20.00');
    expect(minimumOrderMessage(1500, 'GBP', 'en-GB')).toBe('Minimum order for delivery is £15.00');
  });
});
