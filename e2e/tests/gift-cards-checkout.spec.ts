/** Buy a gift card with the sandbox card, receive its code by mail, and pay part of an order with it. */
import {
  addMargheritas,
  chooseFirstTime,
  fillCard,
  fillGuest,
  openCheckoutFromCart,
  ordersFor,
} from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test('a gift card bought with the test card pays part of an order; the card pays the rest', async ({
  page,
  request,
  axeViolations,
  pageErrors,
}) => {
  test.slow();
  await chooseRestaurant(page, request, 'Surry Hills');
  const recipient = `gift-${unique()}@example.com`;
  await page.goto('/gift-cards');
  await page.getByRole('radio', { name: '$25.00' }).check();
  await page.getByLabel('Recipient’s name').fill('Gia Guest');
  await page.getByLabel('Recipient’s email').fill(recipient);
  await page.getByLabel('Your name').fill('Ada');
  await page.getByLabel('Your email (for the receipt)').fill(`buyer-${unique()}@example.com`);
  await page.getByRole('button', { name: /Continue to payment/ }).click();
  await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
  expect(await axeViolations()).toEqual([]);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Thank you! Your gift card is paid.')).toBeVisible();

  const code = (await latestMail(recipient)).text.match(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/)?.[0] ?? '';
  expect(code).not.toBe('');

  await addMargheritas(page);
  await openCheckoutFromCart(page);
  await chooseFirstTime(page, 'Pickup time');
  const email = `gift-order-${unique()}@example.com`;
  await fillGuest(page, email);
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await page.getByLabel('Gift card code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/Gift card ending .{4}: pays \$25\.00/)).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success$/);
  expect(ordersFor(email)[0]).toEqual({
    status: 'placed',
    payment_status: 'paid',
    gift_card_cents: 2500,
    amount_due_cents: 1300,
  });
  expect(pageErrors).toEqual([]);
});
