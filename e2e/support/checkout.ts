/** Steps of the storefront's ordering journeys, shared by the checkout specs. */
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect as baseExpect } from './fixtures';
import { latestMail } from './outbox';
import { restaurantNamed } from './restaurants';

// The menu's and checkout's chunks and data on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The demo business's owner (seeded). */
export const owner = { email: 'owner@bellanonna.example', password: 'BellaNonna-Owner-2026' };

const cartLabel = (count: number) => (count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`);

/** `count` regular Margheritas (two: $38.00, over the $30 free-delivery line) from the menu at `path`. */
export async function addMargheritas(page: Page, count = 2, path = '/menu') {
  await page.goto(path);
  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).click();
  const dialog = page.getByRole('dialog', { name: 'Margherita' });
  for (let i = 1; i < count; i++) await dialog.getByRole('button', { name: /^Increase quantity/ }).click();
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(page.getByRole('button', { name: cartLabel(count) })).toBeVisible();
}

/** From the header's cart drawer (holding `count` items) to the checkout page. */
export async function openCheckoutFromCart(page: Page, count = 2) {
  await page.getByRole('button', { name: cartLabel(count) }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
}

/** ASAP when the restaurant offers it, else the first time offered. */
export async function chooseFirstTime(page: Page, label: 'Pickup time' | 'Delivery time') {
  const select = page.getByRole('combobox', { name: label });
  await expect(select.locator('option').nth(1)).toBeAttached();
  await expect(select).toBeEnabled();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await select.selectOption(values.includes('asap') ? 'asap' : (values[1] ?? ''));
}

/** A guest's contact details on the checkout page. */
export async function fillGuest(page: Page, email: string, guest = { name: 'Gia Guest', phone: '0412 555 010' }) {
  await page.getByRole('textbox', { name: 'Name' }).fill(guest.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(guest.phone);
}

/** The sandbox card form: `number` decides the outcome (4242… pays, 4000 0000 0000 0002 is declined). */
export async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Gia Guest');
}

/**
 * A freshly signed-up, verified customer of the demo business, signed in in the browser.
 * `emailPrefix` names the spec in the address, for reading a failed run's database.
 */
export async function signUpCustomer(
  page: Page,
  request: APIRequestContext,
  customer: { name: string; emailPrefix: string },
) {
  const email = `${customer.emailPrefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signup = await request.post('/api/v2/auth/signup', {
    data: { tenant_id: 139, name: customer.name, email, phone_no: '0412 345 678', password: 'e2e-password-1' },
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

/** The demo owner's bearer token, for the kitchen's side of an order. */
export async function ownerToken(request: APIRequestContext) {
  const res = await request.post('/api/v2/auth/login', { data: { tenant_id: 139, ...owner } });
  baseExpect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The kitchen moves an order on, as the orders board does (accepting it sets a 20-minute prep time). */
export async function moveOrder(request: APIRequestContext, token: string, orderId: number, status: string) {
  const move = await request.patch(`/api/v2/admin/orders/${orderId}/status`, {
    headers: { authorization: `Bearer ${token}` },
    data: status === 'accepted' ? { status, prep_minutes: 20 } : { status },
  });
  baseExpect(move.status(), `moving order ${orderId} to ${status}`).toBe(200);
}

interface OpeningRange {
  method: 'pickup' | 'delivery' | 'dine_in';
  weekday: number;
  opens_at: string;
  closes_at: string;
}

/**
 * Opens the demo restaurant's dining room around the clock through the back office's hours call,
 * keeping its pickup and delivery hours, so a dine-in order can be placed whatever the time in Sydney.
 */
export async function openDiningRoomAllDay(request: APIRequestContext, name: string) {
  const { restaurant } = await restaurantNamed(request, name);
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  const current = await request.get(`/api/v2/admin/hours?restaurant_id=${restaurant.id}`, { headers });
  baseExpect(current.status()).toBe(200);
  const { hours } = ((await current.json()) as { data: { hours: OpeningRange[] } }).data;
  // A range may not open and close at the same minute: two halves make the whole day.
  const allDay = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday): OpeningRange[] => [
    { method: 'dine_in', weekday, opens_at: '00:00', closes_at: '12:00' },
    { method: 'dine_in', weekday, opens_at: '12:00', closes_at: '00:00' },
  ]);
  const res = await request.put('/api/v2/admin/hours', {
    headers,
    data: { restaurant_id: restaurant.id, hours: [...hours.filter((h) => h.method !== 'dine_in'), ...allDay] },
  });
  baseExpect(res.status(), await res.text()).toBe(200);
}

export interface OrderRow {
  status: string;
  payment_status: string;
  gift_card_cents: number;
  amount_due_cents: number;
}

/** The orders placed with `email` as the customer's address, straight from the e2e database. */
export function ordersFor(email: string): OrderRow[] {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set');
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        'select status, payment_status, gift_card_cents, amount_due_cents from orders where customer_email = ? order by id',
      )
      .all(email) as OrderRow[];
  } finally {
    db.close();
  }
}
