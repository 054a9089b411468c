import type { Guest, User } from '@orderfront/core';
import { create } from '@/lib/store';
import { api } from './api-client';
import { readStorage, storageKeys, writeStorage } from './storage';

/** Spec §3 Guest user: guestId is a 7-digit number issued by the server with the guest token. */
export interface GuestUser {
  guestId: number;
  name: string;
  email: string;
  phone_no: string;
}

export interface AuthState {
  user: User | null;
  guestUser: GuestUser | null;
  token: string | null;
  guestToken: string | null;
  setSession(token: string, user: User): void;
  setUser(user: User): void;
  setGuest(guestToken: string, guestUser: GuestUser): void;
  /** Merges into the existing guest user (spec §4 Identity). */
  setGuestData(data: Partial<Omit<GuestUser, 'guestId'>>): void;
  /** Removes both tokens and both users from memory and storage. */
  clearAuth(): void;
  /** Removes only the guest token and the guest user. */
  clearGuest(): void;
}

function readJson<T>(key: string): T | null {
  const raw = readStorage(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * Identity is shared by every feature (cart, checkout, wishlist, account), so it lives in lib like
 * the api client that reads its tokens. Each value has its own storage key; the tokens are stored as
 * plain strings because the api client reads them for the bearer header (spec §7).
 */
export const useAuthStore = create<AuthState>()((set, get) => ({
  user: readJson<User>(storageKeys.user),
  guestUser: readJson<GuestUser>(storageKeys.guestUser),
  token: readStorage(storageKeys.token),
  guestToken: readStorage(storageKeys.guestToken),
  setSession(token, user) {
    writeStorage(storageKeys.token, token);
    writeStorage(storageKeys.user, JSON.stringify(user));
    set({ token, user });
  },
  setUser(user) {
    writeStorage(storageKeys.user, JSON.stringify(user));
    set({ user });
  },
  setGuest(guestToken, guestUser) {
    writeStorage(storageKeys.guestToken, guestToken);
    writeStorage(storageKeys.guestUser, JSON.stringify(guestUser));
    set({ guestToken, guestUser });
  },
  setGuestData(data) {
    const current = get().guestUser;
    if (!current) return;
    const guestUser = { ...current, ...data };
    writeStorage(storageKeys.guestUser, JSON.stringify(guestUser));
    set({ guestUser });
  },
  clearAuth() {
    for (const key of [storageKeys.token, storageKeys.user, storageKeys.guestToken, storageKeys.guestUser]) {
      writeStorage(key, null);
    }
    set({ user: null, guestUser: null, token: null, guestToken: null });
  },
  clearGuest() {
    writeStorage(storageKeys.guestToken, null);
    writeStorage(storageKeys.guestUser, null);
    set({ guestToken: null, guestUser: null });
  },
}));

/** Spec §3: logged in when the token and the user are both present. */
export const selectIsLoggedIn = (state: AuthState) => Boolean(state.token && state.user);
/** Spec §3: guest-logged-in when the guest token and the guest user are both present. */
export const selectIsGuestLoggedIn = (state: AuthState) => Boolean(state.guestToken && state.guestUser);

let pendingGuest: Promise<GuestUser | null> | null = null;

/**
 * Spec §4: creates a guest identity on demand, only when there is neither a logged-in user nor a
 * guest user. Returns the guest (existing or new), or null for a logged-in user.
 */
export function ensureGuest(tenantId: number): Promise<GuestUser | null> {
  const state = useAuthStore.getState();
  if (selectIsLoggedIn(state)) return Promise.resolve(null);
  if (state.guestUser && state.guestToken) return Promise.resolve(state.guestUser);
  pendingGuest ??= api<{ guest_token: string; guest: Guest }>('/v2/auth/guest', {
    method: 'POST',
    body: { tenant_id: tenantId },
  })
    .then(({ guest_token, guest }) => {
      const guestUser = { guestId: guest.guest_id, name: guest.name, email: guest.email, phone_no: guest.phone_no };
      useAuthStore.getState().setGuest(guest_token, guestUser);
      return guestUser;
    })
    .finally(() => {
      pendingGuest = null;
    });
  return pendingGuest;
}
