import type { APIRequestContext } from '@playwright/test';
import { fillCard, ownerToken } from '../support/checkout';
import { expect as baseExpect, test } from '../support/fixtures';
import { latestMail } from '../support/outbox';
import { withRestaurantChosen } from '../support/restaurants';

const expect = baseExpect.configure({ timeout: 15_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

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
      headers: { authorization: `Bearer ${await ownerToken(request)}` },
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

test.describe('buying a gift card', () => {
  test('the challenge card asks the buyer to confirm; a failed check can be approved on the next try', async ({
    page,
    axeViolations,
    pageErrors,
  }) => {
    const recipient = `gift-${unique()}@example.com`;
    await page.goto('/gift-cards');
    await page.getByText('Other amount').click();
    await expect(page.getByRole('radio', { name: 'Other amount' })).toBeChecked();
    await page.getByLabel(/Amount in dollars/).fill('40');
    await page.getByLabel('Recipient’s name').fill('Grace');
    await page.getByLabel('Recipient’s email').fill(recipient);
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Your email (for the receipt)').fill(`buyer-${unique()}@example.com`);
    await page.getByRole('button', { name: 'Continue to payment: $40.00' }).click();

    await expect(page.getByRole('heading', { name: 'Pay $40.00' })).toBeVisible();
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay now' }).click();

    const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(bank).toContainText('Your bank asks you to confirm this payment of $40.00.');
    expect(await axeViolations()).toEqual([]);
    await bank.getByRole('button', { name: 'Fail the check' }).click();
    await expect(bank).toBeHidden();
    await expect(page.getByRole('alert')).toHaveText(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    expect(await latestMail(recipient, 0).catch(() => null)).toBeNull();

    await page.getByRole('button', { name: 'Pay now' }).click();
    await bank.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByText('Thank you! Your gift card is paid.')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`We have emailed the $40.00 gift card to Grace (${recipient}).`);
    const mail = await latestMail(recipient);
    expect(mail.text).toMatch(/Your gift card code: [A-Z2-9]{4}(-[A-Z2-9]{4}){3}/);
    expect(mail.text).toContain('Ada sent you a $40.00 gift card');
    expect(pageErrors).toEqual([]);
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
