import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant, restaurantNamed } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });

/** The cart as the server prices it for the browser's guest. */
async function serverCart(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('guestToken'));
  const res = await request.get('/api/v2/cart', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as { items: { quantity: number; item_total: number }[]; total: number };
}

test('add a half-and-half pizza from /menu, change its quantity, and see the server’s totals', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  test.slow();
  await chooseRestaurant(page, request, 'Surry Hills', 'replaced');
  await page.goto('/menu');
  const margherita = page.getByRole('article', { name: 'Margherita' });
  await margherita.getByRole('button', { name: 'Add Margherita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('checkbox', { name: 'Extra cheese' }).check();
  await dialog.getByRole('checkbox', { name: 'Make it half-and-half' }).check();
  await dialog.getByRole('combobox', { name: 'Second half' }).selectOption({ label: 'Diavola ($22.00)' });
  await dialog
    .getByRole('group', { name: /Extra toppings on Diavola/ })
    .getByRole('checkbox', { name: 'Olives' })
    .check();
  const add = dialog.getByRole('button', { name: /^Add to cart/ });
  await expect(add).toHaveText('Add to cart · $31.00');
  await add.click();

  // Nobody was signed in: a guest identity was made, and the header counts the item.
  const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
  await expect(cartButton).toBeVisible();
  await cartButton.click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  const line = drawer.getByTestId('cart-line');
  await expect(line).toContainText('Margherita');
  await expect(line).toContainText('Second half: Diavola with Olives');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$31.00');
  expect(await axeViolations()).toEqual([]);

  await drawer.getByRole('button', { name: 'Increase quantity of Margherita' }).click();
  await expect(drawer.getByLabel('Quantity of Margherita', { exact: true })).toHaveText('2');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$62.00');
  await expect.poll(async () => (await serverCart(page, request)).total).toBe(6200);
  expect((await serverCart(page, request)).items.map((i) => i.quantity)).toEqual([2]);

  // Decreasing twice: back to 1, then removed.
  await drawer.getByRole('button', { name: 'Decrease quantity of Margherita' }).click();
  await expect(drawer.getByTestId('cart-total')).toHaveText('$31.00');
  await expect.poll(async () => (await serverCart(page, request)).total).toBe(3100);
  await drawer.getByRole('button', { name: 'Decrease quantity of Margherita' }).click();
  await expect(drawer.getByText('Your cart is empty.')).toBeVisible();
  await expect(page.getByText('Removed from cart')).toBeVisible();
  await expect.poll(async () => (await serverCart(page, request)).items.length).toBe(0);
  expect(pageErrors).toEqual([]);
});

/** A guest whose server cart holds one line from the restaurant named `name` (made through the API). */
async function guestWithCartAt(request: APIRequestContext, name: string) {
  const res = await request.post('/api/v2/auth/guest', { data: { tenant_id: 139 } });
  const { guest_token: token, guest } = (await res.json()).data;
  const restaurant = await restaurantNamed(request, name);
  const menu = (await (await request.get(`/api/v2/restaurants/${restaurant.restaurant.id}/menu`)).json()).data;
  const product = menu.products.find((p: { products: { name: string } }) => p.products.name === 'Margherita');
  const added = await request.post('/api/v2/cart', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      restaurant_id: restaurant.restaurant.id,
      restaurant_product_id: product.id,
      product_id: product.product_id,
      quantity: 1,
      is_half_and_half: false,
      notes: '',
      modifiers: [],
      configurations: product.attributes.map((a: { id: number; values: { id: number; is_default: boolean }[] }) => ({
        attribute_id: a.id,
        attribute_value_id: (a.values.find((v) => v.is_default) ?? a.values[0])?.id,
        price_adjustment: 0,
      })),
    },
  });
  expect(added.status()).toBe(201);
  return { token: token as string, guestUser: { guestId: guest.guest_id, name: '', email: '', phone_no: '' } };
}

test("an add refused by the server keeps spec §8's words and adds the reason (a cart from another restaurant)", async ({
  page,
  request,
}) => {
  test.slow();
  // The guest's cart is Surry Hills'; the guest now browses Parramatta: the server answers 409.
  const guest = await guestWithCartAt(request, 'Surry Hills');
  await page.addInitScript(({ token, guestUser }) => {
    localStorage.setItem('guestToken', token);
    localStorage.setItem('guestUser', JSON.stringify(guestUser));
  }, guest);
  await chooseRestaurant(page, request, 'Parramatta', 'replaced');
  await page.goto('/menu');
  await page.getByRole('button', { name: 'Add Margherita' }).click();
  await page
    .getByRole('dialog', { name: 'Margherita' })
    .getByRole('button', { name: /^Add to cart/ })
    .click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to add item' });
  await expect(toast.locator('[data-description] > span')).toHaveText([
    'There was an error adding this item to your cart.',
    'Your cart has items from another restaurant. Clear your cart to order from this one.',
  ]);
  expect((await serverCart(page, request)).items).toHaveLength(1);
});
