import type { AppSettingsEntry, TipSettings } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, settingsEntry, stubApi } from '@/testing/api';
import { cart, loyaltyRules, placed, session } from '@/testing/orders';
import { renderApp } from '@/testing/render';

const uma = {
  id: 7,
  tenant_id: 139,
  name: 'Uma',
  email: 'uma@example.com',
  phone_no: '0411 111 111',
  role: 'customer',
  has_password: true,
} as const;

beforeEach(() => {
  sessionStorage.clear();
  useAuthStore.getState().setSession('token', uma);
  const checkout = useCheckoutStore.getState();
  checkout.reset();
  checkout.setPickupDate('2026-11-23');
  checkout.setPickupTime('18:30');
});

afterEach(() => {
  useAuthStore.getState().clearAuth();
  useCheckoutStore.getState().reset();
  sessionStorage.clear();
});

type Answer = ReturnType<typeof ok>;

/** The order and payment calls as the server answers them; each request is recorded. */
function server({
  confirm = [],
  mode = 'test',
  gate,
  provider = 'sandbox',
  tips,
}: {
  confirm?: (() => Answer)[];
  mode?: 'test' | 'live';
  gate?: Promise<void>;
  provider?: 'sandbox' | 'stripe';
  tips?: TipSettings;
} = {}) {
  const orders: { key: string | null; body: Record<string, unknown> }[] = [];
  const confirms: Record<string, unknown>[] = [];
  const challenges: Record<string, unknown>[] = [];
  const settings: AppSettingsEntry = settingsEntry(
    {},
    { payment_gateway_config: { provider, mode, publishable_key: '' } },
  );
  stubApi({
    '/api/v2/restaurants/app-settings': () => ok([settings]),
    'GET /api/v2/cart': () => ok(cart),
    ...(tips ? { 'GET /api/v2/tips': () => ok(tips) } : {}),
    'POST /api/v2/orders': async (_url, init) => {
      const headers = new Headers(init?.headers);
      const body = JSON.parse(String(init?.body));
      orders.push({ key: headers.get('idempotency-key'), body });
      await gate;
      if (body.payment_method !== 'card') return ok(placed({ payment: null }));
      if (provider === 'stripe') {
        return ok(
          placed({
            payment: session({ provider: 'stripe', client_secret: 'pi_1_secret_2', publishable_key: 'pk_test_1' }),
          }),
        );
      }
      return ok(placed());
    },
    'POST /api/v2/payments/sandbox/confirm': (_url, init) => {
      confirms.push(JSON.parse(String(init?.body)));
      return (confirm.shift() ?? (() => ok(session({ status: 'succeeded' }))))();
    },
    'POST /api/v2/payments/sandbox/challenge': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      challenges.push(body);
      return ok(
        session({
          status: body.approve ? 'succeeded' : 'failed',
          error: body.approve ? null : 'The payment was not confirmed.',
        }),
      );
    },
  });
  return { orders, confirms, challenges };
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const field = screen.getByRole('textbox', { name: 'Card number' });
  await user.clear(field);
  await user.type(field, number);
  await user.clear(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }));
  await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '12/30');
  await user.clear(screen.getByRole('textbox', { name: 'Security code (CVC)' }));
  await user.type(screen.getByRole('textbox', { name: 'Security code (CVC)' }), '123');
  await user.clear(screen.getByRole('textbox', { name: 'Name on card' }));
  await user.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Uma Test');
}

const placeOrder = () => screen.getByRole('button', { name: /Place order|Placing your order/ });

