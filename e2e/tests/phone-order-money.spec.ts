/**
 * Money on a phone: the cart and checkout say the GST the prices include under the total (not a tax
 * line that seems to be left out of the sum), and an order paid by gift card and card says what paid
 * what, with "left to pay" only while something is.
 */
import { addMargheritas, chooseFirstTime, fillCard, fillGuest, ownerToken } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 30_000 });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the cart and checkout show "Includes GST" under the total; the order page says what paid what', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  // A long menu page and axe over it, on a machine other test runs share.
  test.setTimeout(240_000);
  // A $25.00 gift card the restaurant issued, so the order is paid partly by it and partly by card.
  const issued = await request.post('/api/v2/admin/gift-cards', {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: { amount: 2500, recipient_name: 'Gia Guest', recipient_email: `gift-${unique()}@example.com`, note: 'e2e' },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { code } = ((await issued.json()) as { data: { code: string } }).data;

  await chooseRestaurant(page, request, 'Surry Hills');
  await addMargheritas(page);
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByTestId('cart-total')).toHaveText('$38.00');
  // Prices include GST: one line under the total, in the tenant's name for the tax; no "Tax" line above it.
  await expect(drawer.getByText('Includes GST', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('cart-tax')).toHaveText('$3.45');
  await expect(drawer.getByText('Tax', { exact: true })).toHaveCount(0);
  const below = await drawer.evaluate((el) => {
    const total = el.querySelector('[data-testid="cart-total"]');
    const tax = el.querySelector('[data-testid="cart-tax"]');
    return Boolean(total && tax && total.compareDocumentPosition(tax) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(below, 'the GST line comes after the total').toBe(true);
  expect(await axeViolations()).toEqual([]);

  await drawer.getByRole('link', { name: 'Checkout' }).click();
  await chooseFirstTime(page, 'Pickup time');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Includes GST', { exact: true })).toBeVisible();
  await expect(summary.getByTestId('summary-tax')).toHaveText('$3.45');
  await fillGuest(page, `phone-money-${unique()}@example.com`);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Gift card ending .{4}: pays \$25\.00/)).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  await page.getByRole('link', { name: 'Track your order' }).click();

  await expect(page.getByTestId('order-total')).toHaveText('$38.00');
  const payments = page.getByTestId('order-payment');
  await expect(payments).toHaveText(['Paid by gift card$25.00', 'Paid by card$13.00']);
  await expect(page.getByText(/Left to pay/)).toHaveCount(0);
  await expect(page.getByText('Includes GST', { exact: true })).toBeVisible();
  await expect(page.getByText('Gift card and card (paid)')).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  expect(pageErrors).toEqual([]);
});
