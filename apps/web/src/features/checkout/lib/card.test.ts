import { sandboxTestCards } from '@storefront/core';
import { describe, expect, it } from 'vitest';
import { isExpired, parseExpiry, passesLuhn, validateCard } from './card';

const now = new Date(2026, 10, 23);
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };

describe('card checks', () => {
  it('every documented sandbox test card passes Luhn; a changed digit does not', () => {
    for (const number of Object.values(sandboxTestCards)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242')).toBe(false);
  });

  it('reads MM/YY and MM/YYYY expiry dates', () => {
    expect(parseExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseExpiry('4 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('0429')).toBeNull();
  });

  it('a card is good through its expiry month', () => {
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2025 }, now)).toBe(true);
  });

  it('names each wrong field', () => {
    expect(validateCard(good, now)).toEqual({});
    expect(validateCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: ' ' }, now)).toEqual({
      number: 'Enter a valid card number',
      expiry: 'This card has expired',
      cvc: 'Enter the 3 or 4 digit security code',
      name: 'Enter the name on the card',
    });
    expect(validateCard({ ...good, number: '', expiry: '' }, now)).toMatchObject({
      number: 'Enter your card number',
      expiry: 'Enter the expiry date',
    });
  });
});
