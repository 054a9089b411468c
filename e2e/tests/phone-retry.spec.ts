/** On a phone, a 4xx answer is shown after one round trip: it is never retried. */
import type { Page } from '@playwright/test';
import { addMargheritas } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant, withRestaurantChosen } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Counts the calls matching `test`, and when the first answer came. */
function watchCalls(page: Page, test: (url: URL) => boolean) {
  const seen = { calls: 0, firstAnswerAt: 0 };
  page.on('request', (req) => {
    if (test(new URL(req.url()))) seen.calls++;
  });
  page.on('response', (res) => {
    if (test(new URL(res.url())) && !seen.firstAnswerAt) seen.firstAnswerAt = Date.now();
  });
  return seen;
}

test('a refused coupon says why after one call', async ({ page, request }) => {
  test.slow(); // the first load on a busy shared machine
  await chooseRestaurant(page, request, 'Surry Hills', 'replaced');
  await addMargheritas(page, 1);
  const coupon = watchCalls(page, (url) => url.pathname === '/api/v2/cart' && url.searchParams.has('coupon_code'));
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.getByLabel('Coupon code').fill('spring25');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('This coupon has expired.');
  const shownAt = Date.now();
  expect(shownAt - coupon.firstAnswerAt).toBeLessThan(2000);
  // A retry would follow within a second: none comes.
  await page.waitForTimeout(1500);
  expect(coupon.calls).toBe(1);
});

test("an unknown order says so after one call instead of 'Loading your order…'", async ({ page, request }) => {
  test.slow(); // the first load on a busy shared machine
  await withRestaurantChosen(page, request);
  const order = watchCalls(page, (url) => url.pathname === '/api/v2/orders/987654321');
  await page.goto('/order-confirmation/987654321');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  expect(Date.now() - order.firstAnswerAt).toBeLessThan(2000);
  await page.waitForTimeout(1500);
  expect(order.calls).toBe(1);
});
