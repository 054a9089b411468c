/**
 * A diner scans the table's QR code with a phone: the link names the restaurant and the table, so
 * the menu opens at that restaurant with no restaurant dialog; and a closed dining room says so on
 * the menu at once, not after the card form at "Place order".
 */
import { expect as baseExpect, test } from '../support/fixtures';
import { restaurantNamed } from '../support/restaurants';
import { createTenant } from '../support/tenants';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a table link names the restaurant: the menu opens there, for that table, with no dialog', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  // A long menu page and axe over it, on a machine other test runs share.
  test.setTimeout(240_000);
  const { restaurant } = await restaurantNamed(request, 'Surry Hills');
  // A first visit: nothing chosen, and the demo business has two open restaurants.
  await page.goto(`/dine-in-menu?restaurant=${restaurant.id}&table=T7`);
  await expect(page.getByText('Ordering for table T7')).toBeVisible();
  await expect(page.getByRole('button', { name: `Restaurant: ${restaurant.name}` })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Margherita' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await axeViolations()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test('a closed dining room says so on the menu as soon as it shows', async ({ page, request, baseURL, pageErrors }) => {
  // A long menu page and axe over it, on a machine other test runs share.
  test.setTimeout(240_000);
  // A business of its own whose restaurant has no dine-in hours: its dining room is never open.
  const tenant = createTenant(baseURL ?? '', { name: 'Closed Room' });
  const res = await request.post('/api/restaurants-with-images', { data: { tenant_id: tenant.id, status: 1 } });
  const [entry] = ((await res.json()) as { data: { restaurant: { id: number; name: string } }[] }).data;
  if (!entry) throw new Error('the test tenant has no restaurant');
  await page.goto(`${tenant.url}/dine-in-menu?restaurant=${entry.restaurant.id}&table=T7`);
  await expect(page.getByText('Ordering for table T7')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'closed for dine-in' })).toHaveText(
    `${entry.restaurant.name} is closed for dine-in orders at the moment.The dining room is closed today. You can still browse the menu.`,
  );
  // The server rendered the notice; the browser takes the page over with the same notice. (The test
  // host is plain http, so Chromium warns that it ignores the opener policy.)
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
  expect(pageErrors.filter((e) => !e.includes('Cross-Origin-Opener-Policy'))).toEqual([]);
});
