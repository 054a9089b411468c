import { describe, expect, it } from 'vitest';
import { localTimeAt } from '../src/index.js';

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
});
