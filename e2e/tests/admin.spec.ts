import type { APIRequestContext } from '@playwright/test';
import { owner, ownerToken } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { chooseRestaurant, restaurantNamed } from '../support/restaurants';

// The back office and the menu load their chunks and data after the shell; a busy machine is slow.
const expect = baseExpect.configure({ timeout: 15_000 });

// Other specs run at the same time on the same server: this one acts on Parramatta and on a dish no
// other spec orders, and puts back everything it changes.
const restaurantName = 'Bella Nonna Parramatta';
const dish = 'Panna Cotta';

/** Back on sale and not paused, whatever happened in the test. */
async function restore(request: APIRequestContext) {
  const token = await ownerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const restaurantId = (await restaurantNamed(request, restaurantName)).restaurant.id;
  await request.put('/api/v2/admin/ordering/pause', { headers, data: { restaurant_id: restaurantId, minutes: 0 } });
  const menu = (await (await request.get(`/api/v2/admin/menu?restaurant_id=${restaurantId}`, { headers })).json()).data;
  const product = menu.products.find((p: { name: string }) => p.name === dish);
  if (product && !product.is_available) {
    await request.patch(`/api/v2/admin/products/${product.id}/availability`, {
      headers,
      data: { restaurant_id: restaurantId, available: true },
    });
  }
}

