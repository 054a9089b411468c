import { expect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { withRestaurantChosen } from '../support/restaurants';

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

test.describe('accounts', () => {
  test.beforeEach(({ page, request }) => withRestaurantChosen(page, request));

  test('sign up, verify with the mailed code, sign out, log in again', async ({ page, axeViolations, pageErrors }) => {
    test.slow(); // a whole journey with four accessibility scans
    const email = `e2e-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await page.getByRole('link', { name: 'Create an account' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await page.getByLabel('Name').fill('Erin Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('0412 345 999');
    await page.getByLabel('Password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/otp-verification$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    const mail = await latestMail(email);
    await page.getByLabel('6-digit code').fill(codeIn(mail.text));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/$/);
    const account = page.getByRole('banner').getByRole('link', { name: /Erin/ });
    await expect(account).toBeVisible();
    await account.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(await axeViolations()).toEqual([]);

    // A saved address, checked by the same rules as the API.
    await page.getByRole('button', { name: 'Add an address' }).click();
    await page.getByLabel('Street address').fill('1 Test Lane');
    await page.getByLabel('Suburb').fill('Surry Hills');
    await page.getByLabel('City').fill('Sydney');
    await page.getByLabel('Postcode').fill('!');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Enter a valid postcode')).toBeVisible();
    await page.getByLabel('Postcode').fill('2010');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByRole('button', { name: 'Edit 1 Test Lane' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Edit 1 Test Lane' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password-0');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await page.getByLabel('Password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: /Erin/ })).toBeVisible();
    // The token never shows in an address.
    expect(page.url()).not.toContain(await page.evaluate(() => localStorage.getItem('token') ?? '-'));
    expect(pageErrors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
  });

  test('reset a forgotten password with the mailed link', async ({ page, axeViolations }) => {
    test.slow();
    const email = 'customer@bellanonna.example';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByRole('status')).toContainText('we sent it a 6-digit code');

    const mail = await latestMail(email);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    expect(new URL(link).search).toBe('');
    // Opened from the mail: a fresh page load of the link, on this app.
    await page.goto('about:blank');
    await page.goto(`/forgot-password${new URL(link).hash}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    // The link's secret is dropped from the address bar once read.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
    await page.getByLabel('Confirm new password').fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('The passwords differ')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: /Sam/ })).toBeVisible();
  });

  test('sign in with a one-time code instead of a password', async ({ page }) => {
    const email = 'owner@bellanonna.example';
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in code instead' }).click();
    await expect(page).toHaveURL(/\/complete-login$/);
    const mail = await latestMail(email);
    await page.getByLabel('6-digit code').fill(codeIn(mail.subject));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: /Giulia/ })).toBeVisible();
  });

  test('the login page fits a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
