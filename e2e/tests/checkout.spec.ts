/** Checkout journeys: guest delivery by card with live status, declined card, cash pickup and history, dine-in. */
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';

const expect = baseExpect.configure({ timeout: 15_000 });
const owner = { email: 'owner@bellanonna.example', password: 'BellaNonna-Owner-2026' };

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

/** Two regular Margheritas ($38.00: over the $30 free-delivery line) from the menu at `path`. */
async function addMargheritas(page: Page, path = '/menu') {
  await page.goto(path);
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  await dialog.getByRole('button', { name: /^Increase quantity/ }).click();
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
}

async function openCheckoutFromCart(page: Page) {
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
}

/** ASAP when the restaurant offers it, else the first time offered. */
async function chooseFirstTime(page: Page, label: 'Pickup time' | 'Delivery time') {
  const select = page.getByRole('combobox', { name: label });
  await expect(select.locator('option').nth(1)).toBeAttached();
  await expect(select).toBeEnabled();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await select.selectOption(values.includes('asap') ? 'asap' : (values[1] ?? ''));
}

async function fillGuest(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Name' }).fill('Gia Guest');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('0412 555 010');
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Gia Guest');
}

async function staffToken(request: APIRequestContext) {
  const res = await request.post('/api/v2/auth/login', { data: { tenant_id: 139, ...owner } });
  baseExpect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** A freshly signed-up, verified customer, signed in in the browser. */
async function signUp(page: Page, request: APIRequestContext) {
  const email = `e2e-checkout-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post('/api/v2/auth/signup', {
    data: { tenant_id: 139, name: 'Sam Signup', email, phone_no: '0412 345 678', password: 'e2e-password-1' },
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
  return { email, token };
}

function ordersFor(email: string): { status: string }[] {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select status from orders where customer_email = ?').all(email) as { status: string }[];
  } finally {
    db.close();
  }
}

test.describe('checkout', () => {
  test('a guest orders delivery with the test card and watches the status change live', async ({
    page,
    request,
    axeViolations,
    pageErrors,
  }) => {
    test.slow();
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await chooseFirstTime(page, 'Delivery time');
    await page.getByRole('textbox', { name: 'Street address' }).fill('12 Crown Street');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Surry Hills');
    await page.getByRole('textbox', { name: 'City' }).fill('Sydney');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2010');
    await page.getByRole('textbox', { name: 'Postcode' }).blur();
    await expect(page.getByTestId('delivery-charge')).toHaveText('Free delivery to this address');
    const email = `guest-${Date.now()}@example.com`;
    await fillGuest(page, email);
    await expect(page.getByTestId('summary-total')).toHaveText('$38.00');
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
    expect(await axeViolations()).toEqual([]);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/checkout\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('link', { name: 'Track your order' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\/\d+\?token=/);
    const orderId = Number(/order-confirmation\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByTestId('order-status')).toHaveText('Order placed');
    await expect(page.getByTestId('order-line')).toContainText('2 × Margherita');
    await expect(page.getByTestId('order-total')).toHaveText('$38.00');
    expect(await axeViolations()).toEqual([]);

    // The kitchen accepts it: the open page follows without a reload.
    const token = await staffToken(request);
    const move = await request.patch(`/api/v2/admin/orders/${orderId}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'accepted', prep_minutes: 20 },
    });
    baseExpect(move.status()).toBe(200);
    await expect(page.getByTestId('order-status')).toHaveText('Accepted by the restaurant');
    await request.patch(`/api/v2/admin/orders/${orderId}/status`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'preparing' },
    });
    await expect(page.getByTestId('order-status')).toHaveText('Being prepared');
    await expect(page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]')).toContainText(
      'Being prepared',
    );
    expect(pageErrors).toEqual([]);
  });

  test('a declined card shows why and places no order', async ({ page, request }) => {
    test.slow();
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await chooseFirstTime(page, 'Pickup time');
    const email = `declined-${Date.now()}@example.com`;
    await fillGuest(page, email);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    expect(ordersFor(email).filter((o) => o.status !== 'pending_payment')).toEqual([]);
  });

  test('a new customer orders pickup with cash, then delivery by card, and finds both in the order history', async ({
    page,
    request,
    axeViolations,
  }) => {
    test.slow();
    await signUp(page, request);
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await expect(page.getByTestId('contact-profile')).toContainText('Sam Signup');
    await chooseFirstTime(page, 'Pickup time');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success$/);
    const first = (await page.getByTestId('order-number').textContent())?.replace('#', '') ?? '';
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Order placed');
    await expect(page.getByText('Pay at the counter')).toBeVisible();

    // A second order, delivered and paid by card.
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await chooseFirstTime(page, 'Delivery time');
    await page.getByRole('textbox', { name: 'Street address' }).fill('7 Bourke Street');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Surry Hills');
    await page.getByRole('textbox', { name: 'City' }).fill('Sydney');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2010');
    await page.getByRole('textbox', { name: 'Postcode' }).blur();
    await expect(page.getByTestId('delivery-charge')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success$/);
    const second = (await page.getByTestId('order-number').textContent())?.replace('#', '') ?? '';

    await page.goto('/order-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Order #${second}`);
    await expect(rows.nth(0)).toContainText('Delivery');
    await expect(rows.nth(1)).toContainText(`Order #${first}`);
    await expect(rows.nth(1)).toContainText('Pickup');
    await expect(rows.nth(1)).toContainText('Order placed · $38.00');
    expect(await axeViolations()).toEqual([]);
    await rows
      .nth(1)
      .getByRole('button', { name: `Reorder order #${first}` })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toContainText('Margherita');
  });

  test('a dine-in order from the table QR link', async ({ page, request, axeViolations }) => {
    test.slow();
    // The seeded dining room takes orders from 11:00 (12:00 on Sundays) to 21:00 (22:00 Fri/Sat) in Sydney.
    const [day, hour] = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Sydney',
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .filter((p) => p.type === 'weekday' || p.type === 'hour')
      .map((p) => p.value);
    const opens = day === 'Sun' ? 12 : 11;
    const closes = day === 'Fri' || day === 'Sat' ? 22 : 21;
    test.skip(Number(hour) < opens || Number(hour) >= closes - 1, 'the dining room is closed now (Sydney time)');
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page, '/dine-in-menu?table=T7');
    await openCheckoutFromCart(page);
    await expect(page).toHaveURL(/\/dine-in-menu\/checkout$/);
    await expect(page.getByTestId('table-id')).toHaveText('Ordering for table T7');
    await expect(page.getByRole('combobox', { name: /time/ })).toHaveCount(0);
    await fillGuest(page, `table-${Date.now()}@example.com`);
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/dine-in-menu\/checkout\/payment$/);
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dine-in\/order\/confirmation\/\d+/);
    await expect(page.getByTestId('order-status')).toHaveText('Order placed');
    await expect(page.getByText('Dine-in')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^T7$/ })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});
