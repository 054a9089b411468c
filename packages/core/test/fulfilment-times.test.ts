import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datesWithTimes,
  type FulfilmentTimeRules,
  fromZoned,
  isOpenAt,
  isOpenNow,
  isoWithOffset,
  kitchenSlotOf,
  type OpeningRange,
  resolveOrderTime,
  slotsOnDate,
  timeLabel,
  timesOnDate,
  toZoned,
} from '../src/index.js';

const tz = 'Australia/Sydney';
const everyDay = (opens_at: string, closes_at: string): OpeningRange[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens_at, closes_at }));

const rules = (overrides: Partial<FulfilmentTimeRules> = {}): FulfilmentTimeRules => ({
  timezone: tz,
  ranges: everyDay('11:00', '21:30'),
  leadMinutes: 20,
  slotMinutes: 15,
  asapEnabled: false,
  daysAhead: 7,
  capacity: 3,
  ...overrides,
});

/** The instant of a Sydney wall-clock time. */
const at = (date: string, time: string) => new Date(fromZoned(date, time, tz) as string);
const values = (date: string, now: Date, r: FulfilmentTimeRules, counts = {}) =>
  timesOnDate(date, now, r, counts).times.map((t) => t.value);

describe('times offered on a date', () => {
  // Monday 23 Nov 2026, 12:02 in Sydney (AEDT, +11).
  const now = at('2026-11-23', '12:02');

  it('at 12:02 with 20 min lead and 15 min slots, today starts at 12:30 and ends at 21:15 (last slot fits before 21:30)', () => {
    const times = values('2026-11-23', now, rules());
    expect(times[0]).toBe('12:30');
    expect(times.at(-1)).toBe('21:15');
    expect(times).not.toContain('12:15');
    expect(times).not.toContain('21:30');
    expect(times).toHaveLength(36);
  });

  it('a later date offers the whole day from opening, with UTC instants', () => {
    const { times, reason } = timesOnDate('2026-11-24', now, rules());
    expect(reason).toBeNull();
    expect(times[0]).toEqual({
      value: '11:00',
      date: '2026-11-24',
      time: '11:00',
      starts_at: '2026-11-24T00:00:00.000Z',
      slot_start: '2026-11-24T00:00:00.000Z',
    });
  });

  it('ASAP comes first when enabled and open: ready 12:22, counted in the 12:15 kitchen slot', () => {
    const { times } = timesOnDate('2026-11-23', now, rules({ asapEnabled: true }));
    expect(times[0]).toEqual({
      value: 'asap',
      date: '2026-11-23',
      time: '12:22',
      starts_at: at('2026-11-23', '12:22').toISOString(),
      slot_start: at('2026-11-23', '12:15').toISOString(),
    });
    expect(times[1]?.value).toBe('12:30');
  });

  it('no ASAP when it is switched off, on a later date, or before opening', () => {
    expect(values('2026-11-23', now, rules())).not.toContain('asap');
    expect(values('2026-11-24', now, rules({ asapEnabled: true }))).not.toContain('asap');
    const early = at('2026-11-23', '09:30');
    const times = values('2026-11-23', early, rules({ asapEnabled: true }));
    expect(times[0]).toBe('11:00');
  });

  it('no ASAP when the order would be ready after closing (21:15 + 20 min > 21:30)', () => {
    expect(values('2026-11-23', at('2026-11-23', '21:15'), rules({ asapEnabled: true }))).toEqual([]);
    expect(values('2026-11-23', at('2026-11-23', '21:05'), rules({ asapEnabled: true }))).toEqual(['asap']);
  });

  it('full slots are left out; a day whose every slot is full says so', () => {
    const full = at('2026-11-24', '12:00').toISOString();
    expect(values('2026-11-24', now, rules(), { [full]: 3 })).not.toContain('12:00');
    expect(values('2026-11-24', now, rules(), { [full]: 2 })).toContain('12:00');
    const counts = Object.fromEntries(slotsOnDate('2026-11-24', rules()).map((s) => [s.starts_at, 3]));
    expect(timesOnDate('2026-11-24', now, rules(), counts)).toEqual({ times: [], reason: 'full' });
    expect(values('2026-11-24', now, rules({ capacity: null }), counts)).toHaveLength(42);
  });

  it('a full ASAP kitchen slot hides ASAP', () => {
    const slot = at('2026-11-23', '12:15').toISOString();
    expect(values('2026-11-23', now, rules({ asapEnabled: true }), { [slot]: 3 })[0]).toBe('12:30');
  });

  it('names why a date has nothing: closed day, none left today, past, too far ahead', () => {
    const closedTuesdays = rules({ ranges: everyDay('11:00', '21:30').filter((r) => r.weekday !== 2) });
    expect(timesOnDate('2026-11-24', now, closedTuesdays)).toEqual({ times: [], reason: 'closed' });
    expect(timesOnDate('2026-11-23', at('2026-11-23', '21:20'), rules()).reason).toBe('none_left');
    expect(timesOnDate('2026-11-22', now, rules()).reason).toBe('past');
    expect(timesOnDate('2026-11-30', now, rules()).reason).toBe('too_far');
    expect(timesOnDate('2026-11-29', now, rules()).reason).toBeNull();
  });

  it('dates with times: today and six more, without closed days or a finished today', () => {
    const closedTuesdays = rules({ ranges: everyDay('11:00', '21:30').filter((r) => r.weekday !== 2) });
    expect(datesWithTimes(now, closedTuesdays)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(datesWithTimes(at('2026-11-23', '22:00'), rules())[0]).toBe('2026-11-24');
    expect(datesWithTimes(now, rules({ ranges: [] }))).toEqual([]);
  });

  it('slots sit on the grid from midnight even when a range opens off it (11:10 → 11:15)', () => {
    const times = slotsOnDate('2026-11-24', rules({ ranges: everyDay('11:10', '12:00') })).map((s) => s.time);
    expect(times).toEqual(['11:15', '11:30', '11:45']);
  });
});

describe('ranges past midnight', () => {
  // Friday 18:00 to 02:00 only (Friday 27 Nov 2026).
  const lateFriday = rules({ ranges: [{ weekday: 5, opens_at: '18:00', closes_at: '02:00' }] });
  const now = at('2026-11-27', '17:00');

  it('Friday offers 18:00 to 23:45; Saturday offers the tail 00:00 to 01:45', () => {
    const friday = values('2026-11-27', now, lateFriday);
    expect(friday[0]).toBe('18:00');
    expect(friday.at(-1)).toBe('23:45');
    expect(values('2026-11-28', now, lateFriday)).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
    ]);
  });

  it('00:30 on Saturday is accepted as Saturday 00:30; 02:00 is closed', () => {
    expect(resolveOrderTime({ date: '2026-11-28', time: '00:30', now }, lateFriday)).toEqual({
      ok: true,
      asap: false,
      scheduled_for: '2026-11-27T13:30:00.000Z',
      slot_start: '2026-11-27T13:30:00.000Z',
    });
    expect(resolveOrderTime({ date: '2026-11-28', time: '02:00', now }, lateFriday)).toEqual({
      ok: false,
      reason: 'closed',
    });
  });

  it('ASAP at 23:50 on Friday is ready 00:10 Saturday while still open', () => {
    const late = at('2026-11-27', '23:50');
    const { times } = timesOnDate('2026-11-27', late, { ...lateFriday, asapEnabled: true });
    expect(times.map((t) => t.value)).toEqual(['asap']);
    expect(times[0]).toMatchObject({ date: '2026-11-28', time: '00:10' });
    expect(values('2026-11-28', late, lateFriday)[0]).toBe('00:15');
  });

  it('a range from 00:00 to 00:00 is open all day', () => {
    expect(slotsOnDate('2026-11-24', rules({ ranges: everyDay('00:00', '00:00') }))).toHaveLength(96);
  });
});

