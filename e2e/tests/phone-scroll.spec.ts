/** On a phone, a new page opens at its top; Back returns to where the previous page was. */
import { expect as baseExpect, test } from '../support/fixtures';
import { withRestaurantChosen } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a link at the foot of a long page opens the next page at its top; Back restores the place', async ({
  page,
  request,
}) => {
  test.slow(); // the first load on a busy shared machine
  await withRestaurantChosen(page, request);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Our Menu' })).toBeVisible();
  // The chosen restaurant's catalogue fills the page in after the server's HTML.
  await expect(page.locator('a[href^="#category-"]').first()).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bottom = await page.evaluate(() => window.scrollY);
  expect(bottom).toBeGreaterThan(1000);

  await footer.getByRole('link', { name: 'Terms' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  const heading = page.getByRole('heading', { level: 1, name: 'Terms and Conditions' });
  await expect(heading).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(heading).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(bottom - 50);
});
