import { describe, expect, it } from 'vitest';
import { isPaused, takesOnlineOrders } from '../src/index.js';

const now = new Date('2026-11-28T05:00:00.000Z');

describe('online ordering (spec §3)', () => {
  it('a pause holds until its end and not after', () => {
    expect(isPaused(null, now)).toBe(false);
    expect(isPaused('2026-11-28T05:00:01.000Z', now)).toBe(true);
    expect(isPaused('2026-11-28T05:00:00.000Z', now)).toBe(false);
    expect(isPaused('2026-11-28T04:30:00.000Z', now)).toBe(false);
  });

  it('takes orders only with the switch on and no pause running', () => {
    expect(takesOnlineOrders(1, null, now)).toBe(true);
    expect(takesOnlineOrders(0, null, now)).toBe(false);
    expect(takesOnlineOrders(1, '2026-11-28T05:30:00.000Z', now)).toBe(false);
    expect(takesOnlineOrders(1, '2026-11-28T04:30:00.000Z', now)).toBe(true);
    expect(takesOnlineOrders(0, '2026-11-28T04:30:00.000Z', now)).toBe(false);
  });
});