describe('special hours on a date (decision 043)', () => {
  // Christmas Eve 2026 is a Thursday: weekly hours 11:00–21:30, that day only 10:00–14:00.
  const christmasEve = { '2026-12-24': [{ opens_at: '10:00', closes_at: '14:00' }] };
  const r = rules({ specialHours: christmasEve, asapEnabled: true });
  const early = at('2026-12-23', '09:00');

  it('replace the weekday hours that date only: 10:00 to 13:45, and the next day is as every week', () => {
    const eve = values('2026-12-24', early, r);
    expect(eve[0]).toBe('10:00');
    expect(eve.at(-1)).toBe('13:45');
    expect(values('2026-12-23', early, r)[0]).toBe('11:00');
    expect(values('2026-12-25', early, r).at(-1)).toBe('21:15');
  });

  it('orders at 10:30 are taken, at 15:00 refused as closed, though the weekly hours would have it', () => {
    expect(resolveOrderTime({ date: '2026-12-24', time: '10:30', now: early }, r)).toMatchObject({ ok: true });
    expect(resolveOrderTime({ date: '2026-12-24', time: '15:00', now: early }, r)).toEqual({
      ok: false,
      reason: 'closed',
    });
  });

  it('ASAP follows them: open at 10:05 on the day, none at 13:50 (ready after 14:00)', () => {
    expect(values('2026-12-24', at('2026-12-24', '10:05'), r)[0]).toBe('asap');
    expect(values('2026-12-24', at('2026-12-24', '13:50'), r)).toEqual([]);
    expect(timesOnDate('2026-12-24', at('2026-12-24', '13:50'), r).reason).toBe('none_left');
  });

  it('special hours stand alone: no tail from the evening before, and none into the next morning', () => {
    const late = rules({
      ranges: everyDay('18:00', '02:00'),
      specialHours: { '2026-12-24': [{ opens_at: '18:00', closes_at: '20:00' }] },
    });
    const eve = values('2026-12-24', early, late);
    expect(eve[0]).toBe('18:00');
    expect(eve.at(-1)).toBe('19:45');
    expect(values('2026-12-25', early, late)[0]).toBe('18:00');
    expect(resolveOrderTime({ date: '2026-12-25', time: '01:00', now: early }, late)).toMatchObject({ ok: false });
  });
});

