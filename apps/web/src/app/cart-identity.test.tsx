import type { Cart, User } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { menuFixture } from '@/features/menu/testing/menu-fixture';
import { useAuthStore } from '@/lib/auth-store';
import { ok, stubApi } from '@/testing/api';
import { cartReply } from '@/testing/cart';
import { cart as twoMargheritas } from '@/testing/orders';
import { renderApp } from '@/testing/render';

const gina: User = {
  id: 42,
  tenant_id: 139,
  name: 'Gina Member',
  email: 'gina@example.com',
  phone_no: '0412 555 010',
  role: 'customer',
  has_password: true,
};

const empty: Cart = cartReply([]);

/** Each cart fetch as the server saw it: its query string and bearer token. */
type CartFetch = { search: string; bearer: string | undefined };

function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.authorization;
}

afterEach(() => useAuthStore.getState().clearAuth());

describe('whose cart a fetch asks for', () => {
  it('never asks for the guest cart with the member token while signing in, then fetches the member cart', async () => {
    useAuthStore.getState().setGuest('guest-token', { guestId: 1234567, name: '', email: '', phone_no: '' });
    const fetches: CartFetch[] = [];
    stubApi({
      '/api/v2/auth/providers': () => ok({ google_client_id: null }),
      'GET /api/v2/cart': (url, init) => {
        fetches.push({ search: url.search, bearer: bearerOf(init) });
        return ok(url.searchParams.has('user_id') ? twoMargheritas : empty);
      },
      'POST /api/v2/auth/login': () => ok({ token: 'member-token', user: gina, needs_profile: [] }),
    });
    renderApp('/login', { stub: false });
    await waitFor(() => expect(fetches).toContainEqual({ search: '?guest_id=1234567', bearer: 'Bearer guest-token' }));

    await userEvent.type(await screen.findByLabelText('Email'), gina.email);
    await userEvent.type(screen.getByLabelText('Password'), 'a-good-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    // Signing in refetches every cached answer before the page moves to the member's cart key: the
    // guest key's refetch must not go out with the member's token (the server refuses it: 403).
    for (const fetch of fetches) {
      expect(fetch).toEqual(
        fetch.search.startsWith('?guest_id=')
          ? { search: '?guest_id=1234567', bearer: 'Bearer guest-token' }
          : { search: '?user_id=42', bearer: 'Bearer member-token' },
      );
    }
    expect(fetches.at(-1)).toEqual({ search: '?user_id=42', bearer: 'Bearer member-token' });
  });

  it('shows the first add once the add settles, though the cart was first fetched before it landed', async () => {
    let cart = empty;
    const fetches: CartFetch[] = [];
    // The new guest's first cart fetch is answered late (as under load) with what the server read
    // before the add landed; the add waits until that read has happened.
    let guestFetched: () => void = () => {};
    const firstGuestFetch = new Promise<void>((resolve) => {
      guestFetched = resolve;
    });
    const staleAnswers: (() => void)[] = [];
    stubApi({
      '/api/v2/restaurants/1/menu': () => ok(menuFixture),
      'POST /api/v2/auth/guest': () =>
        ok({ guest_token: 'new-guest-token', guest: { guest_id: 7654321, name: '', email: '', phone_no: '' } }),
      'GET /api/v2/cart': (url, init) => {
        fetches.push({ search: url.search, bearer: bearerOf(init) });
        const read = cart;
        if (fetches.length > 1) return ok(read);
        guestFetched();
        return new Promise((resolve) => staleAnswers.push(() => resolve(ok(read))));
      },
      'POST /api/v2/cart': async (_url, init) => {
        expect(JSON.parse(String(init?.body))).toMatchObject({
          guest_id: 7654321,
          restaurant_product_id: 1,
          quantity: 2,
        });
        await firstGuestFetch;
        cart = twoMargheritas;
        return ok({ id: 11, quantity: 2 });
      },
    });
    const { queryClient } = renderApp('/menu', { stub: false });
    // The add settles by invalidating the carts; only then does the stale answer arrive.
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') for (const answer of staleAnswers) answer();
    });
    try {
      await userEvent.click(await screen.findByRole('button', { name: 'Add Margherita' }));
      const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
      await userEvent.click(within(dialog).getByRole('button', { name: /^Increase quantity/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: /^Add to cart/ }));

      expect(await screen.findByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
      expect(staleAnswers).toHaveLength(1);
      expect(fetches.at(-1)).toEqual({ search: '?guest_id=7654321', bearer: 'Bearer new-guest-token' });
    } finally {
      unsubscribe();
    }
  });
});
