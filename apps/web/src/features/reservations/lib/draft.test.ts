import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { cancelLinkFrom } from '../components/manage-reservation';
import { draftFrom, formatDate, formatTime, reservationFrom } from './draft';

describe('reservation drafts in history state', () => {
  const draft = {
    restaurant: { id: 1, name: 'Bella Nonna Surry Hills' },
    date: '2026-12-01',
    partySize: 2,
    startsAt: '2026-12-01T08:00:00.000Z',
    time: '19:00',
    name: 'Ada',
    email: 'ada@example.test',
    phoneNo: '0412 345 678',
    specialRequests: '',
    idempotencyKey: 'abc12345',
  };

  it('reads a complete draft and ignores anything else (a direct visit has no state)', () => {
    expect(draftFrom({ draft })).toEqual(draft);
    expect(draftFrom(null)).toBeNull();
    expect(draftFrom({ draft: { ...draft, partySize: '2' } })).toBeNull();
    expect(draftFrom({ draft: { ...draft, restaurant: null } })).toBeNull();
    expect(reservationFrom({ reservation: { reference: 'R-ABCDEFGH' } })).toEqual({ reference: 'R-ABCDEFGH' });
    expect(reservationFrom({})).toBeNull();
  });

  it('makes a fresh 32-hex-digit idempotency key each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('formats local dates and times in the tenant locale without shifting the day', () => {
    expect(formatDate('2026-12-01')).toBe('Tuesday 1 December 2026');
    expect(formatTime('19:00')).toMatch(/^7:00\s?pm$/i);
    expect(formatTime('00:30')).toMatch(/^12:30\s?am$/i);
  });
});

describe('the cancel link fragment', () => {
  it('yields the reference and token, or nothing when either is missing', () => {
    expect(cancelLinkFrom('#reference=R-ABCDEFGH&token=tok_123-abc')).toEqual({
      reference: 'R-ABCDEFGH',
      token: 'tok_123-abc',
    });
    expect(cancelLinkFrom('#reference=R-ABCDEFGH')).toBeNull();
    expect(cancelLinkFrom('')).toBeNull();
  });
});
