import type { Page } from '@playwright/test';
import { signUpCustomer } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

// Decision 035: the public pages come rendered from the server and the browser takes them over.
const expect = baseExpect.configure({ timeout: 15_000 });

const surryHillsMenu = '/menu?restaurant=bella-nonna-surry-hills';

/** React has hydrated the page (its effects ran). */
async function interactive(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows the business, the hero and its sections', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByText('Bella Nonna', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Delicious Food, Delivered to Your Door' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Us' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Explore Our Categories' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Bella Nonna Pizzeria & Grill');
  });

  test("a restaurant's shareable menu shows its categories, products and prices", async ({ page }) => {
    await page.goto(surryHillsMenu);
    await expect(page).toHaveTitle('Bella Nonna Surry Hills menu | Bella Nonna');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
    const categories = page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link');
    await expect(categories).toHaveCount(7);
    await expect(categories.first()).toHaveText('Wood-fired Pizzas');
    const margherita = page.getByRole('article', { name: 'Margherita' });
    await expect(margherita).toBeVisible();
    await expect(margherita).toContainText('$19.00');
    await expect(page.getByRole('article', { name: 'Spaghetti Carbonara' })).toContainText('$25.00');
    // The stylesheet came with the page: the price is styled, not the browser's default text.
    const weight = await margherita.getByText('$19.00').evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(weight)).toBeGreaterThanOrEqual(600);
  });

  test('the deals, static and not-found pages show their content', async ({ page }) => {
    await page.goto('/deals?restaurant=bella-nonna-surry-hills');
    await expect(page.getByText('2 Large Pizzas + Drink')).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText('An order is accepted once we confirm it.', { exact: false })).toBeVisible();
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('main')).toContainText(/not found/i);
  });
});

test.describe('with JavaScript', () => {
  test('every public page hydrates without a warning, and passes axe', async ({ page, pageErrors, axeViolations }) => {
    test.slow();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && /hydrat/i.test(message.text())) warnings.push(message.text());
    });
    for (const url of [
      '/',
      surryHillsMenu,
      '/instore-menu',
      '/dine-in-menu',
      '/deals?restaurant=bella-nonna-surry-hills',
      '/contact',
      '/terms',
      '/privacy',
      '/refund-policy',
      '/no-such-page',
    ]) {
      pageErrors.length = 0;
      await page.goto(url);
      await interactive(page);
      if (url === surryHillsMenu || url === '/') expect(await axeViolations(), url).toEqual([]);
      // The not-found page is answered with its status; the browser logs that as a failed load.
      const notFound = /status of 404/;
      expect(
        pageErrors.filter((e) => !(url === '/no-such-page' && notFound.test(e))),
        url,
      ).toEqual([]);
    }
    expect(warnings).toEqual([]);
  });

  test('the scripts are asked for only after the first contentful paint (decision 071)', async ({ page }) => {
    for (const url of ['/', surryHillsMenu]) {
      await page.goto(url);
      await interactive(page);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(paint, url).toBeGreaterThan(0);
      expect(scripts.length, url).toBeGreaterThan(0);
      expect(Math.min(...scripts), url).toBeGreaterThanOrEqual(paint as number);
    }
  });

  test('a returning visitor with another restaurant stored: the shared link chooses its restaurant, and the cart works', async ({
    page,
    request,
    pageErrors,
  }) => {
    test.slow();
    await chooseRestaurant(page, request, 'Parramatta', 'kept');
    await page.goto(surryHillsMenu);
    await interactive(page);
    await expect(page.getByRole('banner')).toContainText('Bella Nonna Surry Hills');
    const margherita = page.getByRole('article', { name: 'Margherita' });
    await margherita.getByRole('button', { name: 'Add Margherita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Margherita' });
    await dialog.getByRole('button', { name: /^Add to cart/ }).click();
    // A guest identity was made and the cart counts the item.
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('guestToken'))).toBeTruthy();

    // The home page renders without the visitor's state on the server; the stored choice and the
    // identity show once the browser takes over, with no hydration error.
    await page.goto('/');
    await interactive(page);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Margherita' }).first()).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('a signed-in customer sees their account after the page takes over, and the server page never had it', async ({
    page,
    request,
    pageErrors,
  }) => {
    const { email, token } = await signUpCustomer(page, request, { name: 'Hana Hydrate', emailPrefix: 'ssr' });
    const html = await (await request.get('/', { headers: { authorization: `Bearer ${token}` } })).text();
    expect(html).toContain('Delicious Food, Delivered to Your Door');
    expect(html).not.toContain(email);
    expect(html).not.toContain('Hana');
    await page.goto('/');
    await interactive(page);
    await expect(page.getByRole('banner').getByRole('link', { name: /your account/ })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
