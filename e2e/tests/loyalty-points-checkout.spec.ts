/** Issue 9: a signed-in customer earns points when an order is completed and redeems them on the next one. */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';

const expect = baseExpect.configure({ timeout: 15_000 });
const owner = { email: 'owner@bellanonna.example', password: 'BellaNonna-Owner-2026' };
const dollars = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function chooseRestaurant(page: Page, request: APIRequestContext, name: string) {
  const res = await request.post('/api/restaurants-with-images', { data: { tenant_id: 139, status: 1 } });
  const { data } = (await res.json()) as { data: { restaurant: { name: string } }[] };
  const entry = data.find((e) => e.restaurant.name.endsWith(name));
  if (!entry) throw new Error(`no active restaurant named ${name}`);
  const stored = JSON.stringify({ state: { selectedRestaurant: entry }, version: 0 });
  await page.addInitScript((value) => {
    if (!localStorage.getItem('restaurantStore')) localStorage.setItem('restaurantStore', value);
  }, stored);
}

/** A freshly signed-up, verified customer, signed in in the browser. */
async function signUp(page: Page, request: APIRequestContext) {
  const email = `e2e-points-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post('/api/v2/auth/signup', {
    data: { tenant_id: 139, name: 'Pia Points', email, phone_no: '0412 345 678', password: 'e2e-password-1' },
  });
  baseExpect(signup.ok()).toBe(true);
  const code = /\b(\d{6})\b/.exec((await latestMail(email)).text)?.[1] ?? '';
  const verify = await request.post('/api/v2/auth/verify-code', {
    data: { tenant_id: 139, email, purpose: 'signup', code },
  });
  baseExpect(verify.ok()).toBe(true);
  const { token, user } = ((await verify.json()) as { data: { token: string; user: unknown } }).data;
  await page.addInitScript(
    ([t, u]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', u as string);
      }
    },
    [token, JSON.stringify(user)],
  );
}

/** `count` regular Margheritas from the menu, then on to checkout. */
async function orderMargheritas(page: Page, count: number) {
  await page.goto('/menu');
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  for (let i = 1; i < count; i++) await dialog.getByRole('button', { name: /^Increase quantity/ }).click();
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await page.getByRole('button', { name: `Cart, ${count} items` }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Pickup time' });
  await expect(select.locator('option').nth(1)).toBeAttached();
  await expect(select).toBeEnabled();
  const values = await select.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  await select.selectOption(values.includes('asap') ? 'asap' : (values[1] ?? ''));
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
  const login = await request.post('/api/v2/auth/login', { data: { tenant_id: 139, ...owner } });
  baseExpect(login.status()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  for (const status of ['accepted', 'preparing', 'ready', 'completed']) {
    const move = await request.patch(`/api/v2/admin/orders/${orderId}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: status === 'accepted' ? { status, prep_minutes: 20 } : { status },
    });
    baseExpect(move.status(), `moving order ${orderId} to ${status}`).toBe(200);
  }
}

test('a signed-in customer earns points on a completed order and redeems them on the next', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  test.slow();
  await signUp(page, request);
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
