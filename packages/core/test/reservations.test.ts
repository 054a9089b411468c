import { describe, expect, it } from 'vitest';
import {
  bookableSlots,
  bookingProblem,
  calendarEvent,
  canCancelAt,
  createReservationBodySchema,
  fromZoned,
  nearestSlots,
  type ReservationRules,
  serviceDateOf,
  slotsForDate,
  toZoned,
  utf8Length,
} from '../src/index.js';

const everyDay = (opens_at: string, closes_at: string) =>
  Array.from({ length: 7 }, (_, weekday) => ({ weekday, opens_at, closes_at }));

const sydney: ReservationRules = {
  timezone: 'Australia/Sydney',
  hours: everyDay('17:00', '22:00'),
  closures: ['2026-12-25'],
  slotMinutes: 30,
  stayMinutes: 90,
  minParty: 1,
  maxParty: 8,
  horizonDays: 60,
  minNoticeMinutes: 60,
  cancelCutoffMinutes: 120,
};

describe('wall-clock time in a timezone', () => {
  it('19:00 in Sydney is 09:00Z on AEST (+10) and 08:00Z on AEDT (+11), switching on 5 Apr 2026', () => {
    expect(fromZoned('2026-07-01', '19:00', 'Australia/Sydney')).toBe('2026-07-01T09:00:00.000Z');
    expect(fromZoned('2026-04-04', '19:00', 'Australia/Sydney')).toBe('2026-04-04T08:00:00.000Z');
    expect(fromZoned('2026-04-05', '19:00', 'Australia/Sydney')).toBe('2026-04-05T09:00:00.000Z');
  });

  it('02:30 on 4 Oct 2026 does not exist in Sydney (clocks jump 02:00 → 03:00)', () => {
    expect(fromZoned('2026-10-04', '02:30', 'Australia/Sydney')).toBeNull();
    expect(fromZoned('2026-10-04', '03:00', 'Australia/Sydney')).toBe('2026-10-03T16:00:00.000Z');
  });

  it('02:30 on 5 Apr 2026 happens twice in Sydney; the earlier (AEDT) instant is chosen', () => {
    expect(fromZoned('2026-04-05', '02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z');
  });

  it('reads an instant back as local date, time and weekday', () => {
    expect(toZoned('2026-04-05T09:00:00.000Z', 'Australia/Sydney')).toEqual({
      date: '2026-04-05',
      time: '19:00',
      weekday: 0,
    });
  });
});

describe('slot generation', () => {
  it('steps 17:00 to the last seating 20:30 (22:00 close minus a 90 minute stay) every 30 minutes', () => {
    const slots = slotsForDate('2026-07-01', sydney);
    expect(slots.map((s) => s.time)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30']);
    expect(slots[0]?.starts_at).toBe('2026-07-01T07:00:00.000Z');
  });

  it('keeps evening seatings at their wall-clock times across the April change (AEDT → AEST)', () => {
    const before = slotsForDate('2026-04-04', sydney);
    const after = slotsForDate('2026-04-05', sydney);
    expect(before.map((s) => s.time)).toEqual(after.map((s) => s.time));
    expect(before[4]).toEqual({ starts_at: '2026-04-04T08:00:00.000Z', date: '2026-04-04', time: '19:00' });
    expect(after[4]).toEqual({ starts_at: '2026-04-05T09:00:00.000Z', date: '2026-04-05', time: '19:00' });
  });

  it('keeps evening seatings across the October change (AEST → AEDT)', () => {
    expect(slotsForDate('2026-10-03', sydney)[4]?.starts_at).toBe('2026-10-03T09:00:00.000Z');
    expect(slotsForDate('2026-10-04', sydney)[4]?.starts_at).toBe('2026-10-04T08:00:00.000Z');
  });

  it('skips the hour that does not exist on the first Sunday of October in a late session', () => {
    const late: ReservationRules = { ...sydney, hours: everyDay('22:00', '04:00'), stayMinutes: 60 };
    const slots = slotsForDate('2026-10-03', late);
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2026-10-03 22:00',
      '2026-10-03 22:30',
      '2026-10-03 23:00',
      '2026-10-03 23:30',
      '2026-10-04 00:00',
      '2026-10-04 00:30',
      '2026-10-04 01:00',
      '2026-10-04 01:30',
      // 02:00 and 02:30 never happen that night
      '2026-10-04 03:00',
    ]);
    const gap = Date.parse(slots[8]?.starts_at ?? '') - Date.parse(slots[7]?.starts_at ?? '');
    expect(gap).toBe(30 * 60_000);
  });

  it('offers the repeated hour once on the first Sunday of April, in time order with no duplicates', () => {
    const late: ReservationRules = { ...sydney, hours: everyDay('22:00', '04:00'), stayMinutes: 60 };
    const slots = slotsForDate('2026-04-04', late);
    expect(slots.map((s) => s.time)).toEqual([
      '22:00',
      '22:30',
      '23:00',
      '23:30',
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
    ]);
    const instants = slots.map((s) => s.starts_at);
    expect(new Set(instants).size).toBe(instants.length);
    expect([...instants].sort()).toEqual(instants);
    // 02:00 is the first (AEDT) one; 03:00 AEST comes 90 minutes after it.
    expect(slots[8]?.starts_at).toBe('2026-04-04T15:00:00.000Z');
    expect(slots[10]?.starts_at).toBe('2026-04-04T17:00:00.000Z');
  });

  it('has no slots on a closure date or a weekday without hours', () => {
    expect(slotsForDate('2026-12-25', sydney)).toEqual([]);
    const mondaysOff = { ...sydney, hours: sydney.hours.filter((h) => h.weekday !== 1) };
    expect(slotsForDate('2026-07-06', mondaysOff)).toEqual([]);
  });

  it('belongs an after-midnight seating to the day the session opened', () => {
    const late: ReservationRules = { ...sydney, hours: everyDay('22:00', '02:00'), stayMinutes: 60 };
    expect(serviceDateOf(fromZoned('2026-07-02', '00:30', sydney.timezone) as string, late)).toBe('2026-07-01');
    expect(serviceDateOf('2026-07-01T09:10:00.000Z', sydney)).toBeNull();
  });
});

