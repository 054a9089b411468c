import { builtChunk } from '../support/build';
import { expect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { withRestaurantChosen } from '../support/restaurants';
import { createTenant, signUpStaff } from '../support/tenants';

/** Chromium warns that COOP needs a trustworthy origin: true of the *.e2e.test hosts, not a fault. */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('Cross-Origin-Opener-Policy'));

const allSectionsOn = {
  colors: { primary: '#1d4ed8' },
  hero: { variant: 'split', title: 'Wood-fired since 1998' },
  topOfferBanner: { showTopOfferBanner: true, topOfferBannerText: 'Two pizzas, one price on Tuesdays' },
  footer: { showNewsletter: true, variant: 'columns' },
  general: {
    businessFullName: 'Harbour Slice',
    contactEmail: 'hello@harbourslice.example',
    contactPhone: '(02) 9000 1234',
    showBestSellingSection: true,
    showFreshAdditionsSection: true,
    socialLinks: [{ platform: 'instagram', url: 'https://instagram.com/harbourslice' }],
    mobileApp: {
      showPromotion: true,
      appName: 'Harbour Slice',
      description: 'Order in two taps.',
      appStoreUrl: 'https://apps.apple.com/app/harbour-slice',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=harbour.slice',
    },
  },
  seo: { title: 'Harbour Slice | Pizza', description: 'Pizza by the harbour', themeColor: '#1d4ed8' },
};

