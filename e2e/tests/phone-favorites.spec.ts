/** On a phone, a favourite with choices opens the menu's product sheet; one without is added at once. */
import { signUpCustomer } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant, restaurantNamed } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** What this test reads of a menu product (the contract's menu product). */
interface MenuProduct {
  id: number;
  product_id: number;
  is_available: boolean;
  products: { name: string };
  attributes: unknown[];
  modifier_groups: { min_select: number }[];
}

const hasChoices = (p: MenuProduct) => p.attributes.length > 0 || p.modifier_groups.some((g) => g.min_select > 0);

test('a pizza from favourites asks for its size in the product sheet; a dessert goes straight in', async ({
  page,
  request,
  axeViolations,
}) => {
  test.slow();
  const { token } = await signUpCustomer(page, request, { name: 'Fay Favourite', emailPrefix: 'phone-favorites' });
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/v2/auth/me', { headers })).json()).data as { id: number };
  const { restaurant } = await restaurantNamed(request, 'Surry Hills');
  const menu = (await (await request.get(`/api/v2/restaurants/${restaurant.id}/menu?channel=online`)).json()).data as {
    products: MenuProduct[];
  };
  const pizza = menu.products.find((p) => p.products.name === 'Margherita');
  const plain = menu.products.find((p) => p.is_available && !hasChoices(p));
  if (!pizza || !plain) throw new Error('the demo menu has no Margherita or no product without choices');
  expect(hasChoices(pizza)).toBe(true);
  for (const p of [pizza, plain]) {
    const res = await request.post('/api/add-to-wishlist', {
      headers,
      data: { product_id: p.product_id, restaurant_product_id: p.id, user_id: me.id },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }

  await chooseRestaurant(page, request, 'Surry Hills');
  await page.goto('/favorites');
  await page.getByRole('button', { name: 'Add to cart: Margherita' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Margherita' });
  await expect(sheet.getByRole('group', { name: 'Size' })).toBeVisible();
  await sheet.getByRole('radio', { name: /Large/ }).check();
  expect(await axeViolations()).toEqual([]);
  await sheet.getByRole('button', { name: /^Add to cart/ }).tap();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  await page.getByRole('button', { name: `Add to cart: ${plain.products.name}` }).tap();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const cart = (await (await request.get('/api/v2/cart', { headers })).json()).data as {
    items: { restaurant_products: { id: number } }[];
  };
  expect(cart.items.map((i) => i.restaurant_products.id).sort()).toEqual([pizza.id, plain.id].sort());
});
