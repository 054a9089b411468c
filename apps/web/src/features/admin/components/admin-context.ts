import type { AdminAbility, AdminMe, AdminRestaurant } from '@orderfront/core';
import { createContext, useContext } from 'react';

export interface AdminContextValue {
  me: AdminMe;
  restaurant: AdminRestaurant;
  can(ability: AdminAbility): boolean;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

/** The signed-in staff member and the restaurant chosen in the switcher (inside the admin shell). */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin outside the admin shell');
  return value;
}
