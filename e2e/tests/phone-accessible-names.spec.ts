/**
 * WCAG 2.5.3 (label in name): a button's accessible name contains the words it shows, so a customer
 * or cook using voice control can say "Add to cart" or "Out today" and press it.
 */
import { owner, signUpCustomer } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant, withRestaurantChosen } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('/favorites: "Add to cart" is named for what it shows, and axe finds no label-in-name problem', async ({
  page,
  request,
  axeViolations,
}) => {
  test.setTimeout(240_000);
  await withRestaurantChosen(page, request);
  await signUpCustomer(page, request, { name: 'Fay Favourite', emailPrefix: 'phone-names' });
  await page.goto('/menu');
  const heart = page.getByRole('button', { name: 'Favourite Capricciosa' });
  // Pressed or not only once the (empty) wishlist has loaded.
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/favorites');
  const card = page.getByRole('article', { name: 'Capricciosa' });
  const add = card.getByRole('button', { name: /Add to cart/ });
  await expect(add).toHaveText('Add to cart');
  await expect(add).toHaveAccessibleName(/^Add to cart\b.*Capricciosa/);
  expect(await axeViolations()).toEqual([]);
});

test('/admin/menu on a phone: "Out today" and "Out until back" are named for what they show', async ({
  page,
  request,
  axeViolations,
}) => {
  // Every dish of the menu on one long page: axe takes a while over it, on a shared machine.
  test.setTimeout(240_000);
  const res = await request.post('/api/v2/auth/login', { data: { tenant_id: 139, ...owner } });
  expect(res.status()).toBe(200);
  const { token, user } = ((await res.json()) as { data: { token: string; user: unknown } }).data;
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', u as string);
    },
    [token, JSON.stringify(user)],
  );
  await chooseRestaurant(page, request, 'Parramatta');
  await page.goto('/admin/menu');
  await page.getByRole('combobox', { name: 'Restaurant' }).selectOption({ label: 'Bella Nonna Parramatta' });
  const row = page.getByRole('listitem').filter({ has: page.getByText('Cannoli', { exact: true }) });
  await expect(row.getByRole('button', { name: 'Out today: Cannoli' })).toHaveText('Out today');
  await expect(row.getByRole('button', { name: 'Out until back: Cannoli' })).toHaveText('Out until back');
  expect(await axeViolations()).toEqual([]);
});
