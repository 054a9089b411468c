/**
 * The back office on a 1280 px laptop: opening-hours fields stay in their boxes, an item out for today
 * says "until tomorrow", and an order for later is ready at its slot, not the prep time after accepting.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { addMargheritas, fillGuest, openCheckoutFromCart, owner, ownerToken } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant, restaurantNamed } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 800 } });

async function signIn(page: Page, request: APIRequestContext, restaurant: string) {
  const res = await request.post('/api/v2/auth/login', { data: { tenant_id: 139, ...owner } });
  baseExpect(res.status()).toBe(200);
  const { token, user } = ((await res.json()) as { data: { token: string; user: unknown } }).data;
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', u as string);
    },
    [token, JSON.stringify(user)],
  );
  await chooseRestaurant(page, request, restaurant);
}

test('/admin/hours at 1280 px: every time field stays inside its cell and form', async ({
  page,
  request,
  axeViolations,
}) => {
  // A long menu page and axe over it, on a machine other test runs share.
  test.setTimeout(240_000);
  await signIn(page, request, 'Parramatta');
  await page.goto('/admin/hours');
  await page.getByRole('combobox', { name: 'Restaurant' }).selectOption({ label: 'Bella Nonna Parramatta' });
  await expect(page.getByRole('form', { name: 'Dine-in hours' })).toBeVisible();
  const spills = await page.locator('input[type="time"]').evaluateAll((inputs) =>
    inputs.flatMap((input) => {
      const box = input.getBoundingClientRect();
      const cell = (input.closest('td') as HTMLElement).getBoundingClientRect();
      const form = (input.closest('form') as HTMLElement).getBoundingClientRect();
      const out = box.left < cell.left - 0.5 || box.right > cell.right + 0.5 || box.right > form.right - 1;
      return out ? [input.getAttribute('aria-label')] : [];
    }),
  );
  expect(spills).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  expect(await axeViolations()).toEqual([]);
});

test('an item out for today reads "Out of stock until tomorrow"', async ({ page, request }) => {
  // A long menu page and axe over it, on a machine other test runs share.
  test.setTimeout(240_000);
  const dish = 'Cannoli';
  const { restaurant } = await restaurantNamed(request, 'Parramatta');
  const headers = { authorization: `Bearer ${await ownerToken(request)}` };
  await signIn(page, request, 'Parramatta');
  try {
    await page.goto('/admin/menu');
    await page.getByRole('combobox', { name: 'Restaurant' }).selectOption({ label: 'Bella Nonna Parramatta' });
    const row = page.getByRole('listitem').filter({ has: page.getByText(dish, { exact: true }) });
    await row.getByRole('button', { name: `Out today: ${dish}` }).click();
    await expect(row.getByText('Out of stock until tomorrow')).toBeVisible();
    await expect(row.getByText(/12:00\s?am/i)).toHaveCount(0);
    await row.getByRole('button', { name: `Back on sale: ${dish}` }).click();
    await expect(row.getByText('On sale')).toBeVisible();
  } finally {
    // Back on sale whatever happened: other specs order from this menu.
    const menu = (await (await request.get(`/api/v2/admin/menu?restaurant_id=${restaurant.id}`, { headers })).json())
      .data as { products: { id: number; name: string; is_available: boolean }[] };
    const product = menu.products.find((p) => p.name === dish);
    if (product && !product.is_available) {
      await request.patch(`/api/v2/admin/products/${product.id}/availability`, {
        headers,
        data: { restaurant_id: restaurant.id, available: true },
      });
    }
  }
});

test('an order for a later time, accepted now, is ready at its slot', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const restaurantName = 'Bella Nonna Surry Hills';
  // The customer, on a phone, orders for the last pickup time offered and pays at the counter.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  let number = '';
  let slot = '';
  try {
    const customer = await phone.newPage();
    await chooseRestaurant(customer, request, 'Surry Hills');
    await addMargheritas(customer, 1);
    await openCheckoutFromCart(customer, 1);
    const time = customer.getByRole('combobox', { name: 'Pickup time' });
    await expect(time.locator('option').nth(1)).toBeAttached();
    await expect(time).toBeEnabled();
    const options = await time
      .locator('option')
      .evaluateAll((all) => all.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
    const last = options.filter((o) => o.value && o.value !== 'asap').at(-1);
    if (!last) throw new Error('no pickup time offered');
    await time.selectOption(last.value);
    slot = last.label.trim();
    await fillGuest(customer, `later-${Date.now()}@example.com`, { name: 'Lou Later', phone: '0412 555 778' });
    await customer.getByRole('button', { name: 'Continue to payment' }).click();
    await customer.getByRole('radio', { name: 'Pay at the counter' }).check();
    await customer.getByRole('button', { name: 'Place order' }).click();
    await expect(customer).toHaveURL(/\/checkout\/success$/);
    number = ((await customer.getByTestId('order-number').textContent()) ?? '').replace('#', '').trim();
  } finally {
    await phone.close();
  }

  await signIn(page, request, 'Surry Hills');
  await page.goto('/admin/orders');
  await page.getByRole('combobox', { name: 'Restaurant' }).selectOption({ label: restaurantName });
  const card = page.getByRole('article', { name: `Order ${number}` });
  await card.getByLabel('Ready in').selectOption('20');
  await card.getByRole('button', { name: `Accept order ${number}` }).click();
  await expect(card).toContainText(`ready ${slot}`);
});

test.describe('the set-up screens on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const screens: [string, string][] = [
    ['/admin/business', 'Business'],
    ['/admin/restaurants', 'Restaurants'],
    ['/admin/delivery-zones', 'Delivery zones'],
    ['/admin/tables', 'Tables'],
    ['/admin/staff', 'Staff'],
    ['/admin/reports', 'Reports'],
    ['/admin/tips', 'Tips'],
    ['/admin/menu/catalogue', 'Menu editor'],
  ];

  test('no page scrolls sideways, every control is inside the screen and at least 24 px, axe is clean', async ({
    page,
    request,
    axeViolations,
  }) => {
    // Eight back-office pages and axe over each, on a machine other test runs share.
    test.setTimeout(300_000);
    await signIn(page, request, 'Surry Hills');
    for (const [path, title] of screens) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(title, 'i') })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
        // What sticks out of the screen outside a box that scrolls, named, so a failure says where.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => {
              if (el.getBoundingClientRect().right <= 390.5 || el.children.length > 0) return false;
              for (let p = el.parentElement; p; p = p.parentElement) {
                if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return false;
              }
              return true;
            })
            .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
            .slice(0, 5),
        );
        expect(wide, path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
        // A control is out of reach when it sticks out of the screen outside a box that scrolls.
        const outOfReach = await page
          .locator('main')
          .locator('button, input:not([type="hidden"]), select, textarea, a[href]')
          .evaluateAll((all) =>
            all.flatMap((el) => {
              const box = el.getBoundingClientRect();
              if (box.width === 0 || box.height === 0) return [];
              for (let p = el.parentElement; p; p = p.parentElement) {
                if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return [];
              }
              const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.id;
              const inside = box.left >= -0.5 && box.right <= 390.5;
              const small = box.height < 24 && el.tagName !== 'A' && (el as HTMLInputElement).type !== 'checkbox';
              return inside && !small
                ? []
                : [`${el.tagName} ${name} ${Math.round(box.left)}–${Math.round(box.right)}×${Math.round(box.height)}`];
            }),
          );
        expect(outOfReach, path).toEqual([]);
        expect(await axeViolations(), path).toEqual([]);
      });
    }
  });
});