describe('/checkout/payment', () => {
  it('takes a custom tip in dollars where the business allows one, checked before anything is sent', async () => {
    const { orders } = server({
      tips: {
        methods: { pickup: true, delivery: false, dine_in: false },
        presets: [10],
        allow_custom: true,
        taxed: false,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/payment', { stub: false });
    const tips = await screen.findByRole('group', { name: 'Add a tip?' });
    expect(within(tips).getByRole('radio', { name: 'No tip' })).toBeChecked();
    expect(within(tips).queryByRole('textbox', { name: 'Tip amount ($)' })).not.toBeInTheDocument();
    await user.click(within(tips).getByRole('radio', { name: 'Other amount' }));
    await user.click(screen.getByRole('radio', { name: 'Pay at the counter' }));
    const amount = within(tips).getByRole('textbox', { name: 'Tip amount ($)' });

    await user.type(amount, 'two');
    await user.click(placeOrder());
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Enter an amount, e.g. 2.50'));
    await waitFor(() => expect(amount).toHaveFocus());
    await user.clear(amount);
    await user.type(amount, '600');
    await user.click(placeOrder());
    await waitFor(() => expect(amount).toHaveAccessibleDescription('A tip can be at most $500.00'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(orders).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '2.50');
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(orders).toHaveLength(1);
    expect(orders[0]?.body.tip).toEqual({ amount: 250 });
  });

  it('offers no custom amount where the business does not allow one; a percentage is sent as one', async () => {
    const { orders } = server({
      tips: {
        methods: { pickup: true, delivery: false, dine_in: false },
        presets: [5, 10],
        allow_custom: false,
        taxed: false,
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/payment', { stub: false });
    const tips = await screen.findByRole('group', { name: 'Add a tip?' });
    expect(within(tips).queryByRole('radio', { name: 'Other amount' })).not.toBeInTheDocument();
    await user.click(within(tips).getByRole('radio', { name: '10%' }));
    await user.click(screen.getByRole('radio', { name: 'Pay at the counter' }));
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(orders[0]?.body.tip).toEqual({ percent: 10 });
  });

  it('without a finished step 1 it goes back to /checkout', async () => {
    server();
    useCheckoutStore.getState().setPickupTime('');
    const { router } = renderApp('/checkout/payment', { stub: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('checks the card before anything is sent: each error on its field, focus on the first', async () => {
    const { orders } = server();
    const user = userEvent.setup();
    renderApp('/checkout/payment', { stub: false });
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    const number = screen.getByRole('textbox', { name: 'Card number' });
    // react-hook-form validates asynchronously: the messages land a moment after the click.
    await waitFor(() => expect(number).toHaveAccessibleDescription('Enter your card number'));
    expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveAccessibleDescription(
      'Enter the expiry date',
    );
    expect(screen.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveAccessibleDescription(
      'Enter the 3 or 4 digit security code',
    );
    await waitFor(() => expect(number).toHaveFocus());

    await user.type(number, '4242 4242 4242 4241');
    await user.type(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' }), '01/20');
    await user.click(placeOrder());
    await waitFor(() => expect(number).toHaveAccessibleDescription('Enter a valid card number'));
    expect(screen.getByRole('textbox', { name: 'Expiry date (MM/YY)' })).toHaveAccessibleDescription(
      'This card has expired',
    );
    expect(orders).toEqual([]);
  });

  it('shows the test cards only in test mode', async () => {
    server({ mode: 'live' });
    renderApp('/checkout/payment', { stub: false });
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('test-cards')).not.toBeInTheDocument());
  });

  it('a declined card shows why; the retry and a double click reuse the Idempotency-Key, so one order', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { orders, confirms } = server({
      confirm: [() => ok(session({ status: 'failed', error: 'Your card was declined.' }))],
      gate,
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/payment', { stub: false });
    expect(await screen.findByTestId('test-cards')).toHaveTextContent('4242 4242 4242 4242');
    await fillCard(user, '4000 0000 0000 0002');
    // A double click while the order is on its way sends it once.
    await user.dblClick(placeOrder());
    expect(placeOrder()).toBeDisabled();
    open();
    expect(await screen.findByTestId('payment-error')).toHaveTextContent('Your card was declined.');
    expect(orders).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/checkout/payment');

    await fillCard(user, '4242 4242 4242 4242');
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(orders).toHaveLength(2);
    expect(orders[0]?.key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(orders[1]?.key).toBe(orders[0]?.key);
    expect(orders[0]?.body).toEqual({
      restaurant_id: 1,
      method: 'pickup',
      pickup_date: '2026-11-23',
      pickup_time: '18:30',
      payment_method: 'card',
    });
    expect(confirms.map((c) => c.card_number)).toEqual(['4000000000000002', '4242424242424242']);
    expect(confirms[1]).toMatchObject({ payment_id: 'pay_1', exp_month: 12, exp_year: 2030, cvc: '123' });
    expect(await screen.findByTestId('order-number')).toHaveTextContent('#1042');
    // The attempt is over and the checkout starts afresh.
    expect(sessionStorage.getItem('checkoutAttempt')).toBeNull();
    expect(useCheckoutStore.getState()).toMatchObject({ pickupTime: '', step1Completed: false });
  });

  it('a reload mid-attempt keeps the key; a different order gets a new one', async () => {
    const { orders } = server({
      confirm: [
        () =>
          json(402, { data: null, error: { code: 'payment_failed', message: 'Your card has insufficient funds.' } }),
      ],
    });
    const user = userEvent.setup();
    const first = renderApp('/checkout/payment', { stub: false });
    await screen.findByRole('textbox', { name: 'Card number' });
    await fillCard(user, '4000 0000 0000 9995');
    await user.click(placeOrder());
    expect(await screen.findByTestId('payment-error')).toHaveTextContent('Your card has insufficient funds.');
    first.unmount();

    renderApp('/checkout/payment', { stub: false });
    await user.click(await screen.findByRole('radio', { name: 'Pay at the counter' }));
    await user.click(placeOrder());
    await waitFor(() => expect(orders).toHaveLength(2));
    expect(orders[1]?.body.payment_method).toBe('cash_on_delivery');
    expect(orders[1]?.key).not.toBe(orders[0]?.key);
  });

  it('a challenge card opens the confirmation dialog; approving pays', async () => {
    const { challenges } = server({ confirm: [() => ok(session({ status: 'requires_action' }))] });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/payment', { stub: false });
    await screen.findByRole('textbox', { name: 'Card number' });
    await fillCard(user, '4000 0027 6000 3184');
    await user.click(placeOrder());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveTextContent('$38.00');
    await user.click(within(dialog).getByRole('button', { name: 'Approve payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(challenges).toEqual([{ payment_id: 'pay_1', approve: true }]);
  });

  it('with Stripe, card details go to Stripe after the order is placed, never through our card form', async () => {
    const { orders, confirms } = server({ provider: 'stripe' });
    const user = userEvent.setup();
    renderApp('/checkout/payment', { stub: false });
    expect(
      await screen.findByText('You will enter your card details securely after placing the order.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    await user.click(placeOrder());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]?.body.payment_method).toBe('card');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Card' })).toBeDisabled();
    expect(confirms).toEqual([]);
  });
});

describe('/checkout/payment with a gift card and points', () => {
  it('sends the applied gift card code and the chosen points with the order', async () => {
    const orders: Record<string, unknown>[] = [];
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([settingsEntry({}, { payment_gateway_config: { provider: 'sandbox', mode: 'test', publishable_key: '' } })]),
      'GET /api/v2/cart': () => ok(cart),
      '/api/v2/loyalty': () =>
        ok({
          balance: 164,
          value: 820,
          currency: 'AUD',
          can_redeem: true,
          expires_at: null,
          rules: loyaltyRules,
          history: [],
        }),
      'POST /api/v2/gift-cards/balance': () =>
        ok({ last4: 'HB2N', balance: 1000, currency: 'AUD', status: 'active', expires_at: null }),
      'POST /api/v2/orders': (_url, init) => {
        orders.push(JSON.parse(String(init?.body)));
        return ok(placed());
      },
      'POST /api/v2/payments/sandbox/confirm': () => ok(session({ status: 'succeeded' })),
    });
    const user = userEvent.setup();
    renderApp('/checkout/payment', { stub: false });
    const usePoints = await screen.findByRole('checkbox', { name: /Use \d+ of your 164 points/ });
    const chosen = Number(
      /Use (\d+)/.exec(usePoints.getAttribute('aria-label') ?? usePoints.parentElement?.textContent ?? '')?.[1],
    );
    await user.click(usePoints);
    await user.type(screen.getByRole('textbox', { name: 'Gift card code' }), 'k7qm-3xrt-9pwd-hb2n');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // $38.00 less 164 points ($8.20) leaves $29.80: the card's $10.00 pays part, the card form the rest.
    expect(await screen.findByRole('status')).toHaveTextContent('Gift card ending HB2N: pays $10.00');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Points').nextElementSibling).toHaveTextContent('−$8.20');
    expect(within(summary).getByText('Gift card').nextElementSibling).toHaveTextContent('−$10.00');
    expect(within(summary).getByTestId('summary-amount-due')).toHaveTextContent('$19.80');
    await fillCard(user, '4242 4242 4242 4242');
    await user.click(placeOrder());
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(chosen).toBeGreaterThan(0);
    expect(orders[0]).toMatchObject({ gift_card_code: 'K7QM-3XRT-9PWD-HB2N', loyalty_points: chosen });
  });

  it('a gift card that covers the whole order needs no card: the order is placed without card details', async () => {
    const orders: Record<string, unknown>[] = [];
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([settingsEntry({}, { payment_gateway_config: { provider: 'sandbox', mode: 'test', publishable_key: '' } })]),
      'GET /api/v2/cart': () => ok(cart),
      'POST /api/v2/gift-cards/balance': () =>
        ok({ last4: 'HB2N', balance: 5000, currency: 'AUD', status: 'active', expires_at: null }),
      'POST /api/v2/orders': (_url, init) => {
        orders.push(JSON.parse(String(init?.body)));
        return ok({ ...placed(), payment: null });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/checkout/payment', { stub: false });
    await user.type(await screen.findByRole('textbox', { name: 'Gift card code' }), 'k7qm-3xrt-9pwd-hb2n');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Gift card ending HB2N: pays $38.00 ($12.00 stays on the card)',
    );
    expect(screen.getByTestId('fully-paid')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card number' })).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-amount-due')).toHaveTextContent('$0.00');
    await user.click(placeOrder());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/success'));
    expect(orders[0]).toMatchObject({ gift_card_code: 'K7QM-3XRT-9PWD-HB2N' });
  });

  it('a gift card applied on an earlier visit is checked again, so the summary shows its share', async () => {
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([settingsEntry({}, { payment_gateway_config: { provider: 'sandbox', mode: 'test', publishable_key: '' } })]),
      'GET /api/v2/cart': () => ok(cart),
      'POST /api/v2/gift-cards/balance': () =>
        ok({ last4: 'HB2N', balance: 1000, currency: 'AUD', status: 'active', expires_at: null }),
    });
    useCheckoutStore.getState().setAppliedGiftCard('K7QM-3XRT-9PWD-HB2N');
    renderApp('/checkout/payment', { stub: false });
    expect(await screen.findByText(/Gift card ending HB2N: pays/)).toHaveTextContent(
      'Gift card ending HB2N: pays $10.00',
    );
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Gift card').nextElementSibling).toHaveTextContent('−$10.00');
    expect(within(summary).getByTestId('summary-amount-due')).toHaveTextContent('$28.00');
  });
});