test.describe('the storefront shell', () => {
  test('home page with every section on, in the tenant colours from the first paint', async ({
    page,
    baseURL,
    pageErrors,
    axeViolations,
  }) => {
    const tenant = createTenant(baseURL as string, { name: 'Harbour Slice', webConfig: allSectionsOn });
    // The settings call is held back: what shows must come from the page itself (no waterfall).
    let releaseSettings: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseSettings = resolve));
    await page.route('**/api/v2/restaurants/app-settings*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${tenant.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wood-fired since 1998');
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()),
    ).toBe('#1d4ed8');
    await expect(page).toHaveTitle('Harbour Slice | Pizza');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Pizza by the harbour');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Harbour Slice | Pizza');
    releaseSettings();

    await expect(page.getByRole('complementary', { name: 'Offer' })).toHaveText('Two pizzas, one price on Tuesdays');
    await expect(page.getByRole('region', { name: 'Wood-fired since 1998' })).toHaveAttribute('data-variant', 'split');
    for (const title of ['Best Quality', 'On Time', 'MasterChefs', 'Taste Food']) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Explore Our Categories' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Our Menu' })).toBeVisible();
    // Its only restaurant is chosen for the visitor, so the menu is that restaurant's (the hero's #menu).
    await expect(page.locator('#menu')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get the Harbour Slice app' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveAttribute('data-variant', 'columns');
    await expect(footer.getByRole('link', { name: 'instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/harbourslice',
    );
    await expect(footer.getByRole('link', { name: '(02) 9000 1234' })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} All rights reserved.`);

    // Order Now scrolls to the menu.
    await page.getByRole('link', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/#menu$/);
    await expect(page.locator('#menu')).toBeInViewport();

    // The newsletter sign-up in the footer is stored.
    await footer.getByRole('textbox', { name: 'Email address' }).fill('fan@example.test');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thanks for subscribing!')).toBeVisible();

    // The banner can be dismissed.
    await page.getByRole('button', { name: 'Dismiss offer' }).click();
    await expect(page.getByRole('complementary', { name: 'Offer' })).toHaveCount(0);

    expect(await axeViolations()).toEqual([]);
    expect(realErrors(pageErrors)).toEqual([]);
  });

  test('Order Now followed before the menu has arrived still lands on the menu once it does', async ({
    page,
    baseURL,
    pageErrors,
  }) => {
    const tenant = createTenant(baseURL as string, { name: 'Harbour Slice', webConfig: allSectionsOn });
    // The home page's menu sections (their own chunk) are held back until the visitor has followed the link.
    const sections = builtChunk('src/app/home-menu-sections.tsx');
    let releaseSections: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseSections = resolve));
    await page.route(`**${sections}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${tenant.url}/`);
    await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
    await page.getByRole('link', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/#menu$/);
    releaseSections();
    await expect(page.getByRole('heading', { level: 2, name: 'Our Menu' })).toBeVisible();
    await expect(page.locator('#menu')).toBeInViewport();
    expect(realErrors(pageErrors)).toEqual([]);
  });

  test('a tenant with ordering disabled shows the notice after 3 s; browsing still works', async ({
    page,
    baseURL,
    axeViolations,
  }) => {
    const tenant = createTenant(baseURL as string, { onlineOrders: false });
    await page.goto(`${tenant.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const shownAt = Date.now();
    const dialog = page.getByRole('dialog', { name: "We're not accepting online orders at the moment." });
    await expect(dialog).toBeVisible({ timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await expect(dialog).toContainText('You can still browse our menu and explore items.');
    const button = dialog.getByRole('button', { name: 'Continue Browsing' });
    await expect(button).toBeFocused();
    expect(await axeViolations()).toEqual([]);
    await button.click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  });

  test('a settings failure lands on /error, and Try again brings the shop back', async ({
    page,
    request,
    axeViolations,
  }) => {
    await withRestaurantChosen(page, request);
    let failing = true;
    await page.route('**/api/v2/restaurants/app-settings*', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              data: null,
              error: { code: 'service_unavailable', message: 'Service unavailable' },
            }),
          })
        : route.continue(),
    );
    await page.goto('/terms');
    // Three retries with back-off (1 + 2 + 4 s), then the error screen, replacing history.
    await expect(page).toHaveURL(/\/error$/, { timeout: 15_000 });
    await expect(page.getByRole('alert')).toHaveText('Failed to load restaurant settings');
    expect(await axeViolations()).toEqual([]);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delicious Food, Delivered to Your Door');
  });

  test("a 502 from any call shows 'Resource not found (404)' on /error", async ({ page, request }) => {
    await withRestaurantChosen(page, request);
    await page.route('**/api/v2/restaurants/*/menu*', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }),
    );
    await page.goto('/');
    await expect(page).toHaveURL(/\/error$/);
    await expect(page.getByRole('alert')).toHaveText('Resource not found (404)');
  });

  test('a <script> in a theme text is shown as text and never runs', async ({ page, baseURL, pageErrors }) => {
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const tenant = createTenant(baseURL as string, {
      webConfig: {
        hero: { title: evil },
        topOfferBanner: { topOfferBannerText: evil },
        seo: { title: `Shop ${evil}`, description: evil },
        general: { businessFullName: evil },
      },
    });
    await page.goto(`${tenant.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(evil);
    await expect(page.getByRole('complementary', { name: 'Offer' })).toHaveText(evil);
    await expect(page).toHaveTitle(`Shop ${evil}`);
    await page.goto(`${tenant.url}/contact`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(realErrors(pageErrors)).toEqual([]);
  });

  test('the contact form is validated and mails the business', async ({ page, request, axeViolations }) => {
    await withRestaurantChosen(page, request);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'hello@bellanonna.example' }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.test');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you have gluten-free bases?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thanks! Your message has been sent.')).toBeVisible();
    const mail = await latestMail('hello@bellanonna.example');
    expect(mail.subject).toBe('Website enquiry from Grace Hopper');
    expect(mail.text).toContain('Do you have gluten-free bases?');
    expect(mail.text).toContain('grace@example.test');
  });

  for (const [path, title] of [
    ['/terms', 'Terms and Conditions'],
    ['/privacy', 'Privacy Policy'],
    ['/refund-policy', 'Refund Policy'],
  ] as const) {
    test(`${path} shows the business's ${title}`, async ({ page, request, axeViolations }) => {
      await withRestaurantChosen(page, request);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main')).toContainText('Bella Nonna Pizzeria & Grill');
      await expect(page).toHaveTitle(`${title} | Bella Nonna`);
      expect(await axeViolations()).toEqual([]);
    });
  }

  test('the shell fits a 360 px phone on every static page', async ({ page, request }) => {
    await withRestaurantChosen(page, request);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/contact', '/terms', '/error']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('the config editor', () => {
  test('a theme saved by the owner changes colours for the next visitor', async ({
    page,
    browser,
    baseURL,
    axeViolations,
  }) => {
    test.slow();
    const tenant = createTenant(baseURL as string, { name: 'Editor Eats' });
    const staff = await signUpStaff(page.request, tenant, 'owner');
    await page.addInitScript(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [staff.token, JSON.stringify(staff.user)] as const,
    );
    await page.goto(`${tenant.url}/`);
    await page.getByRole('button', { name: 'Edit theme' }).click();
    const editor = page.getByRole('complementary', { name: 'Theme editor' });
    await expect(editor).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    // Live preview: the page changes before anything is saved.
    await editor.getByLabel('Primary colour').fill('#0f766e');
    await editor.getByLabel('Hero title').fill('<b>Fresh</b> from the editor');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('<b>Fresh</b> from the editor');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()),
    ).toBe('#0f766e');
    await editor.getByRole('button', { name: 'Save theme' }).click();
    await expect(page.getByText('Theme saved')).toBeVisible();

    // The next visitor: a fresh browser, not signed in, sees the saved theme and no editor.
    const visitor = await browser.newContext();
    const next = await visitor.newPage();
    await next.goto(`${tenant.url}/`);
    await expect(next.getByRole('heading', { level: 1 })).toHaveText('<b>Fresh</b> from the editor');
    const cta = await next
      .getByRole('link', { name: 'Order Now' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(cta).toBe('rgb(15, 118, 110)');
    await expect(next.getByRole('button', { name: 'Edit theme' })).toHaveCount(0);
    await visitor.close();
  });
});
