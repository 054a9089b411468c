/** The storefront's header on a phone: one row, the links in a menu, a one-line offer banner. */
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

// The first load on a busy shared machine.
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the header is one row of logo, restaurant, account, cart and a menu holding the links', async ({
  page,
  request,
  axeViolations,
}) => {
  test.setTimeout(180_000); // the first load and two axe runs on a busy shared machine
  await chooseRestaurant(page, request, 'Surry Hills');
  await page.goto('/');
  const header = page.getByRole('banner');
  const menuButton = header.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toBeVisible();

  // One row, at most 64 px: every control sits on the same line.
  const box = await header.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(64);
  const controls = [
    header.getByRole('link', { name: /home$|Bella Nonna/ }).first(),
    header.getByRole('button', { name: /Restaurant: .*Surry Hills/ }),
    header.getByRole('link', { name: 'Log in' }),
    header.getByRole('button', { name: /^Cart, / }),
    menuButton,
  ];
  for (const control of controls) {
    const b = await control.boundingBox();
    expect(b, String(control)).not.toBeNull();
    expect(b?.y ?? 0).toBeGreaterThanOrEqual(box?.y ?? 0);
    expect((b?.y ?? 0) + (b?.height ?? 0)).toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0) + 0.5);
  }
  // The links are not in the row; the page keeps no horizontal scroll.
  await expect(header.getByRole('link', { name: 'Deals' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // The offer banner is one line (its text no taller than one line box) and can be dismissed.
  const banner = page.getByRole('complementary', { name: 'Offer' });
  const lines = await banner.locator('p').evaluate((p) => {
    const style = getComputedStyle(p);
    return (
      (p.getBoundingClientRect().height - Number.parseFloat(style.paddingTop) * 2) / Number.parseFloat(style.lineHeight)
    );
  });
  expect(lines).toBeLessThan(1.5);
  expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(44);
  expect(await axeViolations()).toEqual([]);

  // The menu: aria-expanded, the links inside, focus kept inside, Escape closes and focus returns.
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  // Open, the page behind the menu (its button included) is hidden from assistive technology.
  await expect(page.locator('header button[aria-label="Menu"]')).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (const name of ['Menu', 'Deals', 'Reservations', 'Gift cards', 'Contact']) {
    await expect(menu.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })).toBeVisible();
  }
  expect(await axeViolations()).toEqual([]);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement))).toBe(
      true,
    );
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  // A link goes there and closes the menu.
  await menuButton.click();
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Dismiss offer' }).click();
  await expect(banner).toHaveCount(0);
});
