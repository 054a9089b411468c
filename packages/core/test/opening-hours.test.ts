import { describe, expect, it } from 'vitest';
import { isOpenAt, isOpenAtLocal, localTimeIn, minutesOf, type OpeningRange, rangesOn } from '../src/index.js';

const sydney = 'Australia/Sydney';
const everyDay = (opens_at: string, closes_at: string): OpeningRange[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens_at, closes_at }));

describe('localTimeIn', () => {
  it('2026-11-23T01:30Z is Monday 12:30 in Sydney (AEDT, +11)', () => {
    expect(localTimeIn(sydney, new Date('2026-11-23T01:30:00Z'))).toEqual({
      date: '2026-11-23',
      weekday: 1,
      minutes: 12 * 60 + 30,
    });
  });

  it('2026-06-01T01:30Z is Monday 11:30 in Sydney (AEST, +10)', () => {
    expect(localTimeIn(sydney, new Date('2026-06-01T01:30:00Z'))).toEqual({
      date: '2026-06-01',
      weekday: 1,
      minutes: 11 * 60 + 30,
    });
  });

  it('midnight is minute 0, not 24:00', () => {
    expect(localTimeIn('UTC', new Date('2026-11-22T00:00:00Z'))).toEqual({
      date: '2026-11-22',
      weekday: 0,
      minutes: 0,
    });
  });

  it('rejects an unknown time zone instead of falling back to UTC', () => {
    expect(() => localTimeIn('Mars/Olympus', new Date())).toThrow(RangeError);
  });
});

describe('minutesOf', () => {
  it('parses HH:MM and 24:00', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('21:30')).toBe(1290);
    expect(minutesOf('24:00')).toBe(1440);
  });

  it('rejects malformed times', () => {
    for (const bad of ['9:00', '25:00', '12:60', '24:01', 'noon', '']) expect(() => minutesOf(bad)).toThrow();
  });
});

describe('isOpenAtLocal: a same-day range 11:00–21:30', () => {
  const hours = [{ weekday: 1, opens_at: '11:00', closes_at: '21:30' }];

  it('is closed at 10:59, open at 11:00 and 21:29, closed at 21:30 (closing time is exclusive)', () => {
    expect(isOpenAtLocal(hours, { weekday: 1, minutes: 10 * 60 + 59 })).toBe(false);
    expect(isOpenAtLocal(hours, { weekday: 1, minutes: 11 * 60 })).toBe(true);
    expect(isOpenAtLocal(hours, { weekday: 1, minutes: 21 * 60 + 29 })).toBe(true);
    expect(isOpenAtLocal(hours, { weekday: 1, minutes: 21 * 60 + 30 })).toBe(false);
  });

  it('is closed at the same time on another weekday', () => {
    expect(isOpenAtLocal(hours, { weekday: 2, minutes: 12 * 60 })).toBe(false);
  });

  it('is closed on a day with no ranges at all', () => {
    expect(isOpenAtLocal([], { weekday: 1, minutes: 12 * 60 })).toBe(false);
  });
});

