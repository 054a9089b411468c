import { sandboxTestCards } from '@orderfront/core';
import { describe, expect, it } from 'vitest';
import { validateCard } from './card';

const now = new Date('2026-11-23T00:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };

describe('card checks', () => {
  it('every documented sandbox test card passes', () => {
    for (const number of Object.values(sandboxTestCards)) {
      const cvc = /^3[47]/.test(number.replace(/\D/g, '')) ? '1234' : '123';
      expect(validateCard({ ...good, number, cvc }, now)).toEqual({});
    }
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
    expect(validateCard({ ...good, expiry: '13/29' }, now)).toEqual({ expiry: 'Enter the expiry date as MM/YY' });
    expect(validateCard({ ...good, expiry: '01/99' }, now)).toEqual({ expiry: 'Enter a valid expiry date' });
  });

  it('asks a Visa for 3 digits and American Express for 4, as the provider does', () => {
    expect(validateCard({ ...good, cvc: '1234' }, now)).toEqual({ cvc: 'Enter the 3 digit security code' });
    expect(validateCard({ ...good, number: '3782 822463 10005', cvc: '123' }, now)).toEqual({
      cvc: 'Enter the 4 digit security code',
    });
  });
});
