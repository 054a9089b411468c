import type { UserRole } from '../contract/auth.js';
import { addDays, fromZoned, toZoned } from './zoned-time.js';

/** The roles that run a business (decision 006); customers are not among them. */
export const staffRoles = ['staff', 'manager', 'owner'] as const;
export type StaffRole = (typeof staffRoles)[number];

const rank: Record<UserRole, number> = { customer: 0, staff: 1, manager: 2, owner: 3 };

/**
 * What each back-office area needs (decision 017): staff run orders and availability and may pause
 * ordering and look up gift cards (with their ledger) and customers' points; managers also edit the
 * menu, coupons, reservations, hours, sales reports and the ordering switches, issue and void gift cards and adjust
 * points; owners also the theme, payments, staff accounts and the loyalty and gift card programme.
 * The server checks these; the web hides what a role cannot use.
 */
export const adminAbilities = {
  orders: 'staff',
  availability: 'staff',
  pause: 'staff',
  menu: 'manager',
  ordering: 'manager',
  coupons: 'manager',
  giftCards: 'staff',
  giftCardsManage: 'manager',
  loyalty: 'staff',
  loyaltyAdjust: 'manager',
  reservations: 'manager',
  hours: 'manager',
  reports: 'manager',
  theme: 'owner',
  // Business settings, opening and closing restaurants for good (decision 037).
  business: 'owner',
  // A restaurant's details, closures, delivery zones and tables: managers for their own.
  restaurants: 'manager',
  payments: 'owner',
  rewards: 'owner',
  staff: 'owner',
  /** Who published which catalogue change (decision 038). */
  catalogueHistory: 'owner',
} as const satisfies Record<string, StaffRole>;
export type AdminAbility = keyof typeof adminAbilities;

export const isStaffRole = (role: UserRole | null | undefined): role is StaffRole =>
  role === 'staff' || role === 'manager' || role === 'owner';

/** `role` is `min` or above it. */
export const roleAtLeast = (role: UserRole, min: StaffRole): boolean => rank[role] >= rank[min];

export const roleAllows = (role: UserRole, ability: AdminAbility): boolean =>
  roleAtLeast(role, adminAbilities[ability]);

/** Every ability of a role, for the web to show or hide areas. */
export function abilitiesOf(role: UserRole): Record<AdminAbility, boolean> {
  const entries = Object.keys(adminAbilities).map((a) => [a, roleAllows(role, a as AdminAbility)] as const);
  return Object.fromEntries(entries) as Record<AdminAbility, boolean>;
}

/**
 * The next local midnight of the restaurant after `now`: when an item marked out of stock "for
 * today" comes back. A zone that skips midnight (some DST changes) gets 01:00 instead.
 */
export function nextLocalMidnight(now: Date | string | number, timeZone: string): string {
  const tomorrow = addDays(toZoned(now, timeZone).date, 1);
  return fromZoned(tomorrow, '00:00', timeZone) ?? (fromZoned(tomorrow, '01:00', timeZone) as string);
}
