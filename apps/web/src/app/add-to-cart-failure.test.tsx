import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { menuFixture } from '@/features/menu/testing/menu-fixture';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { cartReply } from '@/testing/cart';
import { renderApp } from '@/testing/render';

const otherRestaurant = 'Your cart has items from another restaurant. Clear your cart to order from this one.';
const ordersPaused = "We're not accepting online orders at the moment.";

/** Adds a Margherita from the menu while POST /v2/cart answers `status` with `message`. */
async function addFailing(status: number, code: string, message: string) {
  stubApi({
    '/api/v2/restaurants/1/menu': () => ok(menuFixture),
    'POST /api/v2/auth/guest': () =>
      ok({ guest_token: 'guest-token', guest: { guest_id: 7654321, name: '', email: '', phone_no: '' } }),
    'GET /api/v2/cart': () => ok(cartReply([])),
    'POST /api/v2/cart': () => json(status, { data: null, error: { code, message } }),
  });
  renderApp('/menu', { stub: false });
  await userEvent.click(await screen.findByRole('button', { name: 'Add Margherita' }));
  const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
  await userEvent.click(within(dialog).getByRole('button', { name: /^Add to cart/ }));
  const title = await screen.findByText('Failed to add item');
  const toast = title.closest('[data-sonner-toast]') as HTMLElement;
  const description = toast.querySelector('[data-description]') as HTMLElement;
  return { toast, lines: [...description.children].map((line) => line.textContent), description };
}

afterEach(() => useAuthStore.getState().clearAuth());

describe("spec §8 add-to-cart failure toast: 'Failed to add item / There was an error adding this item to your cart.'", () => {
  it('keeps the spec words on a 409 and adds the reason (another restaurant) as a second line', async () => {
    const { lines, description } = await addFailing(409, 'conflict', otherRestaurant);
    expect(lines).toEqual(['There was an error adding this item to your cart.', otherRestaurant]);
    expect(description).toHaveTextContent(`There was an error adding this item to your cart.${otherRestaurant}`);
  });

  it('keeps the spec words on a 422 and adds the reason (ordering paused)', async () => {
    const { lines } = await addFailing(422, 'unprocessable', ordersPaused);
    expect(lines).toEqual(['There was an error adding this item to your cart.', ordersPaused]);
  });

  it('shows only the spec words on any other failure, never the server text', async () => {
    const { description } = await addFailing(500, 'internal', 'Something went wrong');
    expect(description).toHaveTextContent(/^There was an error adding this item to your cart\.$/);
  });
});
