/**
 * The demo looks like a real restaurant's site on a phone: every dish has a picture of its own (not one
 * clip-art per category), the business has a logo, and the pictures are sized and lazy so the many
 * below the fold stay out of the first paint.
 */
import { expect as baseExpect, test } from '../support/fixtures';
import { withRestaurantChosen } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('every dish on the menu has its own sized, lazy picture; the header shows the logo', async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  await withRestaurantChosen(page, request);
  await page.goto('/menu');
  await expect(page.getByRole('article', { name: 'Margherita' })).toBeVisible();

  const logo = page.getByRole('banner').getByRole('link').first().locator('img');
  await expect(logo).toHaveAttribute('src', '/images/logo.svg');
  expect(await logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

  const pictures = await page
    .getByRole('article')
    .locator('img')
    .evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src') ?? '',
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
      })),
    );
  expect(pictures.length).toBeGreaterThan(30);
  // One picture per dish: as many different pictures as dishes.
  expect(new Set(pictures.map((p) => p.src)).size).toBe(pictures.length);
  for (const picture of pictures) {
    expect(picture.src).toMatch(/^\/images\/menu\/dishes\/[a-z0-9-]+\.svg$/);
    expect(picture).toMatchObject({ width: '400', height: '300', loading: 'lazy' });
  }
  // Lazy: before any scrolling, the dishes far down the page have not been fetched.
  const fetched = await page.evaluate(
    () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/images/menu/dishes/')).length,
  );
  expect(fetched).toBeLessThan(pictures.length / 2);

  // Small files: each picture is a few kilobytes.
  const sizes = await Promise.all(
    pictures.slice(0, 8).map(async (p) => (await request.get(p.src)).body().then((b) => b.length)),
  );
  for (const size of sizes) expect(size).toBeLessThan(16_000);

  // A picture scrolled into view loads.
  const tiramisu = page.getByRole('article', { name: 'Tiramisu' }).locator('img');
  await tiramisu.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      tiramisu.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(tiramisu).toHaveAttribute('src', '/images/menu/dishes/tiramisu.svg');
  expect(pageErrors).toEqual([]);
});
