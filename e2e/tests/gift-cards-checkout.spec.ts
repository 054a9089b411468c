/** Buy a gift card with the sandbox card, receive its code by mail, and pay part of an order with it. */
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';

const expect = baseExpect.configure({ timeout: 15_000 });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

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

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Gia Guest');
}

function orderOf(email: string) {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select status, payment_status, gift_card_cents, amount_due_cents from orders where customer_email = ?')
      .get(email) as
      | { status: string; payment_status: string; gift_card_cents: number; amount_due_cents: number }
      | undefined;
  } finally {
    db.close();
  }
}

test('a gift card bought with the test card pays part of an order; the card pays the rest', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  test.slow();
  await chooseRestaurant(page, request, 'Surry Hills');
  const recipient = `gift-${unique()}@example.com`;
  await page.goto('/gift-cards');
  await page.getByRole('radio', { name: '$25.00' }).check();
  await page.getByLabel('Recipient’s name').fill('Gia Guest');
  await page.getByLabel('Recipient’s email').fill(recipient);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Your email (for the receipt)').fill(`buyer-${unique()}@example.com`);
  await page.getByRole('button', { name: /Continue to payment/ }).click();
  await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
  expect(await axeViolations()).toEqual([]);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Thank you! Your gift card is paid.')).toBeVisible();

  const code = (await latestMail(recipient)).text.match(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/)?.[0] ?? '';
  expect(code).not.toBe('');

  await page.goto('/menu');
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  await dialog.getByRole('button', { name: /^Increase quantity/ }).click();
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
  const select = page.getByRole('combobox', { name: 'Pickup time' });
  await expect(select.locator('option').nth(1)).toBeAttached();
  const values = await select.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  await select.selectOption(values.includes('asap') ? 'asap' : (values[1] ?? ''));
  const email = `gift-order-${unique()}@example.com`;
  await page.getByRole('textbox', { name: 'Name' }).fill('Gia Guest');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill('0412 555 010');
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Gift card ending .{4}: pays \$25\.00/)).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  expect(orderOf(email)).toEqual({
    status: 'placed',
    payment_status: 'paid',
    gift_card_cents: 2500,
    amount_due_cents: 1300,
  });
  expect(pageErrors).toEqual([]);
});
