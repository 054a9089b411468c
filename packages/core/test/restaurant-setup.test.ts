import { describe, expect, it } from 'vitest';
import {
  adminDeliveryZoneBodySchema,
  adminHoursBodySchema,
  businessSettingsBodySchema,
  datesWithTimes,
  type FulfilmentTimeRules,
  fromZoned,
  type OpeningRange,
  overlappingRanges,
  registrationLine,
  resolveOrderTime,
  timesOnDate,
} from '../src/index.js';

const tz = 'Australia/Sydney';
const rules = (overrides: Partial<FulfilmentTimeRules> = {}): FulfilmentTimeRules => ({
  timezone: tz,
  ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens_at: '11:00', closes_at: '21:30' })),
  leadMinutes: 20,
  slotMinutes: 15,
  asapEnabled: true,
  daysAhead: 7,
  capacity: null,
  ...overrides,
});

describe('closures (decision 037)', () => {
  const now = new Date(fromZoned('2026-12-21', '12:00', tz) as string);

  it('a closed date offers no times, ASAP included, and drops out of the dates', () => {
    const closed = rules({ closedDates: ['2026-12-25', '2026-12-21'] });
    expect(timesOnDate('2026-12-25', now, closed)).toEqual({ times: [], reason: 'closed' });
    expect(timesOnDate('2026-12-21', now, closed)).toEqual({ times: [], reason: 'closed' });
    expect(timesOnDate('2026-12-24', now, closed).times.length).toBeGreaterThan(0);
    expect(datesWithTimes(now, closed)).not.toContain('2026-12-25');
    expect(resolveOrderTime({ date: '2026-12-25', time: '12:00', now }, closed)).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(resolveOrderTime({ time: 'asap', now }, closed)).toEqual({ ok: false, reason: 'closed' });
    expect(resolveOrderTime({ date: '2026-12-24', time: '12:00', now }, closed).ok).toBe(true);
  });
});

describe('overlapping opening ranges', () => {
  const r = (weekday: number, opens_at: string, closes_at: string): OpeningRange => ({ weekday, opens_at, closes_at });

  it('finds ranges open at the same moment, across midnight and the end of the week', () => {
    expect(overlappingRanges([r(1, '11:00', '15:00'), r(1, '17:00', '21:00')])).toEqual([]);
    expect(overlappingRanges([r(1, '11:00', '15:00'), r(1, '15:00', '21:00')])).toEqual([]);
    expect(overlappingRanges([r(1, '11:00', '15:00'), r(1, '14:00', '21:00')])).toEqual([[0, 1]]);
    expect(overlappingRanges([r(5, '18:00', '02:00'), r(6, '01:00', '10:00')])).toEqual([[0, 1]]);
    expect(overlappingRanges([r(6, '18:00', '02:00'), r(0, '01:00', '10:00')])).toEqual([[0, 1]]);
    expect(overlappingRanges([r(6, '18:00', '02:00'), r(0, '02:00', '10:00')])).toEqual([]);
  });

  it('the hours body names the later of two overlapping ranges of one method; other methods may overlap it', () => {
    const parsed = adminHoursBodySchema.safeParse({
      restaurant_id: 1,
      hours: [
        { method: 'pickup', weekday: 1, opens_at: '11:00', closes_at: '15:00' },
        { method: 'delivery', weekday: 1, opens_at: '12:00', closes_at: '21:00' },
        { method: 'pickup', weekday: 1, opens_at: '14:30', closes_at: '21:00' },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['hours.2.opens_at']);
  });
});

describe('set-up bodies', () => {
  const business = {
    name: 'Harbour Sushi',
    legal_name: '',
    abn: '51 824 753 556',
    acn: '',
    address: '',
    phone: '',
    email: '',
    tax_name: 'GST',
    tax_rate_bps: 1000,
    tax_mode: 'inclusive',
    currency: 'AUD',
    locale: 'en-AU',
  };

  it('checks the ABN and ACN by their checksums', () => {
    expect(businessSettingsBodySchema.safeParse(business).success).toBe(true);
    const bad = businessSettingsBodySchema.safeParse({ ...business, abn: '51 824 753 557', acn: '004 085 617' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['abn', 'acn']);
    expect(businessSettingsBodySchema.safeParse({ ...business, acn: '004085616' }).success).toBe(true);
  });

  it('a zone needs a non-negative fee, a radius for radius zones and an area for area zones', () => {
    const zone = {
      name: 'Near',
      kind: 'radius',
      postcodes: [],
      suburbs: [],
      radius_km: 5,
      fee_cents: 500,
      minimum_order_cents: 0,
      free_over_cents: null,
      priority: 0,
      is_active: true,
    };
    expect(adminDeliveryZoneBodySchema.safeParse(zone).success).toBe(true);
    const paths = (value: object) =>
      adminDeliveryZoneBodySchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...zone, fee_cents: -1 })).toEqual(['fee_cents']);
    expect(paths({ ...zone, radius_km: null })).toEqual(['radius_km']);
    expect(paths({ ...zone, kind: 'areas', radius_km: null })).toEqual(['postcodes']);
  });
});

describe('the registration line under the business name', () => {
  it('keeps a line that names its numbers and calls a bare number an ACN, as the theme editor stores it', () => {
    expect(registrationLine('ABN 51 824 753 556 · ACN 004 085 616')).toBe('ABN 51 824 753 556 · ACN 004 085 616');
    expect(registrationLine('004 085 616')).toBe('ACN 004 085 616');
  });
});
