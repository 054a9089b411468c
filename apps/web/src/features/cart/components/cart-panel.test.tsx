import type { CartItem } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { cartReply, productLine } from '@/testing/cart';
import { renderApp } from '@/testing/render';

const line = productLine;
const cartOf = (items: CartItem[]) => cartReply(items);

/** A server holding a cart: GET answers it, PUT and DELETE change it (or fail when told to). */
function server(initial: CartItem[], fail: { put?: boolean; delete?: boolean } = {}) {
  let items = initial;
  const requests: string[] = [];
  let releasePut: (() => void) | null = null;
  const fetch = stubApi({
    'GET /api/v2/cart': (url) => {
      requests.push(`GET ${url.search}`);
      return ok(cartOf(items));
    },
    'PUT /api/cart/update-cart': async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { cart_id: number; quantity: number };
      requests.push(`PUT ${body.cart_id} ${body.quantity}`);
      await new Promise<void>((resolve) => {
        releasePut = resolve;
      });
      if (fail.put) return json(500, { data: null, error: { code: 'internal', message: 'boom' } });
      items = items.map((i) =>
        i.id === body.cart_id
          ? {
              ...i,
              quantity: body.quantity,
              item_total: i.unit_price * body.quantity,
              discounted_item_total: i.unit_price * body.quantity,
            }
          : i,
      );
      return ok(body);
    },
  });
  const base = fetch.getMockImplementation();
  fetch.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const match = /^\/api\/v2\/cart\/(\d+)$/.exec(url.pathname);
    if (init?.method === 'DELETE' && match) {
      requests.push(`DELETE ${match[1]}`);
      if (fail.delete) return json(500, { data: null, error: { code: 'internal', message: 'boom' } });
      items = items.filter((i) => i.id !== Number(match[1]));
      return ok({ id: Number(match[1]) });
    }
    return (base as NonNullable<typeof base>)(input, init);
  });
  return { requests, release: () => releasePut?.() };
}

