import type { User } from '@orderfront/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bearerToken } from './api-client';
import { ensureGuest, selectIsGuestLoggedIn, selectIsLoggedIn, useAuthStore } from './auth-store';

const user: User = {
  id: 7,
  tenant_id: 139,
  name: 'Ada',
  email: 'ada@example.com',
  phone_no: '0412 000 000',
  role: 'customer',
  has_password: true,
};

afterEach(() => {
  useAuthStore.getState().clearAuth();
  vi.unstubAllGlobals();
});

describe('auth store (spec §3 Authentication state, §4 Identity)', () => {
  it('is logged in only with both the token and the user', () => {
    const store = useAuthStore.getState();
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(false);
    store.setUser(user);
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(false);
    store.setSession('user-token', user);
    expect(selectIsLoggedIn(useAuthStore.getState())).toBe(true);
    expect(localStorage.getItem('token')).toBe('user-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('ada@example.com');
  });

  it('merges guest data into the existing guest user', () => {
    const store = useAuthStore.getState();
    store.setGuest('guest-token', { guestId: 1234567, name: '', email: '', phone_no: '' });
    expect(selectIsGuestLoggedIn(useAuthStore.getState())).toBe(true);
    store.setGuestData({ name: 'Walk In' });
    store.setGuestData({ phone_no: '0400 000 000' });
    expect(useAuthStore.getState().guestUser).toEqual({
      guestId: 1234567,
      name: 'Walk In',
      email: '',
      phone_no: '0400 000 000',
    });
    expect(JSON.parse(localStorage.getItem('guestUser') ?? '{}').name).toBe('Walk In');
  });

  it('prefers the registered token for requests, then the guest token (spec §7)', () => {
    const store = useAuthStore.getState();
    store.setGuest('guest-token', { guestId: 1234567, name: '', email: '', phone_no: '' });
    expect(bearerToken()).toBe('guest-token');
    store.setSession('user-token', user);
    expect(bearerToken()).toBe('user-token');
  });

  it('clearing the guest removes only the guest token and user; clearing auth removes all four', () => {
    const store = useAuthStore.getState();
    store.setSession('user-token', user);
    store.setGuest('guest-token', { guestId: 1234567, name: '', email: '', phone_no: '' });
    store.clearGuest();
    expect(useAuthStore.getState()).toMatchObject({ token: 'user-token', guestToken: null, guestUser: null });
    expect(localStorage.getItem('token')).toBe('user-token');
    expect(localStorage.getItem('guestToken')).toBeNull();
    store.setGuest('guest-token', { guestId: 1234567, name: '', email: '', phone_no: '' });
    store.clearAuth();
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, guestToken: null, guestUser: null });
    for (const key of ['token', 'user', 'guestToken', 'guestUser']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('creates a guest on demand only when there is neither a user nor a guest', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        data: { guest_token: 'new-guest', guest: { guest_id: 2345678, name: '', email: '', phone_no: '' } },
        error: null,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const [first, second] = await Promise.all([ensureGuest(139), ensureGuest(139)]);
    expect(first).toEqual({ guestId: 2345678, name: '', email: '', phone_no: '' });
    expect(second).toEqual(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await ensureGuest(139)).toEqual(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    useAuthStore.getState().clearAuth();
    useAuthStore.getState().setSession('user-token', user);
    expect(await ensureGuest(139)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
