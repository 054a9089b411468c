/**
 * A first-time visitor books a table on a phone: the booking form has its own restaurant picker, so
 * the mandatory restaurant dialog does not cover it (it still greets them on the menu).
 */
import { expect as baseExpect, test } from '../support/fixtures';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A Sydney date `days` ahead, off the demo's holiday closures. */
function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  let date = new Date(new Date(`${today}T12:00:00Z`).getTime() + days * 86_400_000);
  while (['2026-12-25', '2026-12-26', '2027-01-01'].includes(date.toISOString().slice(0, 10))) {
    date = new Date(date.getTime() + 86_400_000);
  }
  return date.toISOString().slice(0, 10);
}

test('no restaurant dialog over the booking form: its own picker is enough', async ({
  page,
  axeViolations,
  pageErrors,
}) => {
  // A long menu page and axe over it, on a machine other test runs share.
  test.setTimeout(240_000);
  // A first visit: no restaurant chosen, and the demo business has two open restaurants.
  await page.goto('/table-reservation');
  await expect(page.getByRole('heading', { level: 1, name: 'Book a table' })).toBeVisible();
  const picker = page.getByLabel('Restaurant', { exact: true });
  await expect(picker.locator('option', { hasText: 'Bella Nonna Surry Hills' })).toBeAttached();
  // Well past the dialog's 500 ms delay, with the restaurant list loaded.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await picker.selectOption({ label: 'Bella Nonna Surry Hills (412 Crown Street, Sydney)' });
  await page.getByLabel('Date').fill(sydneyDate(6));
  await page.getByLabel('Guests').selectOption({ label: '2 guests' });
  await page.getByRole('radio').first().check();
  await page.getByLabel('Name').fill('Rey Booker');
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByLabel('Email').fill(`phone-book-${Date.now()}@example.test`);
  await page.getByRole('button', { name: 'Review booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your booking' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await axeViolations()).toEqual([]);

  // The menu needs a restaurant: there the mandatory dialog still asks for one.
  await page.goto('/menu');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
