import { describe, expect, it } from 'vitest';
import { fromZoned, methodToday, type RestaurantCalendar, restaurantToday } from '../src/index.js';

const tz = 'Australia/Sydney';
/** The instant of a Sydney wall-clock time. */
const at = (date: string, time: string) => new Date(fromZoned(date, time, tz) as string);
const everyDay = (method: 'pickup' | 'delivery' | 'dine_in', opens_at: string, closes_at: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ method, weekday, opens_at, closes_at }));

// Pickup 11:00–21:30 and dine-in 17:00–01:00 every day.
const calendar = (overrides: Partial<RestaurantCalendar> = {}): RestaurantCalendar => ({
  timezone: tz,
  hours: [...everyDay('pickup', '11:00', '21:30'), ...everyDay('dine_in', '17:00', '01:00')],
  closures: [],
  specialHours: [],
  ...overrides,
});

describe("today's hours and open now (decisions 037, 043)", () => {
  it('an ordinary day: the weekly hours, open inside them', () => {
    const today = restaurantToday(calendar(), at('2026-12-23', '12:00'));
    expect(today).toMatchObject({ date: '2026-12-23', weekday: 3, is_open_now: true, closed_reason: null });
    expect(today.methods.pickup).toEqual({
      ranges: [{ opens_at: '11:00', closes_at: '21:30' }],
      is_open_now: true,
      closed_reason: null,
    });
    expect(today.methods.delivery).toEqual({ ranges: [], is_open_now: false, closed_reason: null });
  });

  it('a closure today: closed all day with its reason, though the weekly hours say open', () => {
    const christmas = calendar({ closures: [{ date: '2026-12-25', method: null, reason: 'Christmas Day' }] });
    const today = restaurantToday(christmas, at('2026-12-25', '12:00'));
    expect(today.is_open_now).toBe(false);
    expect(today.closed_reason).toBe('Christmas Day');
    expect(today.methods.pickup).toEqual({ ranges: [], is_open_now: false, closed_reason: 'Christmas Day' });
    // The next day is ordinary again.
    expect(restaurantToday(christmas, at('2026-12-26', '12:00'))).toMatchObject({
      is_open_now: true,
      closed_reason: null,
    });
  });

  it('a closure without a reason says "Closed today"; one for a single method closes only that one', () => {
    const pickupOff = calendar({ closures: [{ date: '2026-12-25', method: 'pickup', reason: ' ' }] });
    const today = restaurantToday(pickupOff, at('2026-12-25', '18:00'));
    expect(today.methods.pickup).toMatchObject({ is_open_now: false, closed_reason: 'Closed today' });
    expect(today.methods.dine_in).toMatchObject({ is_open_now: true, closed_reason: null });
    expect(today).toMatchObject({ is_open_now: true, closed_reason: null });
  });

  it('special hours today: only those hours, shown as today and deciding open now', () => {
    const eve = calendar({
      specialHours: [{ date: '2026-12-24', method: 'pickup', opens_at: '10:00', closes_at: '14:00' }],
    });
    expect(methodToday(eve, 'pickup', at('2026-12-24', '10:30'))).toEqual({
      ranges: [{ opens_at: '10:00', closes_at: '14:00' }],
      is_open_now: true,
      closed_reason: null,
    });
    expect(methodToday(eve, 'pickup', at('2026-12-24', '15:00')).is_open_now).toBe(false);
    // Other methods keep their weekly hours that day.
    expect(methodToday(eve, 'dine_in', at('2026-12-24', '18:00')).is_open_now).toBe(true);
  });

  it('past midnight: the evening before runs on, but not out of a closed day or into a special-hours day', () => {
    // Dine-in 17:00–01:00: 00:30 on the 24th is the tail of the 23rd.
    expect(methodToday(calendar(), 'dine_in', at('2026-12-24', '00:30')).is_open_now).toBe(true);
    const closed23 = calendar({ closures: [{ date: '2026-12-23', method: null, reason: 'Stocktake' }] });
    expect(methodToday(closed23, 'dine_in', at('2026-12-24', '00:30')).is_open_now).toBe(false);
    // Special hours lie within their day (decision 043): none after midnight, and none before them.
    const special = calendar({
      specialHours: [{ date: '2026-12-24', method: 'dine_in', opens_at: '18:00', closes_at: '23:00' }],
    });
    expect(methodToday(special, 'dine_in', at('2026-12-24', '00:30')).is_open_now).toBe(false);
    expect(methodToday(special, 'dine_in', at('2026-12-25', '00:30')).is_open_now).toBe(false);
    expect(methodToday(special, 'dine_in', at('2026-12-24', '22:30')).is_open_now).toBe(true);
  });

  it("uses the restaurant's own clock: 23:30 UTC on the 24th is already Christmas morning in Sydney", () => {
    const christmas = calendar({ closures: [{ date: '2026-12-25', method: null, reason: 'Christmas Day' }] });
    const today = restaurantToday(christmas, new Date('2026-12-24T23:30:00Z'));
    expect(today).toMatchObject({ date: '2026-12-25', closed_reason: 'Christmas Day', is_open_now: false });
  });
});
