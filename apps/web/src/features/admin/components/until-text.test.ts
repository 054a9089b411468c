import { describe, expect, it } from 'vitest';
import { untilText } from './ui';

const sydney = 'Australia/Sydney';
// 12:31 am on Friday 27 November 2026 in Sydney (UTC+11).
const now = new Date('2026-11-26T13:31:00.000Z');

describe('untilText', () => {
  it("says 'tomorrow' for the coming local midnight (an item out for today)", () => {
    expect(untilText('2026-11-27T13:00:00.000Z', sydney, now, 'en-AU')).toBe('tomorrow');
  });

  it('says the time for later today, and the weekday for a later day', () => {
    expect(untilText('2026-11-27T06:00:00.000Z', sydney, now, 'en-AU')).toMatch(/^5:00\s?pm$/);
    expect(untilText('2026-11-28T06:00:00.000Z', sydney, now, 'en-AU')).toMatch(/^Saturday 5:00\s?pm$/);
    expect(untilText('2026-11-28T13:00:00.000Z', sydney, now, 'en-AU')).toBe('Sunday');
  });
});
