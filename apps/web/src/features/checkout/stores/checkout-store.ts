import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * Spec §3 checkout state, persisted under `checkout` except the processing and loading flags.
 * Issue 5 needs only the dine-in part (a table QR link sets dine-in mode and the table); the
 * checkout issue adds the rest of the behaviour (step validation, §4 transitions).
 */
export type DeliveryMethod = 'pickup' | 'delivery' | 'dine_in';

export interface CheckoutState {
  deliveryMethod: DeliveryMethod;
  pickupDate: string;
  pickupTime: string;
  specialInstructions: string;
  shippingDetails: { formattedAddress: string; city: string; postcode: string; suburb: string };
  guestDetails: { name: string; email: string; phone_no: string };
  guestAddress: string;
  deliveryCharge: number;
  deliveryError: string | null;
  tableId: string | null;
  paymentMethod: 'card' | 'cashOnDelivery';
  appliedGiftCard: string | null;
  step1Completed: boolean;
  step2Completed: boolean;
  isProcessing: boolean;
  deliveryChargeLoading: boolean;
}

interface CheckoutActions {
  setDeliveryMethod(method: DeliveryMethod): void;
  /** A dine-in QR link: dine-in mode at this table. */
  startDineIn(tableId: string): void;
  reset(): void;
}

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
  tableId: null,
  paymentMethod: 'card',
  appliedGiftCard: null,
  step1Completed: false,
  step2Completed: false,
  isProcessing: false,
  deliveryChargeLoading: false,
};

export const useCheckoutStore = create<CheckoutState & CheckoutActions>()(
  persist(
    (set) => ({
      ...checkoutDefaults,
      // Spec §4: changing the method away from delivery clears the delivery error.
      setDeliveryMethod: (deliveryMethod) =>
        set((s) => ({ deliveryMethod, deliveryError: deliveryMethod === 'delivery' ? s.deliveryError : null })),
      startDineIn: (tableId) => set({ deliveryMethod: 'dine_in', tableId, deliveryError: null }),
      reset: () => set(checkoutDefaults),
    }),
    {
      name: 'checkout',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isProcessing: _p, deliveryChargeLoading: _l, ...rest }) =>
        Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'function')) as Partial<CheckoutState>,
    },
  ),
);