describe('what may be booked now', () => {
  const now = new Date('2026-07-01T08:15:00.000Z'); // 18:15 in Sydney

  it('offers no past slots and none inside the minimum notice (60 min → from 19:30)', () => {
    expect(bookableSlots('2026-07-01', now, sydney).map((s) => s.time)).toEqual(['19:30', '20:00', '20:30']);
  });

  it('offers nothing before today or beyond the 60 day horizon', () => {
    expect(bookableSlots('2026-06-30', now, sydney)).toEqual([]);
    expect(bookableSlots('2026-08-30', now, sydney)).toHaveLength(8);
    expect(bookableSlots('2026-08-31', now, sydney)).toEqual([]);
  });

  it('names the rule a booking breaks', () => {
    const at = (date: string, time: string) => fromZoned(date, time, sydney.timezone) as string;
    const check = (startsAt: string, partySize = 2) => bookingProblem({ startsAt, partySize, now }, sydney)?.problem;
    expect(check(at('2026-07-02', '19:00'))).toBeUndefined();
    expect(check(at('2026-07-02', '19:00'), 9)).toBe('party_too_large');
    expect(check(at('2026-07-02', '19:00'), 0)).toBe('party_too_small');
    expect(check(at('2026-06-30', '19:00'))).toBe('past');
    expect(check(at('2026-07-01', '19:00'))).toBe('too_soon');
    expect(check(at('2026-12-25', '19:00'))).toBe('closed');
    expect(check(at('2026-09-01', '19:00'))).toBe('too_far');
    expect(check(at('2026-07-02', '19:10'))).toBe('not_a_slot');
    expect(check(at('2026-07-02', '21:00'))).toBe('not_a_slot'); // later than the last seating
  });

  it('lets a guest cancel until two hours before', () => {
    const startsAt = '2026-07-01T10:15:00.000Z';
    expect(canCancelAt(now, startsAt, sydney)).toBe(true);
    expect(canCancelAt(new Date('2026-07-01T08:15:01.000Z'), startsAt, sydney)).toBe(false);
  });

  it('offers the three free times nearest a full one (the earlier one on a tie)', () => {
    const slots = slotsForDate('2026-07-02', sydney);
    const full = slots[4]?.starts_at as string; // 19:00
    expect(nearestSlots(slots, full).map((s) => s.time)).toEqual(['18:00', '18:30', '19:30']);
    expect(nearestSlots(slots.slice(0, 2), full).map((s) => s.time)).toEqual(['17:00', '17:30']);
  });
});

describe('calendar file', () => {
  it('is a VEVENT in UTC with escaped text and CRLF lines', () => {
    const ics = calendarEvent({
      uid: 'R-ABC123@storefront',
      startsAt: '2026-07-02T09:00:00.000Z',
      endsAt: '2026-07-02T10:30:00.000Z',
      summary: 'Table for 2, Bella Nonna',
      location: '412 Crown Street; Surry Hills',
      description: 'Reference R-ABC123\nSee you soon',
      now: new Date('2026-07-01T00:00:00.000Z'),
    });
    expect(ics).toContain('\r\nDTSTART:20260702T090000Z\r\n');
    expect(ics).toContain('\r\nDTEND:20260702T103000Z\r\n');
    expect(ics).toContain('SUMMARY:Table for 2\\, Bella Nonna\r\n');
    expect(ics).toContain('LOCATION:412 Crown Street\\; Surry Hills\r\n');
    expect(ics).toContain('DESCRIPTION:Reference R-ABC123\\nSee you soon\r\n');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('folds lines longer than 75 octets', () => {
    const ics = calendarEvent({
      uid: 'x',
      startsAt: '2026-07-02T09:00:00.000Z',
      endsAt: '2026-07-02T10:30:00.000Z',
      summary: `${'A'.repeat(100)}${'é'.repeat(60)}🍕🍕`,
      now: new Date(0),
    });
    const lines = ics.split('\r\n');
    for (const line of lines) expect(utf8Length(line)).toBeLessThanOrEqual(75);
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThanOrEqual(3);
    // Unfolding gives the summary back, multi-byte characters intact.
    expect(ics.replace(/\r\n /g, '')).toContain(`SUMMARY:${'A'.repeat(100)}${'é'.repeat(60)}🍕🍕\r\n`);
  });
});

describe('booking request schema', () => {
  const valid = {
    tenant_id: 139,
    restaurant_id: 1,
    starts_at: '2026-07-02T09:00:00.000Z',
    party_size: 2,
    name: 'Ada',
    email: 'ada@example.test',
    phone_no: '0412 345 678',
  };

  it('accepts a complete booking and defaults special requests to empty', () => {
    expect(createReservationBodySchema.parse(valid).special_requests).toBe('');
  });

  it('names each bad field and rejects unknown ones', () => {
    const result = createReservationBodySchema.safeParse({
      ...valid,
      email: 'nope',
      phone_no: 'abc',
      party_size: 0,
      extra: 1,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.') || i.code);
    expect(paths).toEqual(expect.arrayContaining(['email', 'phone_no', 'party_size', 'unrecognized_keys']));
  });
});
