/** On a phone, a toast never sits over the product sheet's "Add to cart" bar. */
import type { Locator } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * At one instant: 'gone' when no toast is up, 'covered' when the toast overlaps the button or a tap at
 * the button's middle would land on something else, 'clear' otherwise.
 */
function toastVersusButton(button: Locator): Promise<string> {
  return button.evaluate((el) => {
    const toast = document.querySelector('[data-sonner-toast]');
    if (!toast) return 'gone';
    const a = toast.getBoundingClientRect();
    const b = el.getBoundingClientRect();
    const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return overlap || !el.contains(hit) ? 'covered' : 'clear';
  });
}

test("the 'Restaurant selected' toast stays clear of the sheet's Add to cart, which takes the first tap", async ({
  page,
  request,
}) => {
  test.slow(); // the first load on a busy shared machine
  // The menu's code is loaded first (at Parramatta), so the toast's 4 s are not spent loading it.
  await chooseRestaurant(page, request, 'Parramatta');
  await page.clock.install();
  await page.goto('/menu');
  await expect(page.getByRole('article', { name: 'Margherita' })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Restaurant: / })
    .tap();
  const chooser = page.getByRole('dialog', { name: 'Select a Restaurant' });
  await chooser.getByRole('radio', { name: /Bella Nonna Surry Hills/ }).check();
  await chooser.getByRole('button', { name: 'Confirm Selection' }).tap();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Restaurant selected' });
  await expect(toast).toBeVisible();
  // Time stands still while the sheet opens, so the toast is still up however slow the machine.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);

  await page.getByRole('article', { name: 'Margherita' }).getByRole('button', { name: 'Add Margherita' }).tap();
  const sheet = page.getByRole('dialog', { name: 'Margherita' });
  const add = sheet.getByRole('button', { name: /^Add to cart/ });
  await expect(add).toBeVisible();
  // The toast has moved above the bar instead of covering it.
  expect(await toastVersusButton(add)).toBe('clear');
  await page.clock.resume();
  await add.tap();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

  // With the sheet gone, toasts return to the bottom of the screen.
  const clearance = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--toast-clearance').trim(),
  );
  expect(clearance).toBe('0px');
});