describe('open now, for dine-in (decisions 037, 043)', () => {
  const week = { timezone: tz, ranges: everyDay('11:00', '21:30') };

  it('follows the weekly hours on an ordinary day', () => {
    expect(isOpenNow(week, at('2026-12-23', '12:00'))).toBe(true);
    expect(isOpenNow(week, at('2026-12-23', '22:00'))).toBe(false);
  });

  it("takes the date's special hours instead, and a closed date shuts the whole day", () => {
    const eve = { ...week, specialHours: { '2026-12-24': [{ opens_at: '10:00', closes_at: '14:00' }] } };
    expect(isOpenNow(eve, at('2026-12-24', '10:30'))).toBe(true);
    expect(isOpenNow(eve, at('2026-12-24', '15:00'))).toBe(false);
    const closed = { ...week, closedDates: ['2026-12-25'] };
    expect(isOpenNow(closed, at('2026-12-25', '12:00'))).toBe(false);
    expect(isOpenNow(closed, at('2026-12-26', '12:00'))).toBe(true);
  });
});

describe('daylight-saving changes in Sydney', () => {
  // Open Saturday 18:00 to 04:00, across the night the clocks change.
  const overnight = (weekday: number) => rules({ ranges: [{ weekday, opens_at: '18:00', closes_at: '04:00' }] });

  it('Sun 4 Oct 2026 (02:00 → 03:00): no 02:xx times, and 01:45 → 03:00 is one 15-minute step', () => {
    const now = at('2026-10-03', '12:00');
    const { times } = timesOnDate('2026-10-04', now, overnight(6));
    const labels = times.map((t) => t.value);
    expect(labels).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
      '03:45',
    ]);
    const instants = times.map((t) => Date.parse(t.starts_at));
    const steps = instants.slice(1).map((ms, i) => ms - (instants[i] as number));
    expect(new Set(steps)).toEqual(new Set([15 * 60_000]));
    expect(times.find((t) => t.value === '03:00')?.starts_at).toBe('2026-10-03T16:00:00.000Z');
  });

  it('02:30 on 4 Oct does not exist: refused as not offered', () => {
    const now = at('2026-10-03', '12:00');
    expect(resolveOrderTime({ date: '2026-10-04', time: '02:30', now }, overnight(6))).toEqual({
      ok: false,
      reason: 'not_offered',
    });
  });

  it('Sun 5 Apr 2026 (03:00 → 02:00): each local time once, 02:xx at its first (AEDT) occurrence', () => {
    const now = at('2026-04-04', '12:00');
    const { times } = timesOnDate('2026-04-05', now, overnight(6));
    const labels = times.map((t) => t.value);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toHaveLength(16);
    expect(labels.at(-1)).toBe('03:45');
    expect(new Set(times.map((t) => t.starts_at)).size).toBe(times.length);
    expect(times.find((t) => t.value === '02:30')?.starts_at).toBe('2026-04-04T15:30:00.000Z');
    expect(resolveOrderTime({ date: '2026-04-05', time: '02:30', now }, overnight(6))).toMatchObject({
      ok: true,
      slot_start: '2026-04-04T15:30:00.000Z',
    });
  });

  it('the kitchen slot of an instant in the repeated hour is its own, not the first pass', () => {
    // 02:20 AEST (second pass) is 16:20Z on 4 Apr; its slot starts 02:15 AEST = 16:15Z.
    expect(kitchenSlotOf(new Date('2026-04-04T16:20:30Z'), tz, 15)).toBe('2026-04-04T16:15:00.000Z');
    expect(kitchenSlotOf(new Date('2026-04-04T15:20:00Z'), tz, 15)).toBe('2026-04-04T15:15:00.000Z');
  });

  it('lunch times on the change days keep their wall-clock time (12:00 is 01:00Z before, 02:00Z after)', () => {
    const r = rules();
    expect(slotsOnDate('2026-10-03', r)[4]).toEqual({ time: '12:00', starts_at: '2026-10-03T02:00:00.000Z' });
    expect(slotsOnDate('2026-10-04', r)[4]).toEqual({ time: '12:00', starts_at: '2026-10-04T01:00:00.000Z' });
  });
});

