import { describe, expect, it } from 'vitest';
import { acceptedReadyAt } from '../src/index.js';

// 12:31 am in Sydney (AEDT, UTC+11) on 27 November 2026.
const acceptedAt = new Date('2026-11-26T13:31:00.000Z');

describe('acceptedReadyAt', () => {
  it('an ASAP order is ready the preparation time after it is accepted', () => {
    expect(acceptedReadyAt(acceptedAt, 20, { pickup_time: 'asap', scheduled_for: '2026-11-26T13:50:00.000Z' })).toEqual(
      {
        readyAt: '2026-11-26T13:51:00.000Z',
        note: 'Ready in about 20 min',
      },
    );
  });

  it('a 5:00 pm order accepted at 12:31 am is ready at 5:00 pm, its slot', () => {
    expect(
      acceptedReadyAt(acceptedAt, 20, { pickup_time: '17:00', scheduled_for: '2026-11-27T06:00:00.000Z' }),
    ).toEqual({
      readyAt: '2026-11-27T06:00:00.000Z',
      note: 'Ready for the time you chose',
    });
  });

  it('a slot sooner than the kitchen can manage gives way to the preparation time', () => {
    const soon = acceptedReadyAt(acceptedAt, 30, { pickup_time: '00:45', scheduled_for: '2026-11-26T13:45:00.000Z' });
    expect(soon.readyAt).toBe('2026-11-26T14:01:00.000Z');
  });

  it('a dine-in order (no slot) is ready the preparation time after it is accepted', () => {
    expect(acceptedReadyAt(acceptedAt, 15, { pickup_time: null, scheduled_for: null }).readyAt).toBe(
      '2026-11-26T13:46:00.000Z',
    );
  });
});
