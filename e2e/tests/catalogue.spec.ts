/**
 * The menu editor (decision 038): an owner builds a breakfast category, a sized product with a
 * required modifier group, previews and publishes; a customer orders it at the published price; the
 * owner builds a deal of it (decision 042) and the customer orders that at the deal's price; the
 * customer is told when breakfast is over.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { chooseFirstTime, fillGuest } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { createTenant, type E2eTenant, signUpStaff } from '../support/tenants';

const expect = baseExpect.configure({ timeout: 15_000 });

/** The new business's restaurant takes pickup orders around the clock. */
function openForPickup(tenant: E2eTenant) {
  const file = process.env.E2E_DATABASE_FILE as string;
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const { id } = db.prepare('select id from restaurants where tenant_id = ?').get(tenant.id) as { id: number };
    const insert = db.prepare(
      `insert into restaurant_hours (tenant_id, restaurant_id, method, weekday, opens_at, closes_at)
       values (?, ?, 'pickup', ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let weekday = 0; weekday < 7; weekday++) {
        insert.run(tenant.id, id, weekday, '00:00', '12:00');
        insert.run(tenant.id, id, weekday, '12:00', '00:00');
      }
    })();
  } finally {
    db.close();
  }
}

/** Sydney's wall clock now (the test restaurant's zone), as minutes since midnight. */
function sydneyMinutes(): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Australia/Sydney',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return value('hour') * 60 + value('minute');
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function signInAs(page: Page, token: string, user: unknown) {
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', u as string);
    },
    [token, JSON.stringify(user)],
  );
}

async function setBreakfastHours(page: Page, from: string, until: string) {
  await page.getByRole('button', { name: 'Edit Breakfast', exact: true }).click();
  const form = page.getByRole('form', { name: 'Edit category Breakfast' });
  await form.getByLabel('Every day from').fill(from);
  await form.getByLabel('Every day until').fill(until);
  await form.getByRole('button', { name: 'Apply to every day' }).click();
  await form.getByRole('button', { name: 'Save to draft' }).click();
}

/** Serious and critical axe violations of a page other than the fixture's (the customer's). */
async function violationsOf(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function publish(page: Page) {
  await page.getByRole('button', { name: /^Publish \d+ changes$/ }).click();
  await expect(page.getByText('No unpublished changes.')).toBeVisible();
}

test('an owner builds breakfast, previews and publishes it; a customer orders it at the right price', async ({
  page,
  browser,
  request,
  baseURL,
  axeViolations,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  // The journey (about a minute) must stay on one side of Sydney's midnight, where the windows below
  // change meaning: in the last three minutes of the day, wait for the new one.
  const left = 24 * 60 - sydneyMinutes();
  if (left <= 3) {
    test.setTimeout(180_000 + left * 60_000);
    await new Promise((resolve) => setTimeout(resolve, left * 60_000));
  }
  const tenant = createTenant(baseURL ?? '', { name: 'Morning Cafe' });
  openForPickup(tenant);
  const owner = await signUpStaff(request, tenant, 'owner');
  await signInAs(page, owner.token, owner.user);

  // Breakfast is served until 11:00; before 10:00 in Sydney that window holds now. Later in the day
  // it runs two hours past now instead, so the customer can order it whatever the time.
  const now = sydneyMinutes();
  const until = now < 10 * 60 ? '11:00' : hhmm(Math.min(23 * 60 + 59, now + 120));

  await page.goto(`${tenant.url}/admin/menu/catalogue`);
  await expect(page.getByRole('heading', { name: 'Menu editor' })).toBeVisible();
  await expect(page.getByText('No unpublished changes.')).toBeVisible();

  await page.getByRole('button', { name: 'Add category' }).click();
  const category = page.getByRole('form', { name: 'New category' });
  await category.getByLabel('Name', { exact: true }).fill('Breakfast');
  await category.getByLabel('Every day from').fill('00:00');
  await category.getByLabel('Every day until').fill(until);
  await category.getByRole('button', { name: 'Apply to every day' }).click();
  await category.getByRole('button', { name: 'Save to draft' }).click();

  await page.getByRole('button', { name: 'Add modifier group' }).click();
  const group = page.getByRole('form', { name: 'New modifier group' });
  await group.getByLabel('Name', { exact: true }).fill('Eggs');
  await group.getByLabel('Choose at least').fill('1');
  await group.getByLabel('Choose at most').fill('1');
  await group.getByLabel('Option 1 name').fill('Fried');
  await group.getByRole('button', { name: 'Add option' }).click();
  await group.getByLabel('Option 2 name').fill('Poached');
  await group.getByLabel('Option 2 price in store').fill('0.50');
  await group.getByLabel('Option 2 online price').fill('0.50');
  // A minimum above the maximum is refused in the form, with the field named.
  await group.getByLabel('Choose at least').fill('2');
  await group.getByRole('button', { name: 'Save to draft' }).click();
  await expect(group.getByText('Must not be more than the maximum').first()).toBeVisible();
  await group.getByLabel('Choose at least').fill('1');
  await group.getByRole('button', { name: 'Save to draft' }).click();

  await page.getByRole('button', { name: 'Add product' }).click();
  const product = page.getByRole('form', { name: 'New product' });
  await product.getByLabel('Name', { exact: true }).fill('Big Breakfast');
  await product.getByLabel('Price in store and dine-in (e.g. 12.50)').fill('15.00');
  await product.getByLabel('Online price (e.g. 12.50)').fill('15.00');
  await product.getByRole('checkbox', { name: 'Vegetarian' }).check();
  await product.getByRole('button', { name: 'Add attribute' }).click();
  await product.getByLabel('Attribute 1 name').fill('Size');
  await product.getByRole('button', { name: 'Add Size value' }).click();
  await product.getByLabel('Size value 1 name').fill('Regular');
  await product.getByRole('button', { name: 'Add Size value' }).click();
  await product.getByLabel('Size value 2 name').fill('Large');
  await product.getByLabel('Size value 2 price change').fill('3.00');
  await product.getByRole('checkbox', { name: 'Eggs' }).check();
  await product.getByRole('button', { name: 'Save to draft' }).click();

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview: Breakfast' });
  await expect(preview.getByText('Big Breakfast')).toBeVisible();
  await expect(preview.getByText('$15.00')).toBeVisible();
  await expect(preview.getByText(`Served daily 00:00–${until}`)).toBeVisible();
  await expect(preview.getByText('Eggs (choose 1–1)')).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  await publish(page);
  await expect(page.getByRole('region', { name: 'Publish history' })).toContainText('Sam Staff');
  expect(await axeViolations()).toEqual([]);

  // A customer, in a browser of their own, orders a large one with poached eggs.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await customer.goto(`${tenant.url}/menu`);
  const card = customer.getByRole('article', { name: 'Big Breakfast' });
  await expect(card.getByText('Vegetarian')).toBeVisible();
  await card.getByRole('button', { name: 'Add Big Breakfast' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Big Breakfast' });
  await dialog.getByRole('radio', { name: /Large/ }).check();
  await dialog.getByRole('radio', { name: /Poached/ }).check();
  await expect(dialog.getByRole('button', { name: /^Add to cart/ })).toContainText('$18.50');
  expect(await violationsOf(customer)).toEqual([]);
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await customer.getByRole('button', { name: 'Cart, 1 item' }).click();
  await customer.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
  await chooseFirstTime(customer, 'Pickup time');
  await fillGuest(customer, `breakfast-${Date.now()}@example.com`);
  await expect(customer.getByTestId('summary-total')).toHaveText('$18.50');
  await customer.getByRole('button', { name: 'Continue to payment' }).click();
  await customer.getByRole('radio', { name: 'Pay at the counter' }).check();
  await customer.getByRole('button', { name: 'Place order' }).click();
  await expect(customer).toHaveURL(/\/checkout\/success$/);

  // The owner builds a deal of two of the new product (decision 042); the customer orders it at the
  // deal's price plus each choice's extra price.
  await page.getByRole('button', { name: 'Add deal' }).click();
  const deal = page.getByRole('form', { name: 'New deal' });
  await deal.getByLabel('Name', { exact: true }).fill('Breakfast for two');
  await deal.getByLabel('Price in store').fill('24.00');
  await deal.getByLabel('Online price').fill('24.00');
  await deal.getByLabel('Slot 1 name').fill('Breakfast');
  await deal.getByLabel('Slot 1 quantity').fill('0');
  await deal.getByLabel('Slot 1 choice 1', { exact: true }).selectOption({ label: 'Big Breakfast' });
  await deal.getByLabel('Slot 1 choice 1 extra price').fill('1.00');
  await deal.getByRole('button', { name: 'Save to draft' }).click();
  await expect(deal.getByText('At least 1').first()).toBeVisible();
  await deal.getByLabel('Slot 1 quantity').fill('2');
  await deal.getByRole('button', { name: 'Save to draft' }).click();
  await expect(page.getByRole('list', { name: 'Deals' })).toContainText('Breakfast for two');
  expect(await axeViolations()).toEqual([]);
  await publish(page);

  await customer.goto(`${tenant.url}/deals`);
  await customer.getByRole('button', { name: 'Choose Breakfast for two' }).click();
  const dealDialog = customer.getByRole('dialog', { name: 'Breakfast for two' });
  await dealDialog.getByRole('combobox', { name: 'Breakfast 1' }).selectOption({ label: 'Big Breakfast (+$1.00)' });
  await dealDialog.getByRole('combobox', { name: 'Breakfast 2' }).selectOption({ label: 'Big Breakfast (+$1.00)' });
  await dealDialog.getByRole('button', { name: 'Add to cart · $26.00' }).click();
  await customer.getByRole('button', { name: 'Cart, 1 item' }).click();
  await customer.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
  await chooseFirstTime(customer, 'Pickup time');
  await fillGuest(customer, `deal-${Date.now()}@example.com`);
  await expect(customer.getByTestId('summary-total')).toHaveText('$26.00');
  await customer.getByRole('button', { name: 'Continue to payment' }).click();
  await customer.getByRole('radio', { name: 'Pay at the counter' }).check();
  await customer.getByRole('button', { name: 'Place order' }).click();
  await expect(customer).toHaveURL(/\/checkout\/success$/);

  // Another one goes in the cart; then breakfast ends before now: the menu says so and offers no
  // Add button, and the open cart leaves it out of the total and says why.
  await customer.goto(`${tenant.url}/menu`);
  await card.getByRole('button', { name: 'Add Big Breakfast' }).click();
  await dialog.getByRole('radio', { name: /Fried/ }).check();
  await dialog.getByRole('button', { name: /^Add to cart/ }).click();
  await expect(customer.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  const over = now >= 60 ? { from: '00:00', until: hhmm(Math.min(30, now - 30)) } : { from: '22:00', until: '23:00' };
  await setBreakfastHours(page, over.from, over.until);
  await publish(page);
  await customer.goto(`${tenant.url}/menu`);
  await customer.getByRole('button', { name: /^Cart/ }).click();
  await expect(customer.getByRole('region', { name: 'No longer available' })).toContainText(
    `Big Breakfast is not available right now. Served daily ${over.from}–${over.until} (restaurant time).`,
  );
  await customer.keyboard.press('Escape');
  await expect(card.getByText('Not served now')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add Big Breakfast' })).toHaveCount(0);
  await expect(customer.getByText(`Served daily ${over.from}–${over.until}`)).toBeVisible();
  expect(await violationsOf(customer)).toEqual([]);
  await customerContext.close();
  // A plain-http tenant host is not a trustworthy origin: Chromium ignores the COOP header, and says so.
  expect(pageErrors.filter((e) => !e.includes('Cross-Origin-Opener-Policy'))).toEqual([]);
});
