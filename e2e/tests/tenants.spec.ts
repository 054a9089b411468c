import { randomBytes } from 'node:crypto';
import { chooseFirstTime, fillGuest } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { addOpenRestaurant, runTenantCli } from '../support/tenants';

// The back office loads its chunks and data after the shell; a busy machine is slow.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The invitation link in a mail, pointed at the e2e server (it names the tenant's host and port). */
function linkIn(text: string) {
  const link = /https?:\/\/\S+\/accept-invite#token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no invitation link in: ${text}`);
  return link;
}

/** Harbour Sushi's first menu, in the menu editor's JSON format (docs/catalogue-formats.md). */
const harbourMenu = {
  format: 'orderfront-catalogue/1',
  categories: [{ slug: 'rolls', name: 'Rolls', description: '', archived: false, dayparts: [] }],
  modifier_groups: [],
  products: [
    {
      ref: 'salmon-roll',
      category: 'rolls',
      name: 'Salmon Roll',
      description: 'Fresh salmon and avocado.',
      image: null,
      price: 1200,
      online_price: 1200,
      channels: ['online', 'in_store', 'dine_in'],
      labels: [],
      half_and_half: false,
      new: false,
      archived: false,
      attributes: [],
      modifier_groups: [],
    },
  ],
};

test.describe('a new business goes live without a developer', () => {
  test('the operator creates Harbour Sushi on its own host; its owner joins, sees what is missing and invites staff; customers there see Harbour Sushi only', async ({
    browser,
    page,
    baseURL,
    axeViolations,
    pageErrors,
  }) => {
    test.setTimeout(300_000);
    const slug = `harbour-${randomBytes(4).toString('hex')}`;
    const host = `${slug}.e2e.test`;
    const ownerEmail = `owner-${slug}@e2e.test`;
    const staffEmail = `staff-${slug}@e2e.test`;
    const port = new URL(baseURL as string).port;
    const storefront = `http://${host}:${port}`;

    // The operator's command line: bad input is refused clearly; then the business is made.
    expect(() =>
      runTenantCli(baseURL as string, [
        'create',
        '--name',
        'Harbour Sushi',
        '--host',
        host,
        '--currency',
        'AUD',
        '--locale',
        'en-AU',
        '--timezone',
        'Sydney',
        '--owner-email',
        ownerEmail,
      ]),
    ).toThrow(/--timezone: Enter an IANA time zone/);
    const out = runTenantCli(baseURL as string, [
      'create',
      '--name',
      'Harbour Sushi',
      '--host',
      host,
      '--currency',
      'AUD',
      '--locale',
      'en-AU',
      '--timezone',
      'Australia/Sydney',
      '--owner-email',
      ownerEmail,
    ]);
    const tenantId = Number(/Created tenant (\d+)/.exec(out)?.[1]);
    expect(tenantId).toBeGreaterThan(0);
    expect(runTenantCli(baseURL as string, ['list'])).toContain(`${tenantId}\tHarbour Sushi\t${host}`);

    // The owner follows the mailed link: the token is in the fragment, on the business's own host.
    const ownerLink = linkIn((await latestMail(ownerEmail)).text);
    expect(ownerLink.startsWith(`${storefront}/accept-invite#token=`)).toBe(true);
    await page.goto(ownerLink);
    await expect(page.getByRole('heading', { name: 'Join Harbour Sushi' })).toBeVisible();
    await expect(page).toHaveURL(`${storefront}/accept-invite`);
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Your name').fill('Kenji Sato');
    await page.getByLabel('Choose a password').fill('harbour-owner-2026');
    await page.getByRole('button', { name: 'Accept and sign in' }).click();

    // No restaurant yet: the back office opens on the going-live checklist.
    const checklist = page.getByRole('region', { name: 'Before your shop can take orders' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('No restaurant is open yet')).toBeVisible();
    await expect(checklist.getByRole('link', { name: 'Go to Restaurants' })).toHaveAttribute(
      'href',
      '/admin/restaurants',
    );
    await expect(checklist.getByText('No card payment provider is set up')).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    // With a restaurant open, the checklist moves on and the back office opens around it.
    const restaurant = 'Harbour Sushi Circular Quay';
    addOpenRestaurant(tenantId, restaurant);
    await page.reload();
    await expect(checklist.getByText('1 restaurant open')).toBeVisible();
    await expect(checklist.getByRole('link', { name: 'Go to Hours' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('list', { name: 'Business' }).getByRole('link', { name: 'Staff' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    // The owner invites a staff member to the restaurant.
    await nav.getByRole('link', { name: 'Staff' }).click();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    const invite = page.getByRole('form', { name: 'Invite someone new' });
    await invite.getByLabel('Their email').fill(staffEmail);
    await invite.getByLabel('Role').selectOption('staff');
    await expect(invite.getByRole('checkbox', { name: restaurant })).toBeChecked();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('region', { name: 'Invited, not joined yet' })).toContainText(staffEmail);
    expect(await axeViolations()).toEqual([]);

    // The staff member accepts in their own browser and lands on the orders board of that restaurant.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto(linkIn((await latestMail(staffEmail)).text));
    await staff.getByLabel('Your name').fill('Yuki Tanaka');
    await staff.getByLabel('Choose a password').fill('harbour-staff-2026');
    await staff.getByRole('button', { name: 'Accept and sign in' }).click();
    await expect(staff).toHaveURL(`${storefront}/admin/orders`);
    await expect(staff.getByRole('combobox', { name: 'Restaurant' })).toHaveText(restaurant);
    // The same link does not work twice.
    await staff.goto(linkIn((await latestMail(staffEmail)).text));
    await staff.getByLabel('Your name').fill('Someone Else');
    await staff.getByLabel('Choose a password').fill('another-password-1');
    await staff.getByRole('button', { name: 'Accept and sign in' }).click();
    await expect(staff.getByRole('alert')).toContainText('used already');
    await staffContext.close();

    // The owner sees the new member on the team.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Role of Yuki Tanaka' })).toHaveValue('staff');

    // Below 1024 px the grouped sections fold behind one button, usable from the keyboard.
    await page.setViewportSize({ width: 800, height: 900 });
    const sections = nav.getByRole('button', { name: /^Sections/ });
    await expect(sections).toContainText('Staff');
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeHidden();
    await sections.focus();
    await page.keyboard.press('Enter');
    await expect(sections).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('list', { name: 'Service' }).getByRole('link', { name: 'Orders' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await nav.getByRole('link', { name: 'Hours' }).click();
    await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
    await expect(sections).toHaveAttribute('aria-expanded', 'false');
    await page.setViewportSize({ width: 1280, height: 720 });

    // The owner builds a small menu by importing it in the menu editor: checked first, then applied.
    await page.goto(`${storefront}/admin/menu/catalogue`);
    await page.getByLabel('Import a JSON or CSV file').setInputFiles({
      name: 'harbour.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(harbourMenu)),
    });
    await page.getByRole('button', { name: 'Check import (dry run)' }).click();
    const apply = page.getByRole('button', { name: 'Apply import' });
    await expect(apply).toBeEnabled();
    await apply.click();
    await expect(apply).toBeDisabled();

    // Pickup every day, all day, so a time is offered whatever the hour in Sydney.
    await page.goto(`${storefront}/admin/hours`);
    const pickup = page.getByRole('form', { name: 'Pickup hours' });
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      await pickup.getByRole('checkbox', { name: `Pickup open on ${day}` }).check();
      await pickup.getByLabel(`Pickup opens on ${day}`).fill('00:00');
      await pickup.getByLabel(`Pickup closes on ${day}`).fill('23:59');
    }
    await pickup.getByRole('button', { name: 'Save pickup hours' }).click();
    await expect(page.getByText('Hours saved')).toBeVisible();

    // A customer on Harbour Sushi's host sees Harbour Sushi, never Bella Nonna, and orders a roll for
    // pickup, paying at the counter.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await customer.goto(`${storefront}/menu`);
    await expect(customer.getByRole('banner')).toContainText('Harbour Sushi');
    await customer
      .getByRole('article', { name: 'Salmon Roll' })
      .getByRole('button', { name: 'Add Salmon Roll' })
      .click();
    await customer
      .getByRole('dialog', { name: 'Salmon Roll' })
      .getByRole('button', { name: /^Add to cart/ })
      .click();
    await customer.getByRole('button', { name: 'Cart, 1 item' }).click();
    await customer.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Checkout' }).click();
    await chooseFirstTime(customer, 'Pickup time');
    await fillGuest(customer, `guest-${slug}@e2e.test`, { name: 'Hana Guest', phone: '0412 555 321' });
    await customer.getByRole('button', { name: 'Continue to payment' }).click();
    await customer.getByRole('radio', { name: 'Pay at the counter' }).check();
    await customer.getByRole('button', { name: 'Place order' }).click();
    await expect(customer).toHaveURL(`${storefront}/checkout/success`);
    await expect(customer.getByTestId('order-number')).toBeVisible();
    await expect(customer.locator('body')).not.toContainText('Bella Nonna');
    await customerContext.close();

    // Plain-HTTP test hosts make Chromium ignore the COOP header; anything else is a real error.
    expect(pageErrors.filter((e) => !e.includes('Cross-Origin-Opener-Policy'))).toEqual([]);
  });
});
