/** The kitchen's orders board: a customer's order arrives live, staff move it on, the customer follows. */
import type { APIRequestContext, Page } from '@playwright/test';
import { addMargheritas, chooseFirstTime, fillGuest, openCheckoutFromCart, owner } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant } from '../support/restaurants';

// Two browsers, live streams and the back office's chunks on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
// checkout.spec also orders at Surry Hills at the same time: this spec only touches its own order.
const restaurantName = 'Bella Nonna Surry Hills';

/** The owner signs in from the back office's door and lands on the orders board. */
async function signInToBackOffice(page: Page, request: APIRequestContext) {
  await chooseRestaurant(page, request, restaurantName);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders$/);
}

test.describe('the orders board', () => {
  test('a customer orders in one browser; staff see it arrive live, accept it with a prep time and mark it ready; the customer follows each step without reloading', async ({
    browser,
    page,
    request,
    axeViolations,
  }) => {
    test.setTimeout(180_000);
    // Staff: the owner's board at Surry Hills, open before the order exists.
    await signInToBackOffice(page, request);
    await page.getByRole('combobox', { name: 'Restaurant' }).selectOption({ label: restaurantName });
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Turn on sound alerts' }).click();
    await expect(page.getByText('Sound on')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    // The customer, in another browser, orders a Margherita for pickup and pays at the counter.
    const customerContext = await browser.newContext();
    try {
      const customer = await customerContext.newPage();
      await chooseRestaurant(customer, request, restaurantName);
      await addMargheritas(customer, 1);
      await openCheckoutFromCart(customer, 1);
      await chooseFirstTime(customer, 'Pickup time');
      await fillGuest(customer, `live-${Date.now()}@example.com`, { name: 'Lia Live', phone: '0412 555 777' });
      await customer.getByRole('button', { name: 'Continue to payment' }).click();
      await customer.getByRole('radio', { name: 'Pay at the counter' }).check();
      await customer.getByRole('button', { name: 'Place order' }).click();
      await expect(customer).toHaveURL(/\/checkout\/success$/);
      const number = ((await customer.getByTestId('order-number').textContent()) ?? '').replace('#', '').trim();
      baseExpect(number).not.toBe('');
      await customer.getByRole('link', { name: 'Track your order' }).click();
      await expect(customer.getByTestId('order-status')).toHaveText('Order placed');

      // Staff see it appear by itself (no reload), marked new.
      const card = page.getByRole('article', { name: `Order ${number}` });
      await expect(card).toBeVisible();
      await expect(card).toContainText('1 × Margherita');
      await expect(card).toContainText('Lia Live');
      await expect(card).toContainText('New');
      expect(await axeViolations()).toEqual([]);

      // Accepted with a prep time: the customer's page follows without reloading.
      await card.getByLabel('Ready in').selectOption('15');
      await card.getByRole('button', { name: `Accept order ${number}` }).click();
      await expect(customer.getByTestId('order-status')).toHaveText('Accepted by the restaurant');
      await expect(card).toContainText(/ready \d/);
      await card.getByRole('button', { name: `Start preparing: order ${number}` }).click();
      await expect(customer.getByTestId('order-status')).toHaveText('Being prepared');
      await card.getByRole('button', { name: `Mark ready: order ${number}` }).click();
      await expect(customer.getByTestId('order-status')).toHaveText('Ready for pickup');
      // Pickup orders are never sent out for delivery.
      await expect(card.getByRole('button', { name: /Out for delivery/ })).toHaveCount(0);
      await card.getByRole('button', { name: `Complete: order ${number}` }).click();
      await expect(card).toHaveCount(0); // the board shows open orders only

      // Filters: the completed order is under Completed, and not under Delivery.
      await page.getByLabel('Status').selectOption('completed');
      const done = page.getByRole('article', { name: `Order ${number}` });
      await expect(done).toBeVisible();
      await page.getByLabel('Method').selectOption('delivery');
      await expect(done).toHaveCount(0);
      await page.getByLabel('Method').selectOption('pickup');

      // The kitchen ticket, plain for the printer.
      await done.getByRole('link', { name: `Ticket #${number}` }).click();
      const ticket = page.getByRole('article', { name: `Ticket for order ${number}` });
      await expect(ticket).toContainText('1 × Margherita');
      await expect(ticket).toContainText('Lia Live');
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print ticket' })).toBeHidden();
      await expect(ticket).toBeVisible();
      await page.emulateMedia({ media: 'screen' });
      expect(await axeViolations()).toEqual([]);
    } finally {
      await customerContext.close();
    }
  });
});