describe('cart page', () => {
  beforeEach(() => {
    useAuthStore.getState().setGuest('guest-token-aaaaaaaaaaaaaaaaaaaa', {
      guestId: 1234567,
      name: '',
      email: '',
      phone_no: '',
    });
  });
  afterEach(() => useAuthStore.getState().clearAuth());

  it('fetches the cart by guest id and changes a quantity at once, then syncs and refetches', async () => {
    const api = server([line(1, 'Margherita', 1, 2000)]);
    renderApp('/cart', { stub: false });
    const items = await screen.findByRole('list', { name: 'Cart items' });
    expect(api.requests[0]).toBe('GET ?guest_id=1234567');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$20.00');
    await userEvent.click(within(items).getByRole('button', { name: 'Increase quantity of Margherita' }));
    // Applied locally before the server answers.
    expect(within(items).getByLabelText('Quantity of Margherita')).toHaveTextContent('2');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$40.00');
    expect(api.requests).toContain('PUT 1 2');
    api.release();
    await waitFor(() => expect(api.requests.filter((r) => r.startsWith('GET')).length).toBeGreaterThan(1));
    expect(within(items).getByLabelText('Quantity of Margherita')).toHaveTextContent('2');
  });

  it('rolls back a failed change, refetches and says so', async () => {
    const api = server([line(1, 'Margherita', 2, 2000)], { put: true });
    renderApp('/cart', { stub: false });
    const items = await screen.findByRole('list', { name: 'Cart items' });
    await userEvent.click(within(items).getByRole('button', { name: 'Increase quantity of Margherita' }));
    expect(within(items).getByLabelText('Quantity of Margherita')).toHaveTextContent('3');
    api.release();
    expect(await screen.findByText('Failed to update quantity.')).toBeInTheDocument();
    await waitFor(() => expect(within(items).getByLabelText('Quantity of Margherita')).toHaveTextContent('2'));
    await waitFor(() => expect(api.requests.filter((r) => r.startsWith('GET')).length).toBeGreaterThan(1));
  });

  it('removes the item when decreasing at 1', async () => {
    const api = server([line(1, 'Margherita', 1, 2000), line(2, 'Tiramisu', 1, 900)]);
    renderApp('/cart', { stub: false });
    const items = await screen.findByRole('list', { name: 'Cart items' });
    await userEvent.click(within(items).getByRole('button', { name: 'Decrease quantity of Margherita' }));
    expect(within(items).queryByText('Margherita')).not.toBeInTheDocument();
    expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
    expect(api.requests).toContain('DELETE 1');
    expect(api.requests.some((r) => r.startsWith('PUT'))).toBe(false);
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$9.00'));
  });

  it('puts a line back when its removal fails', async () => {
    server([line(1, 'Margherita', 1, 2000)], { delete: true });
    renderApp('/cart', { stub: false });
    const items = await screen.findByRole('list', { name: 'Cart items' });
    await userEvent.click(within(items).getByRole('button', { name: 'Remove Margherita' }));
    expect(await screen.findByText('Failed to remove item from cart.')).toBeInTheDocument();
    expect(await screen.findByText('Margherita')).toBeInTheDocument();
  });

  it("shows the server's coupon error and keeps an applied code for later fetches", async () => {
    const requests: string[] = [];
    stubApi({
      'GET /api/v2/cart': (url) => {
        requests.push(url.search);
        const code = url.searchParams.get('coupon_code');
        if (code === 'NOPE')
          return json(400, { data: null, error: { code: 'bad_request', message: 'Invalid coupon code' } });
        return ok(cartOf([line(1, 'Margherita', 1, 2000)]));
      },
    });
    renderApp('/cart', { stub: false });
    const field = await screen.findByLabelText('Coupon code');
    await userEvent.type(field, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid coupon code');
    await userEvent.clear(field);
    await userEvent.type(field, 'SAVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SAVE10')).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)).toBe('?guest_id=1234567&coupon_code=SAVE10'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon' }));
    await waitFor(() => expect(requests.at(-1)).toBe('?guest_id=1234567'));
  });

  it('lists each discount with its reason next to the totals', async () => {
    stubApi({
      'GET /api/v2/cart': () =>
        ok(
          cartReply([line(1, 'Margherita', 1, 3000), line(2, 'Coca-Cola', 3, 500)], {
            total: 3700,
            totals: { subtotal: 4500, discount: 800, tax: 336, delivery: 0, surcharge: 0, total: 3700, item_count: 4 },
            adjustments: [
              { reason: 'buy_x_get_y', code: null, label: 'Buy 2 drinks, get 1 free', amount: -500 },
              { reason: 'coupon', code: 'PIZZA10', label: 'PIZZA10: 10% off', amount: -300 },
            ],
          }),
        ),
    });
    renderApp('/cart', { stub: false });
    const rows = await screen.findAllByTestId('cart-adjustment');
    expect(rows.map((r) => r.textContent)).toEqual(['Buy 2 drinks, get 1 free−$5.00', 'PIZZA10: 10% off−$3.00']);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$45.00');
    expect(screen.getByTestId('cart-tax')).toHaveTextContent('$3.36');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$37.00');
  });

  it('says why a kept code stopped holding and lets the customer remove it', async () => {
    const requests: string[] = [];
    let applied = 0;
    stubApi({
      'GET /api/v2/cart': (url) => {
        requests.push(url.search);
        if (url.searchParams.get('coupon_code') === 'SAVE10' && applied++ > 0) {
          return json(400, {
            data: null,
            error: { code: 'bad_request', message: 'Spend at least $30.00 to use this coupon.' },
          });
        }
        return ok(cartOf([line(1, 'Margherita', 2, 2000)]));
      },
    });
    renderApp('/cart', { stub: false });
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'SAVE10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Coupon SAVE10: Spend at least $30.00 to use this coupon.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(await screen.findByText('Margherita')).toBeInTheDocument();
    expect(requests.at(-1)).toBe('?guest_id=1234567');
  });
});
