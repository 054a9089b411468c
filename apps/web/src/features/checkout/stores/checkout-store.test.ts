import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { checkoutDefaults, useCheckoutStore } from './checkout-store';

const store = () => useCheckoutStore.getState();
const address = { formattedAddress: '12 Crown St', city: 'Sydney', postcode: '2010', suburb: 'Surry Hills' };
const guest = { name: 'Ada', email: 'ada@example.com', phone_no: '0400 000 000' };
const user = { id: 7, name: 'Uma', email: 'uma@example.com', phone_no: '0411 111 111' } as never;

function stored() {
  return JSON.parse(localStorage.getItem('checkout') ?? '{}').state;
}

beforeEach(() => {
  useAuthStore.getState().clearAuth();
  store().reset();
});

describe('checkout store', () => {
  it('starts with the spec §9 defaults: pickup, card, no delivery charge', () => {
    expect(store()).toMatchObject({
      deliveryMethod: 'pickup',
      paymentMethod: 'card',
      deliveryCharge: 0,
      deliveryError: null,
      step1Completed: false,
      step2Completed: false,
    });
  });

  it('completes step 1 by itself once a signed-in pickup has a date and time', () => {
    useAuthStore.getState().setSession('token', user);
    store().setPickupDate('2026-11-23');
    expect(store().step1Completed).toBe(false);
    store().setPickupTime('asap');
    expect(store().step1Completed).toBe(true);
    store().setPickupDate('2026-11-24');
    expect(store().pickupTime).toBe('');
    expect(store().step1Completed).toBe(false);
  });

  it('the first date keeps a time chosen from the times offered with it', () => {
    store().setPickupTime('18:15');
    store().setPickupDate('2026-11-23');
    expect(store().pickupTime).toBe('18:15');
  });

  it('a guest also needs name, email and phone', () => {
    store().setPickupDate('2026-11-23');
    store().setPickupTime('18:15');
    expect(store().step1Completed).toBe(false);
    store().setGuestDetails({ name: guest.name, email: guest.email });
    expect(store().step1Completed).toBe(false);
    store().setGuestDetails({ phone_no: guest.phone_no });
    expect(store().step1Completed).toBe(true);
  });

  it('signing in completes a step 1 that only lacked guest details; signing out undoes it', () => {
    store().setPickupDate('2026-11-23');
    store().setPickupTime('18:15');
    expect(store().step1Completed).toBe(false);
    useAuthStore.getState().setSession('token', user);
    expect(store().step1Completed).toBe(true);
    useAuthStore.getState().clearAuth();
    expect(store().step1Completed).toBe(false);
  });

  it('delivery needs the full address and no delivery error', () => {
    useAuthStore.getState().setSession('token', user);
    store().setDeliveryMethod('delivery');
    store().setPickupDate('2026-11-23');
    store().setPickupTime('18:15');
    store().setShippingDetails({ formattedAddress: address.formattedAddress, city: address.city });
    expect(store().step1Completed).toBe(false);
    store().setShippingDetails({ postcode: address.postcode, suburb: address.suburb });
    expect(store().step1Completed).toBe(true);
    store().setDeliveryQuote({ deliveryCharge: 0, deliveryError: "We don't deliver to this address" });
    expect(store().step1Completed).toBe(false);
    store().setDeliveryQuote({ deliveryCharge: 500, deliveryError: null });
    expect(store()).toMatchObject({ step1Completed: true, deliveryCharge: 500 });
  });

  it('a changed address drops the old quote', () => {
    store().setDeliveryMethod('delivery');
    store().setDeliveryQuote({ deliveryCharge: 500, deliveryError: 'Minimum order for delivery is $20.00' });
    store().setShippingDetails({ postcode: '2000' });
    expect(store()).toMatchObject({ deliveryCharge: 0, deliveryError: null });
  });

  it('leaving delivery clears the delivery error; staying keeps it', () => {
    store().setDeliveryMethod('delivery');
    store().setDeliveryQuote({ deliveryCharge: 0, deliveryError: "We don't deliver to this address" });
    store().setDeliveryMethod('delivery');
    expect(store().deliveryError).toBe("We don't deliver to this address");
    store().setDeliveryMethod('pickup');
    expect(store().deliveryError).toBeNull();
  });

  it('dine-in needs no date or time, only the guest details', () => {
    store().startDineIn('T4');
    store().setGuestDetails(guest);
    expect(store()).toMatchObject({ deliveryMethod: 'dine_in', tableId: 'T4', step1Completed: true });
  });

  it('step 2 completes only when step 1 is done and nothing is processing', () => {
    useAuthStore.getState().setSession('token', user);
    expect(store().completeStep2()).toBe(false);
    expect(store().step2Completed).toBe(false);
    store().setPickupDate('2026-11-23');
    store().setPickupTime('18:15');
    store().setProcessing(true);
    expect(store().completeStep2()).toBe(false);
    store().setProcessing(false);
    expect(store().completeStep2()).toBe(true);
    expect(store().step2Completed).toBe(true);
    // Step 1 undone undoes step 2.
    store().setPickupTime('');
    expect(store().step2Completed).toBe(false);
  });

  it('persists under `checkout` without the processing and loading flags', () => {
    store().setDeliveryMethod('delivery');
    store().setProcessing(true);
    store().setDeliveryChargeLoading(true);
    store().setSpecialInstructions('Ring the bell');
    const state = stored();
    expect(state).toMatchObject({ deliveryMethod: 'delivery', specialInstructions: 'Ring the bell' });
    expect(state).not.toHaveProperty('isProcessing');
    expect(state).not.toHaveProperty('deliveryChargeLoading');
  });

  it('does not trust a stored step1Completed on reload', async () => {
    localStorage.setItem(
      'checkout',
      JSON.stringify({ state: { ...checkoutDefaults, step1Completed: true, step2Completed: true }, version: 0 }),
    );
    await useCheckoutStore.persist.rehydrate();
    expect(store()).toMatchObject({ step1Completed: false, step2Completed: false });
  });

  it('reset restores every default', () => {
    store().startDineIn('T9');
    store().setPaymentMethod('cashOnDelivery');
    store().setAppliedGiftCard('GIFT-1');
    store().setGuestAddress('somewhere');
    store().reset();
    const { deliveryMethod, tableId, paymentMethod, appliedGiftCard, guestAddress } = store();
    expect({ deliveryMethod, tableId, paymentMethod, appliedGiftCard, guestAddress }).toEqual({
      deliveryMethod: 'pickup',
      tableId: null,
      paymentMethod: 'card',
      appliedGiftCard: null,
      guestAddress: '',
    });
  });
});