describe('isOpenAtLocal: a range past midnight, Saturday 18:00–02:00', () => {
  const hours = [{ weekday: 6, opens_at: '18:00', closes_at: '02:00' }];

  it('is open Saturday 23:59 and Sunday 01:59, closed Sunday 02:00', () => {
    expect(isOpenAtLocal(hours, { weekday: 6, minutes: 23 * 60 + 59 })).toBe(true);
    expect(isOpenAtLocal(hours, { weekday: 0, minutes: 0 })).toBe(true);
    expect(isOpenAtLocal(hours, { weekday: 0, minutes: 60 + 59 })).toBe(true);
    expect(isOpenAtLocal(hours, { weekday: 0, minutes: 2 * 60 })).toBe(false);
  });

  it('is closed Saturday 01:00 (that belongs to Friday night, which has no range) and Sunday 18:00', () => {
    expect(isOpenAtLocal(hours, { weekday: 6, minutes: 60 })).toBe(false);
    expect(isOpenAtLocal(hours, { weekday: 0, minutes: 18 * 60 })).toBe(false);
  });

  it('wraps the week: Saturday night runs into Sunday morning (weekday 6 → 0)', () => {
    expect(isOpenAtLocal(hours, { weekday: 0, minutes: 30 })).toBe(true);
    expect(isOpenAtLocal(hours, { weekday: 1, minutes: 30 })).toBe(false);
  });

  it('a range opening and closing at the same time is open around the clock', () => {
    const allDay = [{ weekday: 3, opens_at: '00:00', closes_at: '00:00' }];
    expect(isOpenAtLocal(allDay, { weekday: 3, minutes: 0 })).toBe(true);
    expect(isOpenAtLocal(allDay, { weekday: 3, minutes: 1439 })).toBe(true);
    expect(isOpenAtLocal(allDay, { weekday: 4, minutes: 0 })).toBe(false);
  });

  it('a lunch and a dinner range leave the afternoon closed', () => {
    const split = [
      { weekday: 2, opens_at: '11:30', closes_at: '14:30' },
      { weekday: 2, opens_at: '17:30', closes_at: '22:00' },
    ];
    expect(isOpenAtLocal(split, { weekday: 2, minutes: 12 * 60 })).toBe(true);
    expect(isOpenAtLocal(split, { weekday: 2, minutes: 15 * 60 })).toBe(false);
    expect(isOpenAtLocal(split, { weekday: 2, minutes: 18 * 60 })).toBe(true);
  });
});

describe('isOpenAt: instants judged on the restaurant clock, across daylight saving', () => {
  const hours = everyDay('11:00', '21:30');

  it('00:30Z is 10:30 in Sydney on Saturday 3 Oct 2026 (AEST): closed', () => {
    expect(isOpenAt(hours, sydney, new Date('2026-10-03T00:30:00Z'))).toBe(false);
  });

  it('00:30Z is 11:30 in Sydney on Sunday 4 Oct 2026, after clocks went forward: open', () => {
    expect(isOpenAt(hours, sydney, new Date('2026-10-04T00:30:00Z'))).toBe(true);
  });

  it('00:30Z is 10:30 again on Sunday 5 Apr 2026, after clocks went back: closed', () => {
    expect(isOpenAt(hours, sydney, new Date('2026-04-04T00:30:00Z'))).toBe(true); // AEDT, 11:30
    expect(isOpenAt(hours, sydney, new Date('2026-04-05T00:30:00Z'))).toBe(false); // AEST, 10:30
  });

  it('a night range 22:00–03:00 stays open through the skipped hour 02:00–03:00 on 4 Oct 2026', () => {
    const night = everyDay('22:00', '03:00');
    // 15:30Z = 01:30 AEST; 16:00Z = 03:00 AEDT (02:00–03:00 never happens that night).
    expect(isOpenAt(night, sydney, new Date('2026-10-03T15:30:00Z'))).toBe(true);
    expect(isOpenAt(night, sydney, new Date('2026-10-03T16:00:00Z'))).toBe(false);
  });

  it('the repeated hour 02:00–03:00 on 5 Apr 2026 is open both times for a range to 03:00', () => {
    const night = everyDay('22:00', '03:00');
    expect(isOpenAt(night, sydney, new Date('2026-04-04T15:30:00Z'))).toBe(true); // 02:30 AEDT
    expect(isOpenAt(night, sydney, new Date('2026-04-04T16:30:00Z'))).toBe(true); // 02:30 AEST
    expect(isOpenAt(night, sydney, new Date('2026-04-04T17:00:00Z'))).toBe(false); // 03:00 AEST
  });

  it('the same instant can be open in one zone and closed in another', () => {
    const at = new Date('2026-11-23T01:30:00Z'); // Sydney 12:30 Monday, New York 20:30 Sunday
    expect(isOpenAt(hours, sydney, at)).toBe(true);
    expect(isOpenAt(everyDay('11:00', '20:00'), 'America/New_York', at)).toBe(false);
  });
});

describe('rangesOn', () => {
  it("lists one weekday's ranges, earliest first", () => {
    const ranges = [
      { weekday: 2, opens_at: '17:30', closes_at: '22:00' },
      { weekday: 1, opens_at: '09:00', closes_at: '10:00' },
      { weekday: 2, opens_at: '11:30', closes_at: '14:30' },
    ];
    expect(rangesOn(ranges, 2).map((r) => r.opens_at)).toEqual(['11:30', '17:30']);
  });
});