test.describe('the back office', () => {
  test('the owner signs in, marks a dish out of stock for today and customers stop being offered it; pause shows on the storefront', async ({
    browser,
    page,
    request,
    axeViolations,
    pageErrors,
  }) => {
    // A long journey with several axe runs; on a loaded machine it needs more than test.slow()'s 90 s.
    test.setTimeout(180_000);
    // The other tests of this file run alongside: this one puts back what it changes itself.
    try {
      await chooseRestaurant(page, request, restaurantName);
      await page.goto('/admin');
      await expect(page.getByText('Sign in with your staff account')).toBeVisible();
      expect(await axeViolations()).toEqual([]);
      await page.getByRole('link', { name: 'Sign in' }).click();
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Log in' }).click();

      await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
      // Staff land on the orders board; availability is one click away.
      await expect(page).toHaveURL(/\/admin\/orders$/);
      await page.getByRole('link', { name: 'Availability' }).click();
      await expect(page).toHaveURL(/\/admin\/menu$/);
      await page.getByRole('combobox', { name: 'Restaurant' }).selectOption({ label: restaurantName });

      // A customer, in their own browser, has the menu open and is offered the dish.
      const customerContext = await browser.newContext();
      const customer = await customerContext.newPage();
      await chooseRestaurant(customer, request, restaurantName);
      await customer.goto('/menu');
      const card = customer.getByRole('article', { name: dish });
      await expect(card.getByRole('button', { name: `Add ${dish}` })).toBeVisible();

      // The owner 86es it for today.
      const row = page.getByRole('listitem').filter({ has: page.getByText(dish, { exact: true }) });
      await row.getByRole('button', { name: `Out today: ${dish}` }).click();
      await expect(row.getByText('Out of stock until tomorrow')).toBeVisible();
      expect(await axeViolations()).toEqual([]);

      // The customer's next look at the menu no longer offers it, with no cache in the way.
      await customer.reload();
      await expect(card.getByText('Out of stock')).toBeVisible();
      await expect(card.getByRole('button', { name: `Add ${dish}` })).toHaveCount(0);

      // Back on sale.
      await row.getByRole('button', { name: `Back on sale: ${dish}` }).click();
      await expect(row.getByText('On sale')).toBeVisible();
      await customer.reload();
      await expect(card.getByRole('button', { name: `Add ${dish}` })).toBeVisible();

      // Pause ordering: the storefront says it is not taking online orders.
      await page.getByRole('link', { name: 'Ordering' }).click();
      await page.getByLabel('Pause for').selectOption('15');
      await page.getByRole('button', { name: 'Pause ordering' }).click();
      await expect(page.getByText(/Online ordering is paused until/)).toBeVisible();
      expect(await axeViolations()).toEqual([]);
      await customer.reload();
      const notice = customer.getByRole('dialog', { name: "We're not accepting online orders at the moment." });
      await expect(notice).toBeVisible();
      await expect(notice.getByText(/Online ordering is paused for a short while and resumes at/)).toBeVisible();
      await notice.getByRole('button', { name: 'Continue Browsing' }).click();

      await page.getByRole('button', { name: 'Resume ordering now' }).click();
      await expect(page.getByText('Taking online orders.')).toBeVisible();
      await customer.reload();
      await expect(
        customer.getByRole('article', { name: dish }).getByRole('button', { name: `Add ${dish}` }),
      ).toBeVisible();
      await customer.waitForTimeout(3500); // the notice would open 3 s after the settings load
      await expect(customer.getByRole('dialog')).toHaveCount(0);
      await customerContext.close();

      // A card of this test's own, so the gift cards page has a list to show next to its summary.
      const recipient = `admin-e2e-${Date.now().toString(36)}@example.com`;
      const issued = await request.post('/api/v2/admin/gift-cards', {
        headers: { authorization: `Bearer ${await ownerToken(request)}` },
        data: { amount: 2500, recipient_name: 'Axe Check', recipient_email: recipient, note: 'Browser test' },
      });
      expect(issued.status()).toBe(201);
      // …and one bought online and paid with the sandbox's test card, which the owner refunds.
      const bought = await request.post('/api/v2/gift-cards', {
        headers: { 'idempotency-key': `admin-e2e-${Date.now().toString(36)}` },
        data: {
          tenant_id: 139,
          amount: 2500,
          recipient_name: 'Refund Check',
          recipient_email: `refund-${recipient}`,
          sender_name: 'Axe',
          purchaser_email: `buyer-${recipient}`,
        },
      });
      expect(bought.status()).toBe(201);
      const purchase = (await bought.json()).data;
      const paid = await request.post(`/api/v2/gift-cards/${purchase.gift_card.id}/pay/sandbox`, {
        // The purchase's own secret opens it to a buyer without an account (decision 026).
        headers: { 'x-gift-card-token': purchase.purchase_token },
        data: {
          tenant_id: 139,
          purchaser_email: `buyer-${recipient}`,
          payment_id: purchase.payment.payment_id,
          card_number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 2,
          cvc: '123',
        },
      });
      const boughtLast4 = (await paid.json()).data.gift_card.last4 as string;
      expect(boughtLast4).toMatch(/^[A-Z2-9]{4}$/);

      // The other owner pages pass axe too.
      for (const [link, heading] of [
        ['Coupons', 'Coupons'],
        ['Gift cards', 'Gift cards'],
        ['Customer points', 'Customer points'],
        ['Loyalty and gift card settings', 'Loyalty and gift cards'],
        ['Reservations', 'Reservations'],
        ['Hours', 'Opening hours'],
        ['Theme', 'Theme editor'],
        ['Staff', 'Staff'],
      ] as const) {
        await page
          .getByRole('navigation', { name: 'Back office' })
          .getByRole('link', { name: link, exact: true })
          .click();
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
        if (link === 'Gift cards') {
          // Checked with the summary and the recent cards on screen, not while they load.
          const summary = page.getByRole('region', { name: 'Summary' });
          await expect(summary.getByText('Outstanding balance')).toBeVisible();
          await expect(summary.getByText(/^\$[\d,]+\.\d{2}$/).first()).toBeVisible();
          const recent = page.getByRole('list', { name: 'Recent gift cards' });
          await expect(recent.getByText(`To Axe Check (${recipient})`)).toBeVisible();
          // The refund's confirmation step passes axe too; then the owner refunds the card.
          await recent.getByRole('button', { name: `Refund …${boughtLast4}` }).click();
          const step = recent.getByRole('region', { name: `Refund card …${boughtLast4}` });
          await expect(step.getByText(`goes back to the card buyer-${recipient} paid with`)).toBeVisible();
          await expect(step.getByLabel('Reason for the refund (for staff)')).toBeFocused();
          expect(await axeViolations(), 'refund step').toEqual([]);
          await step.getByLabel('Reason for the refund (for staff)').fill('Browser test');
          await step.getByRole('button', { name: 'Refund $25.00' }).click();
          await expect(recent.getByText('Refunded $25.00 to the buyer on', { exact: false })).toBeFocused();
        }
        expect(await axeViolations(), link).toEqual([]);
      }
      // …and Customer points with a customer found: balance, adjust form and history (nothing adjusted).
      await page.getByRole('link', { name: 'Customer points', exact: true }).click();
      await page.getByLabel('Customer email').fill('customer@bellanonna.example');
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByRole('form', { name: /^Adjust points of / })).toBeVisible();
      expect(await axeViolations(), 'Customer points with a customer').toEqual([]);
    } finally {
      await restore(request);
    }
    expect(pageErrors).toEqual([]);
  });

  test("customers' pages never load the back office's code", async ({ page, request }) => {
    await chooseRestaurant(page, request, 'Bella Nonna Surry Hills');
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
    });
    for (const path of ['/', '/menu', '/cart', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((source) => source.includes('Restaurant back office'))).toEqual([]);
    // …while /admin does load it.
    await page.goto('/admin');
    await expect(page.getByText('Restaurant back office')).toBeVisible();
  });
});
