import { expect, test } from '../support/fixtures';
import { withRestaurantChosen } from '../support/restaurants';

// A returning visitor: the first visit's mandatory restaurant dialog is tested in restaurants.spec.ts.
test.beforeEach(({ page, request }) => withRestaurantChosen(page, request));

test.describe('home page of the demo business', () => {
  test('renders the default theme for tenant 139', async ({ page, pageErrors }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Bella Nonna Pizzeria & Grill | Order Online');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delicious Food, Delivered to Your Door');
    await expect(page.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '#menu');
    await expect(page.getByRole('banner')).toContainText('Bella Nonna');
    for (const title of ['Best Quality', 'On Time', 'MasterChefs', 'Taste Food']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--primary').trim(),
    );
    expect(primary).toBe('#8b0000');
    const ctaBackground = await page
      .getByRole('link', { name: 'Order Now' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(ctaBackground).toBe('rgb(139, 0, 0)');
    // Any CSP violation (such as an inline script without the nonce) would show up here.
    expect(pageErrors).toEqual([]);
  });

  test('has no serious accessibility violations', async ({ page, axeViolations }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  test('fits a 360 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Order Now' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('is usable by keyboard: the first tab stop skips to the content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });
});

test.describe('paths that are not pages', () => {
  test('an unknown path shows the not-found page', async ({ page, axeViolations }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delicious Food, Delivered to Your Door');
    await page.goto('/no/such/page');
    expect(await axeViolations()).toEqual([]);
  });

  test('an unknown API route answers the JSON error envelope', async ({ request }) => {
    const res = await request.get('/api/v2/unknown');
    expect(res.status()).toBe(404);
    const id = res.headers()['x-request-id'];
    expect(id).toBeTruthy();
    expect(await res.json()).toEqual({
      data: null,
      error: { code: 'not_found', message: 'Not found', request_id: id },
    });
  });
});
