import type { GiftCard, GiftCardOptions, LoyaltySummary, PaymentSession, User } from '@orderfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { loyaltyRules } from '@/testing/orders';
import { renderApp } from '@/testing/render';
import { type ConfirmResult, standIn } from '@/testing/stripe';

// Stripe.js comes from Stripe's servers, unreachable here: the page gets a stand-in at that boundary.
const stripeJs = vi.hoisted(() => ({ instance: null as unknown }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: async () => stripeJs.instance }));

const options: GiftCardOptions = {
  enabled: true,
  currency: 'AUD',
  min_amount: 1000,
  max_amount: 50000,
  presets: [2500, 5000],
  valid_months: 36,
  max_delivery_days: 365,
};

const ada: User = {
  id: 7,
  tenant_id: 139,
  name: 'Ada',
  email: 'ada@example.com',
  phone_no: '0412 000 000',
  role: 'customer',
  has_password: true,
};

afterEach(() => {
  useAuthStore.getState().clearAuth();
  vi.unstubAllGlobals();
});

const bodyOf = (fetch: ReturnType<typeof stubApi>, path: string) => {
  const call = fetch.mock.calls.find(([url]) => new URL(String(url), 'http://localhost').pathname === path);
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('/gift-cards', () => {
  it('checks a balance and shows the same message for a wrong code', async () => {
    stubApi({
      '/api/v2/gift-cards/options': () => ok(options),
      'POST /api/v2/gift-cards/balance': (_url, init) => {
        const { code } = JSON.parse(String(init?.body));
        return code === 'K7QM-3XRT-9PWD-HB2N'
          ? ok({ last4: 'HB2N', balance: 3250, currency: 'AUD', status: 'active', expires_at: null })
          : json(404, {
              data: null,
              error: { code: 'not_found', message: "We couldn't find an active gift card with that code." },
            });
      },
    });
    renderApp('/gift-cards', { stub: false });
    const input = await screen.findByLabelText('Gift card code');
    await userEvent.type(input, 'K7QM-3XRT-9PWD-HB2N');
    await userEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Card ending HB2N: $32.50 available');
    await userEvent.clear(input);
    await userEvent.type(input, 'AAAA-AAAA-AAAA-AAAA');
    await userEvent.click(screen.getByRole('button', { name: 'Check balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't find an active gift card with that code.");
  });

  it('refuses a custom amount outside the limits before calling, then sends a strict body', async () => {
    const fetch = stubApi({
      '/api/v2/gift-cards/options': () => ok(options),
      'POST /api/v2/gift-cards': () =>
        json(503, {
          data: null,
          error: { code: 'service_unavailable', message: 'Card payments are not available at the moment' },
        }),
    });
    useAuthStore.getState().setSession('user-token', ada);
    renderApp('/gift-cards', { stub: false });
    await userEvent.click(await screen.findByText('Other amount'));
    await userEvent.type(screen.getByLabelText(/Amount in dollars/), '5');
    await userEvent.type(screen.getByLabelText('Recipient’s name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Recipient’s email'), 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: /Continue to payment/ }));
    expect(await screen.findByText('Choose an amount from $10.00 to $500.00')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/v2/gift-cards')).toBeUndefined();

    await userEvent.clear(screen.getByLabelText(/Amount in dollars/));
    await userEvent.type(screen.getByLabelText(/Amount in dollars/), '42.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment: $42.50' }));
    await waitFor(() =>
      expect(bodyOf(fetch, '/api/v2/gift-cards')).toEqual({
        tenant_id: 139,
        amount: 4250,
        recipient_name: 'Grace',
        recipient_email: 'grace@example.com',
        sender_name: 'Ada',
        purchaser_email: 'ada@example.com',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Card payments are not available at the moment');
  });
});

const card: GiftCard = {
  id: 31,
  status: 'pending_payment',
  last4: null,
  initial_amount: 2500,
  balance: 0,
  currency: 'AUD',
  recipient_name: 'Grace',
  recipient_email: 'grace@example.com',
  sender_name: 'Ada',
  message: null,
  deliver_on: null,
  delivered_at: null,
  expires_at: null,
  created_at: '2026-11-23T06:00:00.000Z',
};
const payment: PaymentSession = {
  provider: 'sandbox',
  payment_id: 'sbx_pi_1',
  status: 'requires_payment_method',
  amount: 2500,
  currency: 'AUD',
  client_secret: null,
  publishable_key: null,
  error: null,
};

async function fillPurchase() {
  await userEvent.click(await screen.findByText('$25.00'));
  await userEvent.type(screen.getByLabelText('Recipient’s name'), 'Grace');
  await userEvent.type(screen.getByLabelText('Recipient’s email'), 'grace@example.com');
  await userEvent.click(screen.getByRole('button', { name: /Continue to payment/ }));
}

async function fillSandboxCard(number: string) {
  const field = await screen.findByRole('textbox', { name: 'Card number' });
  await userEvent.clear(field);
  await userEvent.type(field, number);
  await userEvent.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/30');
  await userEvent.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await userEvent.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Ada L');
}

const paid = { ...card, status: 'active', balance: 2500, last4: 'HB2N', delivered_at: card.created_at } as const;

describe('/gift-cards purchase payment', () => {
  it('pays with the sandbox card form: a declined card says so, the next card activates the gift card', async () => {
    const pays: Record<string, unknown>[] = [];
    const fetch = stubApi({
      '/api/v2/gift-cards/options': () => ok(options),
      'POST /api/v2/gift-cards': () => ok({ gift_card: card, payment, purchase_token: 'secret-31' }),
      'POST /api/v2/gift-cards/31/pay/sandbox': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        pays.push({ ...body, token: new Headers(init?.headers).get('x-gift-card-token') });
        return body.card_number === '4000000000000002'
          ? ok({ gift_card: card, payment: { ...payment, error: 'Your card was declined.' } })
          : ok({ gift_card: paid, payment: null });
      },
    });
    useAuthStore.getState().setSession('user-token', ada);
    renderApp('/gift-cards', { stub: false });
    await fillPurchase();
    await fillSandboxCard('4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Card number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Thank you! Your gift card is paid.')).toBeInTheDocument();
    expect(pays).toHaveLength(2);
    expect(pays[1]).toEqual({
      token: 'secret-31',
      tenant_id: 139,
      payment_id: 'sbx_pi_1',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(bodyOf(fetch, '/api/v2/gift-cards/31/confirm')).toBeUndefined();
  }, 20_000);

  it('the challenge card opens the bank’s step; approving it activates the gift card', async () => {
    const challenges: Record<string, unknown>[] = [];
    stubApi({
      '/api/v2/gift-cards/options': () => ok(options),
      'POST /api/v2/gift-cards': () => ok({ gift_card: card, payment, purchase_token: 'secret-31' }),
      'POST /api/v2/gift-cards/31/pay/sandbox': () =>
        ok({ gift_card: card, payment: { ...payment, status: 'requires_action' } }),
      'POST /api/v2/gift-cards/31/pay/sandbox/challenge': (_url, init) => {
        challenges.push({
          ...JSON.parse(String(init?.body)),
          token: new Headers(init?.headers).get('x-gift-card-token'),
        });
        return ok({ gift_card: paid, payment: null });
      },
    });
    useAuthStore.getState().setSession('user-token', ada);
    renderApp('/gift-cards', { stub: false });
    await fillPurchase();
    await fillSandboxCard('4000 0027 6000 3184');
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const bank = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(bank).toHaveTextContent('Your bank asks you to confirm this payment of $25.00.');
    await userEvent.click(within(bank).getByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByText('Thank you! Your gift card is paid.')).toBeInTheDocument();
    expect(challenges).toEqual([{ tenant_id: 139, token: 'secret-31', payment_id: 'sbx_pi_1', approve: true }]);
  }, 20_000);

  it('with Stripe, the card goes to Stripe’s form; the server’s confirm decides that the card is paid', async () => {
    const stripe = standIn(
      async () => ({ paymentIntent: { id: 'pi_9', status: 'succeeded' } }) as unknown as ConfirmResult,
    );
    stripeJs.instance = stripe.instance;
    const stripePayment = {
      ...payment,
      provider: 'stripe',
      payment_id: 'pi_9',
      client_secret: 'pi_9_secret_1',
      publishable_key: 'pk_test_9',
    } as const;
    const confirms: Record<string, unknown>[] = [];
    stubApi({
      '/api/v2/gift-cards/options': () => ok(options),
      'POST /api/v2/gift-cards': () => ok({ gift_card: card, payment: stripePayment, purchase_token: 'secret-31' }),
      'POST /api/v2/gift-cards/31/confirm': (_url, init) => {
        confirms.push({
          ...JSON.parse(String(init?.body)),
          token: new Headers(init?.headers).get('x-gift-card-token'),
        });
        return ok({ gift_card: paid, payment: null });
      },
    });
    useAuthStore.getState().setSession('user-token', ada);
    renderApp('/gift-cards', { stub: false });
    await fillPurchase();
    await waitFor(() => expect(stripe.elements.create).toHaveBeenCalled());
    expect(stripe.stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_9_secret_1' }));
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    act(() => stripe.element.emit('ready'));
    await userEvent.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByText('Thank you! Your gift card is paid.')).toBeInTheDocument();
    expect(stripe.stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(confirms).toEqual([{ tenant_id: 139, token: 'secret-31' }]);
  }, 20_000);
});

describe('/loyalty-points', () => {
  it('sends a guest to /login', async () => {
    const { router } = renderApp('/loyalty-points');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows a signed-in customer’s balance, value, rules and history, adjustments with their reason', async () => {
    const summary: LoyaltySummary = {
      balance: 164,
      value: 820,
      currency: 'AUD',
      can_redeem: true,
      expires_at: '2027-11-20T10:00:00.000Z',
      rules: loyaltyRules,
      history: [
        {
          id: 3,
          kind: 'adjust',
          points: 20,
          balance_after: 164,
          order_id: null,
          order_number: null,
          note: 'Sorry about the wait',
          created_at: '2026-11-21T10:00:00.000Z',
        },
        {
          id: 2,
          kind: 'earn',
          points: 44,
          balance_after: 144,
          order_id: 12,
          order_number: '1012',
          note: null,
          created_at: '2026-11-20T10:00:00.000Z',
        },
        {
          id: 1,
          kind: 'earn',
          points: 100,
          balance_after: 100,
          order_id: 11,
          order_number: '1011',
          note: null,
          created_at: '2026-11-10T10:00:00.000Z',
        },
      ],
    };
    stubApi({ '/api/v2/loyalty': () => ok(summary) });
    useAuthStore.getState().setSession('user-token', ada);
    renderApp('/loyalty-points', { stub: false });
    expect(await screen.findByTestId('points-balance')).toHaveTextContent('164 points');
    expect(screen.getByText('Worth $8.20')).toBeInTheDocument();
    expect(screen.getByText(/100 points are worth \$5.00 off an order/)).toBeInTheDocument();
    expect(screen.getByText('Earned (order 1012)')).toBeInTheDocument();
    // A restaurant's adjustment shows its reason; who made it is not the customer's business.
    expect(screen.getByText('Adjusted by the restaurant: Sorry about the wait')).toBeInTheDocument();
  });
});
