import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });

const money = (cents: number) =>
  new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format(cents / 100);

interface ServerCart {
  items: { quantity: number; item_total: number; discounted_item_total: number }[];
  total: number;
  totals: { subtotal: number; tax: number; discount: number };
  adjustments: { label: string; amount: number }[];
}

/** The cart as the server prices it for the browser's guest (with the code, when one is applied). */
async function serverCart(page: Page, request: APIRequestContext, code?: string): Promise<ServerCart> {
  const token = await page.evaluate(() => localStorage.getItem('guestToken'));
  const res = await request.get(`/api/v2/cart${code ? `?coupon_code=${code}` : ''}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** Every figure the drawer shows is the server's: line totals, subtotal, each discount, tax, total. */
async function expectDrawerShows(drawer: Locator, cart: ServerCart) {
  await expect(drawer.getByTestId('cart-total')).toHaveText(money(cart.total));
  await expect(drawer.getByTestId('line-total')).toHaveText(
    cart.items.map(
      (i) => `${i.discounted_item_total !== i.item_total ? money(i.item_total) : ''}${money(i.discounted_item_total)}`,
    ),
  );
  await expect(drawer.getByTestId('cart-subtotal')).toHaveText(money(cart.totals.subtotal));
  await expect(drawer.getByTestId('cart-adjustment')).toHaveText(
    cart.adjustments.filter((a) => a.amount < 0).map((a) => `${a.label}−${money(-a.amount)}`),
  );
  await expect(drawer.getByTestId('cart-tax')).toHaveText(money(cart.totals.tax));
}

test('a half-and-half pizza and a deal, quantities changed, a coupon applied and removed: every total is the server’s', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  test.slow();
  await chooseRestaurant(page, request, 'Surry Hills', 'replaced');

  // A large Margherita with extra cheese, half Diavola with olives.
  await page.goto('/menu');
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).click();
  const pizza = page.getByRole('dialog', { name: 'Margherita' });
  await pizza.getByRole('radio', { name: /Large/ }).check();
  await pizza.getByRole('checkbox', { name: 'Extra cheese' }).check();
  await pizza.getByRole('checkbox', { name: 'Make it half-and-half' }).check();
  await pizza.getByRole('combobox', { name: 'Second half' }).selectOption({ label: 'Diavola ($22.00)' });
  await pizza
    .getByRole('group', { name: /Extra toppings on Diavola/ })
    .getByRole('checkbox', { name: 'Olives' })
    .check();
  await pizza.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  // A deal with its three choices.
  await page.goto('/deals');
  await page.getByRole('button', { name: 'Choose 2 Large Pizzas + Drink' }).click();
  const deal = page.getByRole('dialog', { name: '2 Large Pizzas + Drink' });
  await deal.getByRole('combobox', { name: 'Large pizza 1' }).selectOption({ label: 'Margherita' });
  await deal.getByRole('combobox', { name: 'Large pizza 2' }).selectOption({ label: 'Gamberi (+$3.00)' });
  await deal.getByRole('combobox', { name: 'Drink' }).selectOption({ label: 'Chinotto' });
  await deal.getByRole('button', { name: 'Add to cart · $53.90' }).click();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();

  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  await expect(drawer.getByTestId('cart-line').nth(1)).toContainText('Large pizza: Gamberi');
  await expect(drawer.getByTestId('cart-total')).toHaveText('$84.90');
  await expectDrawerShows(drawer, await serverCart(page, request));

  // Two of the pizza.
  await drawer.getByRole('button', { name: 'Increase quantity of Margherita' }).click();
  await expect.poll(async () => (await serverCart(page, request)).total).toBe(11_590);
  await expectDrawerShows(drawer, await serverCart(page, request));

  // An expired code is refused with its reason; SAVE10 applies to both lines.
  const field = drawer.getByLabel('Coupon code');
  await field.fill('spring25');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('This coupon has expired.');
  await field.fill('save10');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByText('Coupon save10 applied')).toBeVisible();
  const discounted = await serverCart(page, request, 'save10');
  expect(discounted.totals.discount).toBe(620 + 539); // 10% of $62.00 and of $53.90, rounded per line
  expect(discounted.total).toBe(11_590 - 1159);
  await expectDrawerShows(drawer, discounted);
  expect(await axeViolations()).toEqual([]);

  // The code is kept: a quantity change is re-priced with it.
  await drawer.getByRole('button', { name: 'Decrease quantity of Margherita' }).click();
  await expect.poll(async () => (await serverCart(page, request, 'save10')).items[0]?.quantity).toBe(1);
  await expectDrawerShows(drawer, await serverCart(page, request, 'save10'));

  // Removed: the totals are the plain ones again.
  await drawer.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(drawer.getByLabel('Coupon code')).toBeVisible();
  const plain = await serverCart(page, request);
  expect(plain.total).toBe(8490);
  await expectDrawerShows(drawer, plain);

  // The refused code's 400 is the only error the browser logged.
  expect(pageErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});
