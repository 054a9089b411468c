import type { APIRequestContext } from '@playwright/test';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { withRestaurantChosen } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });

const owner = { email: 'owner@bellanonna.example', password: 'BellaNonna-Owner-2026' };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function tokenOf(request: APIRequestContext, credentials: { email: string; password: string }) {
  const res = await request.post('/api/v2/auth/login', { data: { tenant_id: 139, ...credentials } });
  expect(res.status()).toBe(200);
  return ((await res.json()).data as { token: string }).token;
}

/** A new verified customer (sign-up by code from the outbox). */
async function newCustomer(request: APIRequestContext) {
  const email = `points-${unique()}@example.com`;
  const password = 'correct horse battery';
  const start = await request.post('/api/v2/auth/signup', {
    data: { tenant_id: 139, name: 'Grace Hopper', email, phone_no: '0412 000 111', password },
  });
  expect(start.status()).toBe(202);
  const code = (await latestMail(email)).subject.match(/\b\d{6}\b/)?.[0];
  const verified = await request.post('/api/v2/auth/verify-code', {
    data: { tenant_id: 139, email, purpose: 'signup', code },
  });
  expect(verified.status()).toBe(200);
  return { email, password };
}

test.beforeEach(({ page, request }) => withRestaurantChosen(page, request));

test.describe('gift cards', () => {
  test('a card issued by the manager arrives by mail and its balance shows on /gift-cards', async ({
    page,
    request,
    axeViolations,
    pageErrors,
  }) => {
    const recipient = `gift-${unique()}@example.com`;
    const issued = await request.post('/api/v2/admin/gift-cards', {
      headers: { authorization: `Bearer ${await tokenOf(request, owner)}` },
      data: { amount: 5000, recipient_name: 'Grace', recipient_email: recipient, note: 'Browser test' },
    });
    expect(issued.status()).toBe(201);
    const mail = await latestMail(recipient);
    const code = mail.text.match(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/)?.[0];
    expect(code).toBeTruthy();

    await page.goto('/gift-cards');
    await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '$25.00' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await page.getByLabel('Gift card code').fill('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByRole('alert')).toHaveText("We couldn't find an active gift card with that code.");

    await page.getByLabel('Gift card code').fill((code ?? '').toLowerCase());
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByRole('status')).toContainText(`Card ending ${code?.slice(-4)}: $50.00 available`);
    expect(await axeViolations()).toEqual([]);
    // The wrong code's 404 is the browser's own console line for a failed request; nothing else.
    expect(pageErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });
});

test.describe('loyalty points', () => {
  test('a guest is sent to log in; a signed-in customer sees balance, value and how to earn', async ({
    page,
    request,
    axeViolations,
    pageErrors,
  }) => {
    const customer = await newCustomer(request);
    await page.goto('/loyalty-points');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: /your account/ })).toBeVisible();

    await page.goto('/loyalty-points');
    await expect(page.getByRole('heading', { level: 1, name: 'Loyalty points' })).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText('0 points');
    await expect(page.getByText('Worth $0.00')).toBeVisible();
    await expect(page.getByText(/100 points are worth \$5\.00 off an order/)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
