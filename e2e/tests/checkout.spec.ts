/** Checkout journeys: guest delivery by card with live status, declined card, cash pickup and history, dine-in. */
import {
  addMargheritas,
  chooseFirstTime,
  fillCard,
  fillGuest,
  moveOrder,
  openCheckoutFromCart,
  openDiningRoomAllDay,
  ordersFor,
  ownerToken,
  signUpCustomer,
} from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { chooseRestaurant } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });

test.describe('checkout', () => {
  test('a guest orders delivery with the test card and watches the status change live', async ({
    page,
    request,
    axeViolations,
    pageErrors,
  }) => {
    test.slow();
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await chooseFirstTime(page, 'Delivery time');
    await page.getByRole('textbox', { name: 'Street address' }).fill('12 Crown Street');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Surry Hills');
    await page.getByRole('textbox', { name: 'City' }).fill('Sydney');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2010');
    await page.getByRole('textbox', { name: 'Postcode' }).blur();
    await expect(page.getByTestId('delivery-charge')).toHaveText('Free delivery to this address');
    const email = `guest-${Date.now()}@example.com`;
    await fillGuest(page, email);
    await expect(page.getByTestId('summary-total')).toHaveText('$38.00');
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
    expect(await axeViolations()).toEqual([]);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/checkout\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('link', { name: 'Track your order' }).click();

    // The guest's credential stays with the tab: no token in the address (decision 026).
    await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
    const orderId = Number(/order-confirmation\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByTestId('order-status')).toHaveText('Order placed');
    await expect(page.getByTestId('order-line')).toContainText('2 × Margherita');
    await expect(page.getByTestId('order-total')).toHaveText('$38.00');
    expect(await axeViolations()).toEqual([]);

    // The kitchen accepts it: the open page follows without a reload.
    const token = await ownerToken(request);
    await moveOrder(request, token, orderId, 'accepted');
    await expect(page.getByTestId('order-status')).toHaveText('Accepted by the restaurant');
    await moveOrder(request, token, orderId, 'preparing');
    await expect(page.getByTestId('order-status')).toHaveText('Being prepared');
    await expect(page.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]')).toContainText(
      'Being prepared',
    );

    // The mailed link, opened in a new tab: the order shows, and its token leaves the address.
    const mailed = /\/order-confirmation\/\d+\?token=[A-Za-z0-9_-]+/.exec((await latestMail(email)).text)?.[0];
    expect(mailed).toContain(`/order-confirmation/${orderId}?token=`);
    const tab = await page.context().newPage();
    await tab.goto(mailed as string);
    await expect(tab.getByTestId('order-status')).toHaveText('Being prepared');
    await expect(tab).toHaveURL(new RegExp(`/order-confirmation/${orderId}$`));
    await tab.close();
    expect(pageErrors).toEqual([]);
  });

  test('a declined card shows why and places no order', async ({ page, request }) => {
    test.slow();
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await chooseFirstTime(page, 'Pickup time');
    const email = `declined-${Date.now()}@example.com`;
    await fillGuest(page, email);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    expect(ordersFor(email).filter((o) => o.status !== 'pending_payment')).toEqual([]);
  });

  test('a new customer orders pickup with cash, then delivery by card, and finds both in the order history', async ({
    page,
    request,
    axeViolations,
  }) => {
    test.slow();
    await signUpCustomer(page, request, { name: 'Sam Signup', emailPrefix: 'e2e-checkout' });
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await expect(page.getByTestId('contact-profile')).toContainText('Sam Signup');
    await chooseFirstTime(page, 'Pickup time');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success$/);
    const first = (await page.getByTestId('order-number').textContent())?.replace('#', '') ?? '';
    await page.getByRole('link', { name: 'Track your order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Order placed');
    await expect(page.getByText('Pay at the counter')).toBeVisible();

    // A second order, delivered and paid by card.
    await addMargheritas(page);
    await openCheckoutFromCart(page);
    await page.getByRole('radio', { name: 'Delivery' }).check();
    await chooseFirstTime(page, 'Delivery time');
    await page.getByRole('textbox', { name: 'Street address' }).fill('7 Bourke Street');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Surry Hills');
    await page.getByRole('textbox', { name: 'City' }).fill('Sydney');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2010');
    await page.getByRole('textbox', { name: 'Postcode' }).blur();
    await expect(page.getByTestId('delivery-charge')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success$/);
    const second = (await page.getByTestId('order-number').textContent())?.replace('#', '') ?? '';

    await page.goto('/order-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
    const rows = page.getByTestId('order-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`Order #${second}`);
    await expect(rows.nth(0)).toContainText('Delivery');
    await expect(rows.nth(1)).toContainText(`Order #${first}`);
    await expect(rows.nth(1)).toContainText('Pickup');
    await expect(rows.nth(1)).toContainText('Order placed · $38.00');
    expect(await axeViolations()).toEqual([]);
    await rows
      .nth(1)
      .getByRole('button', { name: `Reorder order #${first}` })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line')).toContainText('Margherita');
  });

  test('a dine-in order from the table QR link', async ({ page, request, axeViolations }) => {
    test.slow();
    // The seeded dining room keeps Sydney's dinner hours: open it around the clock, so the test runs at any time.
    await openDiningRoomAllDay(request, 'Surry Hills');
    await chooseRestaurant(page, request, 'Surry Hills');
    await addMargheritas(page, 2, '/dine-in-menu?table=T7');
    await openCheckoutFromCart(page);
    await expect(page).toHaveURL(/\/dine-in-menu\/checkout$/);
    await expect(page.getByTestId('table-id')).toHaveText('Ordering for table T7');
    await expect(page.getByRole('combobox', { name: /time/ })).toHaveCount(0);
    await fillGuest(page, `table-${Date.now()}@example.com`);
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/dine-in-menu\/checkout\/payment$/);
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('radio', { name: 'Pay at the counter' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dine-in\/order\/confirmation\/\d+/);
    await expect(page.getByTestId('order-status')).toHaveText('Order placed');
    await expect(page.getByText('Dine-in')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^T7$/ })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});
