import { expect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { withRestaurantChosen } from '../support/restaurants';

/**
 * A Sydney calendar date at least `days` from today, skipping the demo's holiday closures and any
 * weekday in `notOn` (0 = Sunday), so a test does not depend on which day it runs.
 */
function sydneyDate(days: number, notOn: readonly number[] = []): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  let date = new Date(`${today}T12:00:00Z`);
  date = new Date(date.getTime() + days * 86_400_000);
  let iso = date.toISOString().slice(0, 10);
  while (['2026-12-25', '2026-12-26', '2027-01-01'].includes(iso) || notOn.includes(date.getUTCDay())) {
    date = new Date(date.getTime() + 86_400_000);
    iso = date.toISOString().slice(0, 10);
  }
  return iso;
}

// A returning visitor: the first visit's mandatory restaurant dialog is tested in restaurants.spec.ts.
test.beforeEach(({ page, request }) => withRestaurantChosen(page, request));

test.describe('table reservations', () => {
  test('a guest books a table, confirms, sees the reference, gets the mail and cancels from its link', async ({
    page,
    axeViolations,
    pageErrors,
  }) => {
    test.slow(); // a whole journey with four axe scans: allow for a loaded machine
    const email = `guest.${Date.now()}@example.test`;
    const date = sydneyDate(5);
    await page.goto('/table-reservation');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a table' })).toBeVisible();
    await page.getByLabel('Restaurant').selectOption({ label: 'Bella Nonna Surry Hills (412 Crown Street, Sydney)' });
    await page.getByLabel('Date').fill(date);
    await page.getByLabel('Guests').selectOption({ label: '3 guests' });
    const seven = page.getByRole('radio', { name: /^7:00\s?pm$/i });
    await expect(seven).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    // Nothing filled in yet: the form says what is missing and moves focus there.
    await page.getByRole('button', { name: 'Review booking' }).click();
    await expect(page.getByText('Choose a time')).toBeVisible();
    await expect(page.getByRole('radio').first()).toBeFocused();
    await expect(page.getByText('Enter your name')).toBeVisible();

    await seven.check();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Phone').fill('0412 345 678');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/Special requests/).fill('High chair for a toddler');
    await page.getByRole('button', { name: 'Review booking' }).click();

    await expect(page).toHaveURL(/\/table-reservation\/confirm$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your booking' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Your booking' });
    await expect(summary).toContainText('Bella Nonna Surry Hills');
    await expect(summary).toContainText('3 guests');
    await expect(summary).toContainText('High chair for a toddler');
    await expect(summary).toContainText(/7:00\s?pm/i);
    expect(await axeViolations()).toEqual([]);

    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page).toHaveURL(/\/table-reservation\/success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your table is booked' })).toBeVisible();
    const reference = (await page.locator('#success-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^R-[A-Z2-9]{8}$/);
    expect(await axeViolations()).toEqual([]);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`reservation-${reference}.ics`);
    const ics = await new Promise<string>((resolve, reject) => {
      download
        .createReadStream()
        .then((stream) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          stream.on('error', reject);
        })
        .catch(reject);
    });
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:${reference}@`);
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    const mail = await latestMail(email);
    expect(mail.subject).toContain(reference);
    const link = mail.text.match(/https?:\/\/\S+\/reservations#reference=[A-Z0-9-]+&token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    const url = new URL(link as string);
    await page.goto(`${url.pathname}${url.hash}`);
    const card = page.getByRole('article', { name: 'Bella Nonna Surry Hills' });
    await expect(card).toContainText(reference);
    await expect(card).toContainText('Confirmed');
    expect(await axeViolations()).toEqual([]);
    await card.getByRole('button', { name: 'Cancel reservation' }).click();
    await expect(card.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await card.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(card.getByText('This reservation is cancelled.')).toBeVisible();
    await expect(card).toContainText('Cancelled');
    expect(pageErrors).toEqual([]);
  });

  test('when the chosen time fills up before confirming, the nearest free times are offered', async ({
    page,
    request,
    axeViolations,
  }) => {
    test.slow();
    // Sunday's last seating is 7:30 pm (dinner closes at 9): 8 pm is offered every other day.
    const date = sydneyDate(7, [0]);
    await page.goto('/table-reservation');
    await page.getByLabel('Restaurant').selectOption({ label: 'Bella Nonna Parramatta (88 Church Street, Sydney)' });
    await page.getByLabel('Date').fill(date);
    await page.getByRole('radio', { name: /^8:00\s?pm$/i }).check();
    const startsAt = await page.getByRole('radio', { name: /^8:00\s?pm$/i }).inputValue();
    await page.getByLabel('Name').fill('Late Larry');
    await page.getByLabel('Phone').fill('0400 000 000');
    await page.getByLabel('Email').fill(`larry.${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Review booking' }).click();
    await expect(page.getByRole('button', { name: 'Confirm booking' })).toBeVisible();

    // Meanwhile other guests take every table at 8 pm (6 per seating in the demo).
    const { data: restaurants } = await (await request.get('/api/v2/reservations/restaurants?tenant_id=139')).json();
    const parramatta = restaurants.find((r: { name: string }) => r.name === 'Bella Nonna Parramatta');
    for (let i = 0; i < 6; i++) {
      const res = await request.post('/api/v2/reservations', {
        headers: { 'idempotency-key': `e2e-fill-${Date.now()}-${i}` },
        data: {
          tenant_id: 139,
          restaurant_id: parramatta.id,
          starts_at: startsAt,
          party_size: 2,
          name: `Early ${i}`,
          email: `early.${Date.now()}.${i}@example.test`,
          phone_no: '0400 111 222',
        },
      });
      expect(res.status()).toBe(201);
    }

    await page.getByRole('button', { name: 'Confirm booking' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(
      /Sorry, 8:00\s?pm is fully booked for a party of 2\. Please choose another time\./i,
    );
    await expect(alert).toBeFocused();
    expect(await axeViolations()).toEqual([]);
    await alert.getByRole('button', { name: /Choose 7:30\s?pm/i }).click();
    await expect(page.getByRole('region', { name: 'Your booking' })).toContainText(/7:30\s?pm/i);
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your table is booked' })).toBeVisible();
    await expect(page.getByText(/, \w+day \d+ \w+ \d{4} at 7:30\s?pm/i)).toBeVisible();
  });

  test('a signed-in customer books with prefilled details, sees it on /reservations and cancels it', async ({
    page,
    request,
    axeViolations,
  }) => {
    test.slow();
    const email = `rosa.${Date.now()}@example.test`;
    const password = 'rosa-reserves-2026';
    const signup = await request.post('/api/v2/auth/signup', {
      data: { tenant_id: 139, name: 'Rosa Reserve', email, phone_no: '0423 456 789', password },
    });
    expect(signup.status()).toBe(202);
    const code = (await latestMail(email)).subject.match(/\b\d{6}\b/)?.[0];
    const verified = await request.post('/api/v2/auth/verify-code', {
      data: { tenant_id: 139, email, purpose: 'signup', code },
    });
    expect(verified.status()).toBe(200);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: /Rosa/ })).toBeVisible();

    await page.goto('/table-reservation');
    await expect(page.getByLabel('Name')).toHaveValue('Rosa Reserve');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Phone')).toHaveValue('0423 456 789');
    await page.getByLabel('Restaurant').selectOption({ label: 'Bella Nonna Surry Hills (412 Crown Street, Sydney)' });
    await page.getByLabel('Date').fill(sydneyDate(9));
    await page.getByRole('radio', { name: /^6:30\s?pm$/i }).check();
    await page.getByRole('button', { name: 'Review booking' }).click();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your table is booked' })).toBeVisible();
    const reference = (await page.locator('#success-reference').textContent())?.trim() ?? '';

    await page.goto('/reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'My reservations' })).toBeVisible();
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const card = upcoming.getByRole('article').filter({ hasText: reference });
    await expect(card).toContainText('Confirmed');
    await expect(card).toContainText(/6:30\s?pm/i);
    expect(await axeViolations()).toEqual([]);
    await card.getByRole('button', { name: 'Cancel reservation' }).click();
    await card.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(card.getByText('This reservation is cancelled.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Upcoming' }).getByRole('article').filter({ hasText: reference }),
    ).toContainText('Cancelled');
  });

  test('signed out, /reservations asks to log in', async ({ page }) => {
    await page.goto('/reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'My reservations' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  test('the booking form fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/table-reservation');
    // The restaurant chosen in the header is already picked.
    await expect(page.getByLabel('Restaurant')).not.toHaveValue('');
    await page.getByLabel('Date').fill(sydneyDate(4));
    await expect(page.getByRole('radio').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the confirm and success pages without a booking point back to the form', async ({ page }) => {
    await page.goto('/table-reservation/confirm');
    await expect(page.getByText('There is no booking to confirm yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Book a table' }).click();
    await expect(page).toHaveURL(/\/table-reservation$/);
  });
});
