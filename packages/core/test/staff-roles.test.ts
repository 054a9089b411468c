import { describe, expect, it } from 'vitest';
import { abilitiesOf, canMoveReservation, isStaffRole, nextLocalMidnight, roleAllows } from '../src/index.js';

describe('back-office roles', () => {
  it('staff run orders, availability and pause and look up points; managers add menu, coupons, reservations, hours and point adjustments; owners the rest', () => {
    expect(abilitiesOf('staff')).toMatchObject({
      orders: true,
      availability: true,
      pause: true,
      menu: false,
      ordering: false,
      giftCards: true,
      giftCardsManage: false,
      loyalty: true,
      loyaltyAdjust: false,
      reports: false,
    });
    expect(abilitiesOf('manager')).toMatchObject({
      menu: true,
      coupons: true,
      reservations: true,
      hours: true,
      reports: true,
      giftCardsManage: true,
      loyaltyAdjust: true,
      theme: false,
    });
    expect(abilitiesOf('owner')).toMatchObject({ theme: true, payments: true, staff: true, loyaltyAdjust: true });
    expect(Object.values(abilitiesOf('customer')).some(Boolean)).toBe(false);
    expect(roleAllows('manager', 'staff')).toBe(false);
    expect(isStaffRole('customer')).toBe(false);
    expect(isStaffRole('staff')).toBe(true);
  });
});

describe("an '86' for today ends at the restaurant's next local midnight", () => {
  it('Sydney 9 pm on 24 Nov 2026 (AEDT, +11) → midnight starting 25 Nov = 13:00 UTC on the 24th', () => {
    expect(nextLocalMidnight('2026-11-24T10:00:00Z', 'Australia/Sydney')).toBe('2026-11-24T13:00:00.000Z');
  });

  it('just after midnight counts to the next one, a whole day later', () => {
    expect(nextLocalMidnight('2026-11-24T13:00:30Z', 'Australia/Sydney')).toBe('2026-11-25T13:00:00.000Z');
  });

  it('across the April DST change (AEDT → AEST) the midnight is at +10', () => {
    expect(nextLocalMidnight('2027-04-04T05:00:00Z', 'Australia/Sydney')).toBe('2027-04-04T14:00:00.000Z');
  });
});

describe('reservation statuses on the day', () => {
  it('booked → seated, no-show or cancelled; seated and no-show back to booked; cancelled is final', () => {
    expect(canMoveReservation('booked', 'seated')).toBe(true);
    expect(canMoveReservation('booked', 'no_show')).toBe(true);
    expect(canMoveReservation('booked', 'cancelled')).toBe(true);
    expect(canMoveReservation('seated', 'booked')).toBe(true);
    expect(canMoveReservation('seated', 'cancelled')).toBe(false);
    expect(canMoveReservation('no_show', 'seated')).toBe(false);
    expect(canMoveReservation('cancelled', 'booked')).toBe(false);
  });
});
