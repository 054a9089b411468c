import { create } from '@/lib/store';

/** The cart's fetch options (spec §4: the applied coupon is kept for later fetches). */
interface CartOptionsState {
  couponCode: string | null;
  cashOnDelivery: boolean;
  dineIn: boolean;
  setCouponCode(code: string | null): void;
  setCashOnDelivery(value: boolean): void;
  setDineIn(value: boolean): void;
}

export const useCartStore = create<CartOptionsState>()((set) => ({
  couponCode: null,
  cashOnDelivery: false,
  dineIn: false,
  setCouponCode: (couponCode) => set({ couponCode }),
  setCashOnDelivery: (cashOnDelivery) => set({ cashOnDelivery }),
  setDineIn: (dineIn) => set({ dineIn }),
}));
