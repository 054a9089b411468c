import { describe, expect, it } from 'vitest';
import { type CheckoutStep1Input, isCheckoutStep1Valid } from '../src/rules/checkout.js';

const address = { formattedAddress: '12 Crown St', city: 'Sydney', postcode: '2010', suburb: 'Surry Hills' };
const guest = { name: 'Ada', email: 'ada@example.com', phone_no: '0400 000 000' };

function input(patch: Partial<CheckoutStep1Input> = {}): CheckoutStep1Input {
  return {
    deliveryMethod: 'pickup',
    pickupDate: '2026-11-23',
    pickupTime: '18:15',
    shippingDetails: { formattedAddress: '', city: '', postcode: '', suburb: '' },
    guestDetails: { name: '', email: '', phone_no: '' },
    deliveryError: null,
    isGuest: false,
    ...patch,
  };
}

describe('checkout step 1 (spec §5)', () => {
  it('a signed-in pickup with a date and time is valid', () => {
    expect(isCheckoutStep1Valid(input())).toBe(true);
  });

  it('ASAP counts as a chosen time', () => {
    expect(isCheckoutStep1Valid(input({ pickupTime: 'asap' }))).toBe(true);
  });

  describe('for non dine_in, pickupDate and pickupTime are set', () => {
    for (const method of ['pickup', 'delivery'] as const) {
      const base = { deliveryMethod: method, shippingDetails: address };
      it(`${method} without a date is invalid`, () => {
        expect(isCheckoutStep1Valid(input({ ...base, pickupDate: '' }))).toBe(false);
        expect(isCheckoutStep1Valid(input({ ...base, pickupDate: null }))).toBe(false);
      });
      it(`${method} without a time is invalid`, () => {
        expect(isCheckoutStep1Valid(input({ ...base, pickupTime: '' }))).toBe(false);
        expect(isCheckoutStep1Valid(input({ ...base, pickupTime: '  ' }))).toBe(false);
      });
    }
    it('dine_in needs neither date nor time', () => {
      expect(isCheckoutStep1Valid(input({ deliveryMethod: 'dine_in', pickupDate: '', pickupTime: '' }))).toBe(true);
    });
  });

  describe('for guests, name, email and phone_no are all present', () => {
    it('a guest with all three is valid', () => {
      expect(isCheckoutStep1Valid(input({ isGuest: true, guestDetails: guest }))).toBe(true);
    });
    for (const field of ['name', 'email', 'phone_no'] as const) {
      it(`a guest without ${field} is invalid (also for dine-in)`, () => {
        const guestDetails = { ...guest, [field]: ' ' };
        expect(isCheckoutStep1Valid(input({ isGuest: true, guestDetails }))).toBe(false);
        expect(isCheckoutStep1Valid(input({ isGuest: true, guestDetails, deliveryMethod: 'dine_in' }))).toBe(false);
      });
    }
    it('a signed-in user needs no guest details', () => {
      expect(isCheckoutStep1Valid(input({ isGuest: false }))).toBe(true);
    });
  });

  describe('for delivery, the four address fields are present and there is no delivery error', () => {
    const delivery = input({ deliveryMethod: 'delivery', shippingDetails: address });
    it('a full address without an error is valid', () => {
      expect(isCheckoutStep1Valid(delivery)).toBe(true);
    });
    for (const field of ['formattedAddress', 'city', 'postcode', 'suburb'] as const) {
      it(`delivery without ${field} is invalid`, () => {
        expect(isCheckoutStep1Valid({ ...delivery, shippingDetails: { ...address, [field]: '' } })).toBe(false);
      });
    }
    it('a delivery error ("We don\'t deliver to this address") makes it invalid', () => {
      expect(isCheckoutStep1Valid({ ...delivery, deliveryError: "We don't deliver to this address" })).toBe(false);
    });
    it('pickup ignores the address and a stale delivery error', () => {
      expect(isCheckoutStep1Valid(input({ deliveryError: 'Minimum order for delivery is $20.00' }))).toBe(true);
    });
  });

  it('all rules at once: a guest delivery needs time, guest details and address', () => {
    const full = input({ deliveryMethod: 'delivery', isGuest: true, guestDetails: guest, shippingDetails: address });
    expect(isCheckoutStep1Valid(full)).toBe(true);
    expect(isCheckoutStep1Valid({ ...full, pickupTime: '' })).toBe(false);
  });
});
