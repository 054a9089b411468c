/** On a phone, delivery is quoted as the address is typed, and never shown as free before it is. */
import { addMargheritas, chooseFirstTime, openCheckoutFromCart } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('Manly is quoted with the cursor still in the postcode; a quote out when pickup is chosen sets no error', async ({
  page,
  request,
  axeViolations,
}) => {
  test.slow();
  // Each quote waits for the test's go-ahead, so what shows meanwhile can be seen.
  const quotes: string[] = [];
  let release: () => void = () => undefined;
  let held = new Promise<void>((resolve) => (release = resolve));
  const lastPostcode = () => JSON.parse(quotes.at(-1) ?? '{}').address?.postcode;
  const hold = () => {
    held = new Promise<void>((resolve) => (release = resolve));
  };
  await page.route('**/api/v2/delivery/quote', async (route) => {
    quotes.push(route.request().postData() ?? '');
    await held;
    await route.continue();
  });

  await chooseRestaurant(page, request, 'Surry Hills');
  await addMargheritas(page);
  await openCheckoutFromCart(page);
  await page.getByRole('radio', { name: 'Delivery' }).check();
  await chooseFirstTime(page, 'Delivery time');
  const summaryDelivery = page.getByTestId('summary-delivery');
  await expect(summaryDelivery).toHaveText('Calculated from your address');

  await page.getByRole('textbox', { name: 'Street address' }).fill('1 The Corso');
  await page.getByRole('textbox', { name: 'Suburb' }).fill('Manly');
  await page.getByRole('textbox', { name: 'City' }).fill('Sydney');
  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await postcode.click();
  await postcode.pressSequentially('2095', { delay: 50 });
  // Typing goes on: checking, never free.
  await expect(page.getByText('Checking delivery to this address…')).toBeVisible();
  await expect(summaryDelivery).toHaveText('Checking…');
  await expect(page.getByTestId('delivery-charge')).toHaveCount(0);
  await expect.poll(lastPostcode).toBe('2095');
  release();
  await expect(page.getByTestId('delivery-error')).toBeVisible();
  await expect(postcode).toBeFocused();
  await expect(summaryDelivery).toHaveText('Not available');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  expect(await axeViolations()).toEqual([]);

  // Surry Hills' own postcode is asked about; the customer switches to pickup before the answer.
  hold();
  await postcode.fill('2010');
  await expect.poll(lastPostcode).toBe('2010');
  const answered = page.waitForResponse('**/api/v2/delivery/quote');
  await page.getByRole('radio', { name: 'Pickup' }).check();
  release();
  await answered;
  await page.waitForTimeout(500);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('checkout') ?? '{}').state);
  expect(stored).toMatchObject({ deliveryMethod: 'pickup', deliveryError: null });

  // Back on delivery the address is quoted again: free over $30 in Surry Hills.
  hold();
  await page.getByRole('radio', { name: 'Delivery' }).check();
  await expect(summaryDelivery).toHaveText('Checking…');
  release();
  await expect(page.getByTestId('delivery-charge')).toHaveText('Free delivery to this address');
  await expect(summaryDelivery).toHaveText('Free');
});
