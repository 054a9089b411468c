import { create } from 'zustand';
import { readStorage, writeStorage } from '@/lib/storage';

const key = 'adminRestaurant';

interface AdminRestaurantState {
  /** The restaurant the back office acts on; checked against the ones the user manages. */
  restaurantId: number | null;
  choose(id: number): void;
}

export const useAdminRestaurantStore = create<AdminRestaurantState>()((set) => ({
  restaurantId: Number(readStorage(key)) || null,
  choose(id) {
    writeStorage(key, String(id));
    set({ restaurantId: id });
  },
}));
