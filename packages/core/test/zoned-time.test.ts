import { describe, expect, it } from 'vitest';
import { localTimeAt, toZoned } from '../src/index.js';

describe('restaurant-local time', () => {
  it('Sydney daylight saving starts 4 Oct 2026: 15:30 UTC is 01:30 AEST, 16:30 UTC is 03:30 AEDT', () => {
    expect(localTimeAt('2026-10-03T15:30:00Z', 'Australia/Sydney')).toEqual({
      date: '2026-10-04',
      time: '01:30',
      weekday: 0,
    });
    expect(localTimeAt('2026-10-03T16:30:00Z', 'Australia/Sydney')).toEqual({
      date: '2026-10-04',
      time: '03:30',
      weekday: 0,
    });
  });

  it('an offset instant means the same moment: 12:00+11:00 is 01:00Z, noon in Sydney', () => {
    expect(localTimeAt('2026-11-23T12:00:00+11:00', 'Australia/Sydney')).toEqual(
      localTimeAt('2026-11-23T01:00:00Z', 'Australia/Sydney'),
    );
    expect(localTimeAt('2026-11-23T01:00:00.000Z', 'America/New_York')).toEqual({
      date: '2026-11-22',
      time: '20:00',
      weekday: 0,
    });
  });

  it('each second agrees with Intl itself, across a change of offset and asked twice (the kept minute)', () => {
    const intl = (ms: number, timeZone: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        })
          .formatToParts(new Date(ms))
          .map((part) => [part.type, part.value]),
      );
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    // Sydney's daylight saving start, and 1895 when Sydney left its local mean time (+10:04:52).
    for (const [start, timeZone] of [
      ['2026-10-03T15:58:00Z', 'Australia/Sydney'],
      ['1895-01-31T13:53:30Z', 'Australia/Sydney'],
      ['2026-11-27T12:59:00Z', 'Asia/Kathmandu'],
    ] as const) {
      for (let s = 0; s < 240; s += 7) {
        const ms = Date.parse(start) + s * 1000;
        for (let again = 0; again < 2; again++) {
          const z = toZoned(ms, timeZone);
          expect(`${z.date} ${z.time}`).toBe(intl(ms, timeZone));
        }
      }
    }
  });
});
