import { describe, expect, it } from 'vitest';
import { cardExpiryState, cvcLength, parseCardExpiry, passesLuhn, validCvc } from '../src/rules/card.js';

describe('card rules', () => {
  it('Luhn: 4242 4242 4242 4242 passes, one digit changed fails, letters fail', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242x42424242424')).toBe(false);
    expect(passesLuhn('42424242424')).toBe(false);
  });

  it("expiry '04/27' and '4/2027' read the same; month 13 is not a month", () => {
    expect(parseCardExpiry('04/27')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry(' 4 / 2027 ')).toEqual({ month: 4, year: 2027 });
    expect(parseCardExpiry('13/27')).toBeNull();
    expect(parseCardExpiry('0427')).toBeNull();
  });

  it('a card is good through its expiry month, judged in UTC', () => {
    // 31 Oct 2026 23:30 UTC is already 1 Nov in Sydney: the card of 10/2026 is still good.
    const now = new Date('2026-10-31T23:30:00Z');
    expect(cardExpiryState({ month: 10, year: 2026 }, now)).toBe('ok');
    expect(cardExpiryState({ month: 9, year: 2026 }, now)).toBe('expired');
    expect(cardExpiryState({ month: 1, year: 2046 }, now)).toBe('ok');
    expect(cardExpiryState({ month: 1, year: 2047 }, now)).toBe('too_far');
  });

  it('American Express takes a 4-digit code, other cards 3', () => {
    expect(cvcLength('3782 822463 10005')).toBe(4);
    expect(cvcLength('4242424242424242')).toBe(3);
    expect(validCvc('378282246310005', '1234')).toBe(true);
    expect(validCvc('378282246310005', '123')).toBe(false);
    expect(validCvc('4242424242424242', '1234')).toBe(false);
    expect(validCvc('4242424242424242', '123')).toBe(true);
  });
});
