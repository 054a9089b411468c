import { expect as baseExpect, test } from '../support/fixtures';
import { createTenant, signUpStaff } from '../support/tenants';

// The back office loads its chunks and data after the shell; a busy machine is slow.
const expect = baseExpect.configure({ timeout: 15_000 });

const newRestaurant = 'Harbour Sushi Circular Quay';

/** The Sydney calendar date `days` from today. */
function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

test('an owner sets the business up: details with an ABN, a restaurant with hours, a delivery zone, tables and their QR codes; the storefront shows it', async ({
  page,
  browser,
  baseURL,
  axeViolations,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  // A business of its own on its own host, so nothing here touches another spec's data.
  const tenant = createTenant(baseURL as string, { name: 'Harbour Sushi' });
  const owner = await signUpStaff(page.request, tenant, 'owner');
  await page.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [owner.token, JSON.stringify(owner.user)] as const,
  );

  // Business details: a mistyped ABN is refused on its field, the right one saved.
  await page.goto(`${tenant.url}/admin/business`);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const business = page.getByRole('form', { name: 'Business settings' });
  await expect(business.getByLabel('Business name')).toHaveValue('Harbour Sushi');
  await business.getByLabel('Legal name').fill('Harbour Sushi Pty Ltd');
  await business.getByLabel('ABN').fill('51 824 753 557');
  await business.getByLabel('Phone').fill('02 9000 1111');
  await business.getByLabel('Email').fill('hello@harbour.example');
  await business.getByRole('button', { name: 'Save business details' }).click();
  await expect(business.getByText('Not a valid ABN (11 digits, checksum failed)')).toBeVisible();
  await expect(business.getByLabel('ABN')).toBeFocused();
  expect(await axeViolations()).toEqual([]);
  await business.getByLabel('ABN').fill('51 824 753 556');
  await business.getByRole('button', { name: 'Save business details' }).click();
  await expect(page.getByText('Business details saved')).toBeVisible();

  // A new restaurant, chosen at once for setting up.
  await nav.getByRole('link', { name: 'Restaurants' }).click();
  await page.getByRole('button', { name: 'New restaurant' }).click();
  const form = page.getByRole('form', { name: 'New restaurant' });
  await form.getByLabel('Restaurant name').fill(newRestaurant);
  await form.getByLabel('Street address').fill('5 Alfred St');
  await form.getByLabel('Suburb').fill('Sydney');
  await form.getByLabel('Postcode').fill('2000');
  await form.getByLabel('City').fill('Sydney');
  await form.getByLabel('State').fill('NSW');
  await form.getByLabel('Latitude').fill('-33.861');
  await form.getByLabel('Longitude').fill('151.211');
  await form.getByRole('button', { name: 'Create restaurant' }).click();
  await expect(page.getByText('Restaurant created')).toBeVisible();
  await expect(page.getByRole('heading', { name: newRestaurant, level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Restaurant' })).toHaveValue(/\d+/);
  await expect(page.getByRole('combobox', { name: 'Restaurant' }).locator('option:checked')).toHaveText(newRestaurant);
  expect(await axeViolations()).toEqual([]);

  // Pickup every day from 11:00 to 21:00.
  await nav.getByRole('link', { name: 'Hours' }).click();
  const pickup = page.getByRole('form', { name: 'Pickup hours' });
  for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await pickup.getByRole('checkbox', { name: `Pickup open on ${day}` }).check();
  }
  await pickup.getByRole('button', { name: 'Save pickup hours' }).click();
  await expect(page.getByText('Hours saved')).toBeVisible();

  // A delivery zone, and the live test answers for an address in it and one outside.
  await nav.getByRole('link', { name: 'Delivery zones' }).click();
  await page.getByRole('button', { name: 'New zone' }).click();
  const zone = page.getByRole('form', { name: 'New delivery zone' });
  await zone.getByLabel('Zone name').fill('City');
  await zone.getByLabel('Postcodes').fill('2000, 2010');
  await zone.getByLabel('Delivery fee ($)').fill('-5');
  await zone.getByRole('button', { name: 'Save zone' }).click();
  await expect(zone.getByText('Must not be negative')).toBeVisible();
  await zone.getByLabel('Delivery fee ($)').fill('5');
  await zone.getByLabel('Minimum order ($)').fill('20');
  await zone.getByRole('button', { name: 'Save zone' }).click();
  await expect(page.getByRole('row', { name: /City/ })).toContainText('$5.00');
  const check = page.getByRole('region', { name: 'Would we deliver to …?' });
  await check.getByLabel('Postcode').fill('2010');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText(/^Yes, we deliver to 2010 \(City\)/)).toBeVisible();
  await check.getByLabel('Postcode').fill('3000');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText("No, we don't deliver to 3000")).toBeVisible();
  expect(await axeViolations()).toEqual([]);

  // Tables: names are unique; the QR sheet has one code per table.
  await nav.getByRole('link', { name: 'Tables' }).click();
  const addTable = page.getByRole('form', { name: 'Add a table' });
  const addNamed = async (name: string) => {
    await addTable.getByLabel('Table name').fill(name);
    await addTable.getByRole('button', { name: 'Add table' }).click();
  };
  for (const name of ['T1', 'T2']) {
    await addNamed(name);
    // The form empties itself once the table is added: wait for that before typing the next name.
    await expect(page.getByRole('button', { name: `Remove table ${name}` })).toBeVisible();
    await expect(addTable.getByLabel('Table name')).toHaveValue('');
  }
  await addNamed('T1');
  await expect(addTable.getByText('Already used at this restaurant')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove table/ })).toHaveCount(2);
  await page.getByRole('link', { name: 'Print QR codes' }).click();
  await expect(page.getByRole('img', { name: 'QR code for table T1' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for table T2' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for table T1' }).locator('svg')).toHaveCount(1);
  expect(await axeViolations()).toEqual([]);

  // Closed today for a stocktake (and tomorrow, so a run across Sydney's midnight still sees it), and
  // special hours later on, added and then changed in place: an overlap is refused on its field.
  await nav.getByRole('link', { name: 'Restaurants' }).click();
  const closure = page.getByRole('form', { name: 'Add a closure' });
  for (const days of [0, 1]) {
    await closure.getByLabel('Closed on').fill(sydneyDate(days));
    await closure.getByLabel('Reason (optional)').fill('Stocktake');
    await closure.getByRole('button', { name: 'Add closure' }).click();
    await expect(page.getByText(`${sydneyDate(days)} · Every method · Stocktake`)).toBeVisible();
  }
  const later = sydneyDate(5);
  const addHours = page.getByRole('form', { name: 'Add special hours' });
  for (const [opens, closes] of [
    ['10:00', '14:00'],
    ['17:00', '20:00'],
  ]) {
    await addHours.getByLabel('Date').fill(later);
    await addHours.getByLabel('Opens').fill(opens as string);
    await addHours.getByLabel('Closes').fill(closes as string);
    await addHours.getByRole('button', { name: 'Add special hours' }).click();
    await expect(page.getByText(`${later} · Pickup · ${opens}–${closes}`)).toBeVisible();
  }
  await page
    .getByRole('button', { name: `Edit Pickup hours on ${later}` })
    .first()
    .click();
  const editHours = page.getByRole('form', { name: `Change Pickup hours on ${later}` });
  await editHours.getByLabel('Closes').fill('18:00');
  await editHours.getByRole('button', { name: 'Save changes' }).click();
  await expect(editHours.getByText('Overlaps 17:00–20:00 that day')).toBeVisible();
  await expect(editHours.getByLabel('Opens')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations()).toEqual([]);
  await editHours.getByLabel('Closes').fill('15:00');
  await editHours.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${later} · Pickup · 10:00–15:00`)).toBeVisible();
  await expect(editHours).toHaveCount(0);

  // A customer of the business sees the new restaurant, closed today with the reason, and the business's own details.
  const visitor = await browser.newContext();
  const customer = await visitor.newPage();
  await customer.goto(`${tenant.url}/`);
  const dialog = customer.getByRole('dialog', { name: 'Choose your restaurant' });
  await expect(dialog.getByRole('button', { name: new RegExp(newRestaurant) })).toBeVisible();
  await expect(dialog.getByRole('button', { name: new RegExp(newRestaurant) })).toContainText('5 Alfred St');
  await expect(dialog.getByRole('button', { name: new RegExp(newRestaurant) })).toContainText(
    'Closed today: Stocktake',
  );
  await dialog.getByRole('button', { name: new RegExp(newRestaurant) }).click();
  const footer = customer.getByRole('contentinfo');
  await expect(footer).toContainText('Harbour Sushi Pty Ltd');
  await expect(footer).toContainText('02 9000 1111');
  await expect(footer).toContainText('ABN 51 824 753 556');
  await visitor.close();
  // The duplicate table name (400) and the overlapping special hours (409) are refused by the server,
  // which the browser logs; a tenant's own
  // host is plain http, so the browser ignores the opener policy header and says so.
  const expected = ['status of 400', 'status of 409', 'Cross-Origin-Opener-Policy'];
  expect(pageErrors.filter((e) => !expected.some((text) => e.includes(text)))).toEqual([]);
});
