import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

// The menu's code and data arrive after the page shell; on a busy machine that can take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

test.beforeEach(({ page, request }) => chooseRestaurant(page, request, 'Surry Hills', 'replaced'));

test.describe('the menu', () => {
  test('search, open a pizza, make it half-and-half with modifiers, and watch the price', async ({
    page,
    axeViolations,
    pageErrors,
  }) => {
    test.slow(); // a long journey with two axe runs
    await page.goto(`/menu`);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link')).toHaveCount(7);
    expect(await axeViolations()).toEqual([]);

    const search = page.getByRole('searchbox', { name: 'Search the menu' });
    await search.fill('diav');
    await expect(page.getByRole('article', { name: 'Diavola' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Margherita' })).toHaveCount(0);
    await search.fill('');

    const margherita = page.getByRole('article', { name: 'Margherita' });
    await expect(margherita).toContainText('$19.00'); // online price
    await margherita.getByRole('button', { name: 'Add Margherita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Margherita' });
    const add = dialog.getByRole('button', { name: /^Add to cart/ });
    await expect(add).toHaveText('Add to cart · $19.00');

    await dialog.getByRole('radio', { name: /Large/ }).check();
    await expect(add).toHaveText('Add to cart · $23.00');
    await dialog.getByRole('checkbox', { name: 'Extra cheese' }).check();
    await expect(add).toHaveText('Add to cart · $26.00');

    await dialog.getByRole('checkbox', { name: 'Make it half-and-half' }).check();
    await dialog.getByRole('combobox', { name: 'Second half' }).selectOption({ label: 'Diavola ($22.00)' });
    // The dearer half ($22.00) + Large $4.00 + cheese $3.00 on the first half.
    await expect(add).toHaveText('Add to cart · $29.00');
    await dialog
      .getByRole('group', { name: /Extra toppings on Diavola/ })
      .getByRole('checkbox', { name: 'Olives' })
      .check();
    await expect(add).toHaveText('Add to cart · $31.00');
    await dialog.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(add).toHaveText('Add to cart · $62.00');
    expect(await axeViolations()).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(margherita.getByRole('button', { name: 'Add Margherita' })).toBeFocused();
    expect(pageErrors).toEqual([]);
  });

  test('an out-of-stock item is greyed and cannot be ordered', async ({ page }) => {
    await page.goto(`/menu`);
    const tiramisu = page.getByRole('article', { name: 'Tiramisu' });
    await expect(tiramisu).toContainText('Out of stock');
    // Nothing orders it; only the wishlist heart remains (a favourite outlives a sold-out day).
    await expect(tiramisu.getByRole('button')).toHaveCount(1);
    await expect(tiramisu.getByRole('button', { name: 'Favourite Tiramisu' })).toBeVisible();
  });

  test('a missing picture falls back to the placeholder', async ({ page }) => {
    await page.route('**/images/menu/dishes/chinotto.svg', (route) => route.abort());
    await page.goto(`/menu`);
    const image = page.getByRole('article', { name: 'Chinotto' }).locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute('src', '/images/menu/placeholder.svg');
  });

  test('a dine-in QR link shows dine-in prices and remembers the table', async ({ page, axeViolations }) => {
    await page.goto(`/dine-in-menu?table=T4`);
    await expect(page.getByText('Ordering for table T4')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Margherita' })).toContainText('$18.00');
    expect(await axeViolations()).toEqual([]);
    await page.goto(`/dine-in-menu`);
    await expect(page.getByText('Ordering for table T4')).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('checkout') ?? '{}').state);
    expect(stored).toMatchObject({ deliveryMethod: 'dine_in', tableId: 'T4' });
  });

  test('the in-store menu has in-store prices', async ({ page, request }) => {
    await chooseRestaurant(page, request, 'Parramatta', 'replaced');
    await page.goto('/instore-menu');
    await expect(page.getByRole('heading', { level: 1, name: 'In-store Menu' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Margherita' })).toContainText('$17.50');
  });

  test('fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/menu`);
    await page.getByRole('button', { name: 'Add Margherita' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the home page menu', () => {
  test('shows the categories and the menu under the hero, linked from Order Now', async ({ page, axeViolations }) => {
    await page.goto(`/`);
    const categories = page.getByRole('heading', { level: 2, name: 'Explore Our Categories' });
    await expect(categories).toBeAttached();
    await expect(page.getByRole('heading', { level: 2, name: 'Our Menu' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('link', { name: 'Order Now' }).click();
    await expect(categories).toBeInViewport();
    await page.getByRole('link', { name: 'Desserts' }).first().click();
    await expect(page.getByRole('heading', { level: 3, name: 'Desserts' })).toBeInViewport();
    expect(await axeViolations()).toEqual([]);
  });

  test('Order Now followed while the menu is loading lands on the categories once it arrives', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v2\/restaurants\/\d+\/menu/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/`);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the menu…' })).toBeVisible();
    await page.getByRole('link', { name: 'Order Now' }).click();
    await expect(page).toHaveURL(/#menu$/);
    release();
    await expect(page.getByRole('link', { name: 'Desserts' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Explore Our Categories' })).toBeInViewport();
  });
});

test.describe('deals', () => {
  test('fill every slot of a deal and see its price', async ({ page, axeViolations }) => {
    await page.goto(`/deals`);
    await expect(page.getByRole('heading', { level: 2, name: 'Combo meals' })).toBeVisible();
    await page.getByRole('button', { name: 'Choose 2 Large Pizzas + Drink' }).click();
    const dialog = page.getByRole('dialog', { name: '2 Large Pizzas + Drink' });
    const add = dialog.getByRole('button', { name: /^Add to cart/ });
    await expect(add).toHaveText('Add to cart · $50.90');
    await add.click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose an item for every place in this deal.');
    await dialog.getByRole('combobox', { name: 'Large pizza 1' }).selectOption({ label: 'Margherita' });
    await dialog.getByRole('combobox', { name: 'Large pizza 2' }).selectOption({ label: 'Gamberi (+$3.00)' });
    await dialog.getByRole('combobox', { name: 'Drink' }).selectOption({ label: 'Chinotto' });
    await expect(add).toHaveText('Add to cart · $53.90');
    expect(await axeViolations()).toEqual([]);
  });

  test('dine-in deals use the restaurant price', async ({ page }) => {
    await page.goto(`/dine-in-menu/deals`);
    await expect(page.getByRole('article', { name: 'Grill Combo' })).toContainText('$44.90');
  });
});
