import type { User, WishlistItem } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { margherita, menuFixture } from '@/features/menu/testing/menu-fixture';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const ada: User = {
  id: 7,
  tenant_id: 139,
  name: 'Ada',
  email: 'ada@example.com',
  phone_no: '0412 000 000',
  role: 'customer',
  has_password: true,
};

const saved: WishlistItem = {
  id: 41,
  restaurant_product_id: margherita.id,
  product_id: margherita.product_id,
  restaurant_id: 1,
  products: { name: 'Margherita', description: 'Tomato, mozzarella, basil', price: 1900 },
  restaurant_products: { id: margherita.id, online_price: 1900, price: 1900 },
  attachments: [{ upload_path: '/images/menu/placeholder.svg' }],
};

const expired = () => json(401, { data: null, error: { code: 'unauthorized', message: 'Please log in' } });
const failed = () => json(500, { data: null, error: { code: 'internal', message: 'Something went wrong' } });
const menu = { '/api/v2/restaurants/1/menu': () => ok(menuFixture) };

afterEach(() => {
  useAuthStore.getState().clearAuth();
  vi.unstubAllGlobals();
});

const heart = (name: string) => screen.findByRole('button', { name: `Favourite ${name}` });
const calls = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);

describe('wishlist toasts', () => {
  it('asks a signed-out visitor to log in instead of calling the API', async () => {
    const fetch = stubApi(menu);
    renderApp('/menu', { stub: false });
    await userEvent.click(await heart('Margherita'));
    expect(await screen.findByText('Please log in')).toBeInTheDocument();
    expect(calls(fetch, '/api/add-to-wishlist')).toHaveLength(0);
    expect(calls(fetch, '/api/get-wishlist')).toHaveLength(0);
  });

  it('adds with the user id and bearer token, then removes, with their toasts', async () => {
    useAuthStore.getState().setSession('user-token', ada);
    let items: WishlistItem[] = [];
    const fetch = stubApi({
      ...menu,
      '/api/get-wishlist': () => ok(items),
      'POST /api/add-to-wishlist': () => {
        items = [saved];
        return json(201, { data: saved, error: null });
      },
      'DELETE /api/wishlist/41': () => {
        items = [];
        return ok(null);
      },
    });
    renderApp('/menu', { stub: false });
    const button = await heart('Margherita');
    await waitFor(() => expect(calls(fetch, '/api/get-wishlist')).toHaveLength(1));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    const [, init] = calls(fetch, '/api/add-to-wishlist')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      product_id: margherita.product_id,
      restaurant_product_id: margherita.id,
      user_id: 7,
    });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer user-token');
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(button);
    expect(await screen.findByText('Removed from wishlist')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  });

  it('says the session may have expired on a 401, and shows the failure toast otherwise', async () => {
    useAuthStore.getState().setSession('stale-token', ada);
    stubApi({ ...menu, '/api/get-wishlist': () => ok([]), 'POST /api/add-to-wishlist': expired });
    renderApp('/menu', { stub: false });
    await userEvent.click(await heart('Margherita'));
    expect(await screen.findByText('Authentication error')).toBeInTheDocument();
    expect(screen.getByText('Your session may have expired. Please log in again.')).toBeInTheDocument();
  });

  it('shows the add failure toast when the server fails', async () => {
    useAuthStore.getState().setSession('user-token', ada);
    stubApi({ ...menu, '/api/get-wishlist': () => ok([]), 'POST /api/add-to-wishlist': failed });
    renderApp('/menu', { stub: false });
    await userEvent.click(await heart('Margherita'));
    expect(await screen.findByText('Failed to add item to wishlist.')).toBeInTheDocument();
  });
});

