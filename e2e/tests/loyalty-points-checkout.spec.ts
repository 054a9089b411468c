/** Loyalty points (decision 018): a signed-in customer earns points when an order is completed and redeems them on the next one. */
import type { APIRequestContext, Page } from '@playwright/test';
import {
  addMargheritas,
  chooseFirstTime,
  moveOrder,
  openCheckoutFromCart,
  ownerToken,
  signUpCustomer,
} from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });
const dollars = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** `count` regular Margheritas from the menu, then on to checkout. */
async function orderMargheritas(page: Page, count: number) {
  await addMargheritas(page, count);
  await openCheckoutFromCart(page, count);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await chooseFirstTime(page, 'Pickup time');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment$/);
}

/** Places the order at the counter and opens its confirmation; returns its id. */
async function placeCashOrder(page: Page) {
  await page.getByRole('radio', { name: 'Pay at the counter' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  await page.getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/\d+/);
  await expect(page.getByTestId('order-status')).toHaveText('Order placed');
  return Number(/order-confirmation\/(\d+)/.exec(page.url())?.[1]);
}

async function complete(request: APIRequestContext, orderId: number) {
  const token = await ownerToken(request);
  for (const status of ['accepted', 'preparing', 'ready', 'completed'])
    await moveOrder(request, token, orderId, status);
}

test('a signed-in customer earns points on a completed order and redeems them on the next', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  test.slow();
  await signUpCustomer(page, request, { name: 'Pia Points', emailPrefix: 'e2e-points' });
  await chooseRestaurant(page, request, 'Surry Hills');

  // Six Margheritas: over $100, so at 1 point per dollar the order earns more than the 100 minimum.
  await orderMargheritas(page, 6);
  await expect(page.getByText('You have 0 points. Redeem from 100 points.')).toBeVisible();
  const firstId = await placeCashOrder(page);
  const firstTotal = dollars(await page.getByTestId('order-total').textContent());
  expect(firstTotal).toBeGreaterThanOrEqual(10_000);
  const earned = Math.floor(firstTotal / 100);

  await complete(request, firstId);
  await expect(page.getByTestId('order-status')).toHaveText('Completed');

  await page.goto('/loyalty-points');
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty points' })).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText(`${earned} points`);
  const worth = Math.floor((earned * 500) / 100);
  await expect(page.getByText(`Worth $${(worth / 100).toFixed(2)}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Earned' })).toContainText(`+${earned}`);
  expect(await axeViolations()).toEqual([]);

  // The next order ($38.00) takes all the points: worth less than its total.
  await orderMargheritas(page, 2);
  const use = page.getByRole('checkbox', {
    name: `Use ${earned} of your ${earned} points (−$${(worth / 100).toFixed(2)})`,
  });
  await use.check();
  await expect(use).toBeChecked();
  expect(await axeViolations()).toEqual([]);
  await placeCashOrder(page);
  await expect(page.getByRole('definition').filter({ hasText: `−$${(worth / 100).toFixed(2)}` })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Loyalty points' })).toBeVisible();
  // The total is the rows above it less the points: subtotal (+ any cash surcharge) − points.
  const row = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  const subtotal = dollars(await row('Subtotal').textContent());
  expect(subtotal).toBe(3800);
  const surcharge = (await row('Cash surcharge').count()) ? dollars(await row('Cash surcharge').textContent()) : 0;
  await expect(page.getByTestId('order-total')).toHaveText(`$${((subtotal + surcharge - worth) / 100).toFixed(2)}`);

  await page.goto('/loyalty-points');
  await expect(page.getByTestId('points-balance')).toHaveText('0 points');
  await expect(page.getByRole('row').filter({ hasText: 'Redeemed' })).toContainText(`-${earned}`);
  expect(pageErrors).toEqual([]);
});
