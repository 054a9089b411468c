import { isCheckoutStep1Valid } from '@orderfront/core';
import { createJSONStorage, persist } from 'zustand/middleware';
import { selectIsLoggedIn, useAuthStore } from '@/lib/auth-store';
import { safeLocalStorage } from '@/lib/storage';
import { create } from '@/lib/store';

/**
 * Spec §3 checkout state, persisted under `checkout` except the processing and loading flags,
 * with the §4 transitions. step1Completed is never set by hand: every change recomputes it with
 * the §5 rule (core), so it cannot drift from the state it describes.
 */
export type DeliveryMethod = 'pickup' | 'delivery' | 'dine_in';
export type CheckoutPaymentMethod = 'card' | 'cashOnDelivery';

export interface ShippingDetails {
  formattedAddress: string;
  city: string;
  postcode: string;
  suburb: string;
}

export interface CheckoutGuestDetails {
  name: string;
  email: string;
  phone_no: string;
}

export interface CheckoutState {
  deliveryMethod: DeliveryMethod;
  pickupDate: string;
  pickupTime: string;
  specialInstructions: string;
  shippingDetails: ShippingDetails;
  guestDetails: CheckoutGuestDetails;
  guestAddress: string;
  deliveryCharge: number;
  deliveryError: string | null;
  /** The charge and error are the server's answer for the address as it is now (not yet: unknown). */
  deliveryQuoted: boolean;
  tableId: string | null;
  paymentMethod: CheckoutPaymentMethod;
  appliedGiftCard: string | null;
  /** A tip as one of the business's preset percentages (decision 040); null: no tip. */
  tipPercent: number | null;
  /** A custom tip in dollars as typed, where the business allows one (decision 040); null: not chosen. */
  tipCustom: string | null;
  step1Completed: boolean;
  step2Completed: boolean;
  isProcessing: boolean;
  deliveryChargeLoading: boolean;
}

export interface CheckoutActions {
  /** Spec §4: changing the method away from delivery clears the delivery error. */
  setDeliveryMethod(method: DeliveryMethod): void;
  /** A dine-in QR link: dine-in mode at this table. */
  startDineIn(tableId: string): void;
  /** A different date drops the time chosen for the old one. */
  setPickupDate(date: string): void;
  setPickupTime(time: string): void;
  setSpecialInstructions(text: string): void;
  /** A changed address drops the old quote: its charge and error were for another address. */
  setShippingDetails(patch: Partial<ShippingDetails>): void;
  setGuestDetails(patch: Partial<CheckoutGuestDetails>): void;
  setGuestAddress(address: string): void;
  setDeliveryChargeLoading(loading: boolean): void;
  /** The server's delivery quote for the current address. */
  setDeliveryQuote(quote: { deliveryCharge: number; deliveryError: string | null }): void;
  setPaymentMethod(method: CheckoutPaymentMethod): void;
  setAppliedGiftCard(code: string | null): void;
  setTipPercent(percent: number | null): void;
  setTipCustom(text: string | null): void;
  setProcessing(processing: boolean): void;
  /** Spec §4: only when step 1 is done and nothing is processing; answers whether it was. */
  completeStep2(): boolean;
  /** Re-runs the step-1 rule when something outside this store changed (signing in or out). */
  revalidate(): void;
  /** Spec §4: back to every default. */
  reset(): void;
}

export type CheckoutStore = CheckoutState & CheckoutActions;

/** Spec §9 defaults: pickup, card. */
export const checkoutDefaults: CheckoutState = {
  deliveryMethod: 'pickup',
  pickupDate: '',
  pickupTime: '',
  specialInstructions: '',
  shippingDetails: { formattedAddress: '', city: '', postcode: '', suburb: '' },
  guestDetails: { name: '', email: '', phone_no: '' },
  guestAddress: '',
  deliveryCharge: 0,
  deliveryError: null,
  deliveryQuoted: false,
  tableId: null,
  paymentMethod: 'card',
  appliedGiftCard: null,
  tipPercent: null,
  tipCustom: null,
  step1Completed: false,
  step2Completed: false,
  isProcessing: false,
  deliveryChargeLoading: false,
};