describe('resolveOrderTime', () => {
  const now = at('2026-11-23', '12:02');

  it('a slot offered is accepted with its instant as both due time and kitchen slot', () => {
    expect(resolveOrderTime({ date: '2026-11-24', time: '18:15', now }, rules())).toEqual({
      ok: true,
      asap: false,
      scheduled_for: '2026-11-24T07:15:00.000Z',
      slot_start: '2026-11-24T07:15:00.000Z',
    });
  });

  it('refuses past, closed, too soon, off the grid, too far ahead and full', () => {
    const r = rules({ ranges: everyDay('11:00', '21:30').filter((x) => x.weekday !== 2) });
    const check = (date: string, time: string, counts = {}) => resolveOrderTime({ date, time, now }, r, counts);
    expect(check('2026-11-23', '12:00')).toEqual({ ok: false, reason: 'past' });
    expect(check('2026-11-22', '18:00')).toEqual({ ok: false, reason: 'past' });
    expect(check('2026-11-24', '18:00')).toEqual({ ok: false, reason: 'closed' });
    expect(check('2026-11-25', '23:00')).toEqual({ ok: false, reason: 'closed' });
    expect(check('2026-11-23', '12:15')).toEqual({ ok: false, reason: 'too_soon' });
    expect(check('2026-11-25', '18:10')).toEqual({ ok: false, reason: 'not_offered' });
    expect(check('2026-11-30', '18:00')).toEqual({ ok: false, reason: 'not_offered' });
    expect(check('2026-11-25', '18:00', { '2026-11-25T07:00:00.000Z': 3 })).toEqual({ ok: false, reason: 'full' });
    expect(check('2026-11-25', '18:00', { '2026-11-25T07:00:00.000Z': 2 })).toMatchObject({ ok: true });
  });

  it('refuses malformed dates and times as not offered', () => {
    for (const [date, time] of [
      ['2026-02-30', '12:00'],
      ['2026-11-24', '25:00'],
      ['2026-11-24', '6pm'],
      [null, '12:00'],
    ] as const) {
      expect(resolveOrderTime({ date, time, now }, rules())).toEqual({ ok: false, reason: 'not_offered' });
    }
  });

  it('ASAP: now + lead, in the kitchen slot it falls in; refused when off, closed, full or for another day', () => {
    const on = rules({ asapEnabled: true });
    expect(resolveOrderTime({ time: 'asap', now }, on)).toEqual({
      ok: true,
      asap: true,
      scheduled_for: at('2026-11-23', '12:22').toISOString(),
      slot_start: at('2026-11-23', '12:15').toISOString(),
    });
    expect(resolveOrderTime({ date: '2026-11-23', time: 'asap', now }, on)).toMatchObject({ ok: true });
    expect(resolveOrderTime({ time: 'asap', now }, rules())).toEqual({ ok: false, reason: 'not_offered' });
    expect(resolveOrderTime({ date: '2026-11-24', time: 'asap', now }, on)).toEqual({
      ok: false,
      reason: 'not_offered',
    });
    expect(resolveOrderTime({ time: 'asap', now: at('2026-11-23', '22:00') }, on)).toEqual({
      ok: false,
      reason: 'closed',
    });
    const slot = at('2026-11-23', '12:15').toISOString();
    expect(resolveOrderTime({ time: 'asap', now }, on, { [slot]: 3 })).toEqual({ ok: false, reason: 'full' });
  });
});