describe('/favorites', () => {
  it('lists the items, removes one, clears all and shows the empty state', async () => {
    useAuthStore.getState().setSession('user-token', ada);
    let items: WishlistItem[] = [saved, { ...saved, id: 42, products: { ...saved.products, name: 'Diavola' } }];
    const fetch = stubApi({
      'POST /api/v2/cart': () => ok(null),
      '/api/get-wishlist': () => ok(items),
      'DELETE /api/wishlist/41': () => {
        items = items.filter((item) => item.id !== 41);
        return ok(null);
      },
      '/api/empty-wishlist': () => {
        items = [];
        return ok(null);
      },
    });
    renderApp('/favorites', { stub: false });
    const margheritaCard = await screen.findByRole('article', { name: 'Margherita' });
    expect(within(margheritaCard).getByText('$19.00')).toBeInTheDocument();
    // Add to cart goes through the menu's own cart call, as the signed-in user.
    await userEvent.click(within(margheritaCard).getByRole('button', { name: 'Add to cart: Margherita' }));
    await waitFor(() => {
      const post = fetch.mock.calls.find(
        ([url, init]) => String(url).endsWith('/api/v2/cart') && init?.method === 'POST',
      );
      expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
        restaurant_product_id: saved.restaurant_product_id,
        product_id: saved.product_id,
        quantity: 1,
      });
    });
    await userEvent.click(within(margheritaCard).getByRole('button', { name: 'Remove Margherita' }));
    expect(await screen.findByText('Removed from wishlist')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Margherita' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Wishlist cleared')).toBeInTheDocument();
    expect(await screen.findByText(/No favorites yet/)).toBeInTheDocument();
  });

  it('shows the failure toasts for remove and clear, and the expired-session toast', async () => {
    useAuthStore.getState().setSession('user-token', ada);
    stubApi({
      '/api/get-wishlist': () => ok([saved]),
      'DELETE /api/wishlist/41': failed,
      '/api/empty-wishlist': expired,
    });
    renderApp('/favorites', { stub: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Margherita' }));
    expect(await screen.findByText('Failed to remove item from wishlist.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Authentication error')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in, and calls nothing', async () => {
    const fetch = stubApi();
    renderApp('/favorites', { stub: false });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(calls(fetch, '/api/get-wishlist')).toHaveLength(0);
  });
});

describe('/favorites add to cart', () => {
  const cartPosts = (fetch: ReturnType<typeof stubApi>) =>
    fetch.mock.calls
      .filter(([url, init]) => String(url).endsWith('/api/v2/cart') && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
  const plain = {
    ...margherita,
    id: 9,
    product_id: 109,
    attributes: [],
    modifier_groups: [],
    products: { ...margherita.products, id: 109, name: 'Panna Cotta' },
  };
  const savedPlain: WishlistItem = {
    ...saved,
    id: 43,
    restaurant_product_id: 9,
    product_id: 109,
    products: { ...saved.products, name: 'Panna Cotta' },
  };

  it("a dish with a size opens the menu's product sheet, and its Add to cart sends the size", async () => {
    useAuthStore.getState().setSession('user-token', ada);
    const fetch = stubApi({ ...menu, '/api/get-wishlist': () => ok([saved]), 'POST /api/v2/cart': () => ok(null) });
    const user = userEvent.setup();
    renderApp('/favorites', { stub: false });
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Margherita' }));
    const sheet = await screen.findByRole('dialog', { name: 'Margherita' });
    expect(cartPosts(fetch)).toHaveLength(0);
    await user.click(within(sheet).getByRole('radio', { name: /Large/ }));
    await user.click(within(sheet).getByRole('button', { name: /^Add to cart/ }));
    await waitFor(() => expect(cartPosts(fetch)).toHaveLength(1));
    expect(cartPosts(fetch)[0]).toMatchObject({
      restaurant_product_id: margherita.id,
      configurations: [{ attribute_id: 51, attribute_value_id: 511, price_adjustment: 400 }],
    });
    expect(screen.queryByRole('dialog', { name: 'Margherita' })).not.toBeInTheDocument();
  });

  it('a dish without choices goes to the cart at once', async () => {
    useAuthStore.getState().setSession('user-token', ada);
    const fetch = stubApi({
      '/api/v2/restaurants/1/menu': () => ok({ ...menuFixture, products: [...menuFixture.products, plain] }),
      '/api/get-wishlist': () => ok([savedPlain]),
      'POST /api/v2/cart': () => ok(null),
    });
    const user = userEvent.setup();
    renderApp('/favorites', { stub: false });
    await user.click(await screen.findByRole('button', { name: 'Add to cart: Panna Cotta' }));
    await waitFor(() => expect(cartPosts(fetch)).toHaveLength(1));
    expect(cartPosts(fetch)[0]).toMatchObject({ restaurant_product_id: 9, product_id: 109, quantity: 1 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