/** The state with step1Completed (and so step2Completed) following the §5 rule. */
function withSteps<T extends CheckoutState>(state: T): T {
  const isGuest = !selectIsLoggedIn(useAuthStore.getState());
  const step1Completed = isCheckoutStep1Valid({ ...state, isGuest });
  return { ...state, step1Completed, step2Completed: step1Completed && state.step2Completed };
}

type Set = (partial: Partial<CheckoutStore> | ((state: CheckoutStore) => Partial<CheckoutStore>)) => void;

export const useCheckoutStore = create<CheckoutStore>()(
  persist(
    (rawSet, get) => {
      const set: Set = (partial) =>
        rawSet((state) => withSteps({ ...state, ...(typeof partial === 'function' ? partial(state) : partial) }));
      return {
        ...checkoutDefaults,
        setDeliveryMethod: (deliveryMethod) =>
          // Back on delivery, the address is quoted again: what was known may have changed.
          set(
            deliveryMethod === 'delivery'
              ? { deliveryMethod }
              : { deliveryMethod, deliveryError: null, deliveryQuoted: false },
          ),
        startDineIn: (tableId) =>
          set({ deliveryMethod: 'dine_in', tableId, deliveryError: null, deliveryQuoted: false }),
        // The first date is the one the times were offered for, so a time chosen with it stays.
        setPickupDate: (pickupDate) =>
          set((s) => ({ pickupDate, pickupTime: pickupDate === s.pickupDate || !s.pickupDate ? s.pickupTime : '' })),
        setPickupTime: (pickupTime) => set({ pickupTime }),
        setSpecialInstructions: (specialInstructions) => set({ specialInstructions }),
        setShippingDetails: (patch) =>
          set((s) => ({
            shippingDetails: { ...s.shippingDetails, ...patch },
            deliveryCharge: 0,
            deliveryError: null,
            deliveryQuoted: false,
          })),
        setGuestDetails: (patch) => set((s) => ({ guestDetails: { ...s.guestDetails, ...patch } })),
        setGuestAddress: (guestAddress) => set({ guestAddress }),
        setDeliveryChargeLoading: (deliveryChargeLoading) => set({ deliveryChargeLoading }),
        setDeliveryQuote: ({ deliveryCharge, deliveryError }) =>
          set({ deliveryCharge, deliveryError, deliveryQuoted: true, deliveryChargeLoading: false }),
        setPaymentMethod: (paymentMethod) => set({ paymentMethod }),
        setAppliedGiftCard: (appliedGiftCard) => set({ appliedGiftCard }),
        setTipPercent: (tipPercent) => set({ tipPercent, tipCustom: null }),
        setTipCustom: (tipCustom) => set({ tipCustom, tipPercent: null }),
        setProcessing: (isProcessing) => set({ isProcessing }),
        completeStep2: () => {
          const { step1Completed, isProcessing } = get();
          if (!step1Completed || isProcessing) return false;
          set({ step2Completed: true });
          return true;
        },
        revalidate: () => set({}),
        reset: () => set({ ...checkoutDefaults }),
      };
    },
    {
      name: 'checkout',
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: ({ isProcessing: _p, deliveryChargeLoading: _l, ...rest }) =>
        Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'function')) as Partial<CheckoutState>,
      // A stored step1Completed is not trusted: it is derived again from what was stored.
      merge: (persisted, current) => withSteps({ ...current, ...(persisted as Partial<CheckoutState>) }),
    },
  ),
);

// Signing in or out changes who is a guest, and so whether step 1 is complete.
useAuthStore.subscribe((state, previous) => {
  if (selectIsLoggedIn(state) !== selectIsLoggedIn(previous)) useCheckoutStore.getState().revalidate();
});

/** The delivery charge the order adds (0 unless delivering to an address the quote accepted). */
export const selectDeliveryCents = (s: CheckoutState) =>
  s.deliveryMethod === 'delivery' && s.deliveryQuoted && !s.deliveryError ? s.deliveryCharge : 0;