describe('labels and offsets', () => {
  it('6:15 pm in en-AU, with the +11:00 or +10:00 offset of the day', () => {
    expect(timeLabel('2026-11-24T07:15:00.000Z', tz, 'en-AU')).toBe('6:15 pm');
    expect(isoWithOffset('2026-11-24T07:15:00.000Z', tz)).toBe('2026-11-24T18:15:00+11:00');
    expect(isoWithOffset('2026-07-01T08:15:00.000Z', tz)).toBe('2026-07-01T18:15:00+10:00');
    expect(isoWithOffset('2026-07-01T08:15:00.000Z', 'America/New_York')).toBe('2026-07-01T04:15:00-04:00');
  });
});

describe('properties', () => {
  /** Up to five weekly opening ranges on the quarter hour, any of them empty or reversed. */
  const ranges = fc.array(
    fc.record({
      weekday: fc.integer({ min: 0, max: 6 }),
      opens: fc.integer({ min: 0, max: 95 }),
      closes: fc.integer({ min: 0, max: 96 }),
    }),
    { maxLength: 5 },
  );
  const hhmm = (quarter: number) =>
    `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
  const hoursOf = (raw: { weekday: number; opens: number; closes: number }[]) =>
    raw.map((x) => ({ weekday: x.weekday, opens_at: hhmm(x.opens), closes_at: hhmm(x.closes) }));

  it('every time offered is open, on the grid, after the lead time, unique, and accepted by resolveOrderTime', () => {
    fc.assert(
      fc.property(
        ranges,
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
        fc.constantFrom(5, 10, 15, 30),
        fc.integer({ min: 0, max: 90 }),
        fc.integer({ min: 0, max: 6 }),
        (raw, nowMs, slotMinutes, leadMinutes, day) => {
          const r = rules({
            ranges: hoursOf(raw),
            slotMinutes,
            leadMinutes,
            asapEnabled: false,
          });
          const now = new Date(nowMs);
          const date = toZoned(new Date(nowMs + day * 86_400_000), tz).date;
          const { times } = timesOnDate(date, now, r);
          expect(new Set(times.map((t) => t.starts_at)).size).toBe(times.length);
          for (const [i, t] of times.entries()) {
            const startsAt = Date.parse(t.starts_at);
            expect(startsAt).toBeGreaterThanOrEqual(nowMs + leadMinutes * 60_000);
            expect(isOpenAt(r.ranges, tz, new Date(startsAt))).toBe(true);
            expect(toZoned(startsAt, tz)).toMatchObject({ date, time: t.time });
            expect(Number(t.time.slice(3)) % slotMinutes).toBe(0);
            if (i === 0 || i === times.length - 1) {
              expect(resolveOrderTime({ date, time: t.value, now }, r)).toMatchObject({
                ok: true,
                slot_start: t.starts_at,
              });
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  });
  it('resolveOrderTime accepts a time exactly when slotsOnDate lists it, on ordinary and clock-change days', () => {
    // Any day of 2026–2027, with the clock-change Sundays (4 Oct, 5 Apr) drawn often.
    const dates = fc.oneof(
      fc
        .integer({ min: 0, max: 729 })
        .map((d) => new Date(Date.parse('2026-01-01T00:00:00Z') + d * 86_400_000).toISOString().slice(0, 10)),
      fc.constantFrom('2026-10-04', '2026-04-05', '2027-04-04', '2027-10-03'),
    );
    fc.assert(
      fc.property(
        ranges,
        dates,
        fc.constantFrom(5, 10, 15, 30),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        (raw, date, slotMinutes, m) => {
          const r = rules({
            ranges: hoursOf(raw),
            slotMinutes,
            leadMinutes: 0,
            asapEnabled: false,
            capacity: null,
          });
          const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const now = new Date(Date.parse(`${date}T00:00:00Z`) - 2 * 86_400_000);
          const listed = slotsOnDate(date, r).find((slot) => slot.time === time);
          const result = resolveOrderTime({ date, time, now }, r);
          expect(result.ok ? result.slot_start : null).toBe(listed?.starts_at ?? null);
        },
      ),
      { numRuns: 400 },
    );
  });
});
