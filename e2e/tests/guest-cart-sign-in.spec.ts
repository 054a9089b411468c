import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });

/** A verified account of its own, so no other test's password change can get in the way. */
async function createAccount(request: APIRequestContext, email: string, password: string) {
  const signup = await request.post('/api/v2/auth/signup', {
    data: { tenant_id: 139, name: 'Gina Member', email, phone_no: '0412 555 010', password },
  });
  expect(signup.status()).toBe(202);
  const code = /\b(\d{6})\b/.exec((await latestMail(email)).text)?.[1];
  const verify = await request.post('/api/v2/auth/verify-code', {
    data: { tenant_id: 139, email, purpose: 'signup', code },
  });
  expect(verify.ok()).toBe(true);
}

test("a guest's cart survives signing in", async ({ page, request, pageErrors }) => {
  test.slow();
  const email = `cart-${Date.now()}@example.test`;
  const password = 'e2e-cart-password-1';
  await createAccount(request, email, password);

  await chooseRestaurant(page, request, 'Surry Hills', 'replaced');
  await page.goto('/menu');
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('guestToken'))).not.toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /Gina/ })).toBeVisible();

  // The guest identity is gone and the item is in the member's own cart.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guestToken'))).toBeNull();
  const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
  await expect(cartButton).toBeVisible();
  await cartButton.click();
  await expect(page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line')).toContainText('Margherita');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await request.get('/api/v2/auth/me', { headers: auth })).json();
  const cart = await (await request.get(`/api/v2/cart?user_id=${me.data.id}`, { headers: auth })).json();
  expect(cart.data.items).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});
