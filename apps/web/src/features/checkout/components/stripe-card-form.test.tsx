import type { Order, PaymentSession } from '@orderfront/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveOrderAccess } from '@/lib/order-access';
import { json, ok, stubApi } from '@/testing/api';
import { type ConfirmResult, standIn } from '@/testing/stripe';
import { paidOrder } from '../api/get-paid-order';
import { refreshPayment } from '../api/refresh-payment';
import { StripeCardForm, stripeMessages } from './stripe-card-form';

const session: PaymentSession = {
  provider: 'stripe',
  payment_id: 'pi_3Q1abc',
  status: 'requires_payment_method',
  amount: 3150,
  currency: 'AUD',
  client_secret: 'pi_3Q1abc_secret_xyz',
  publishable_key: 'pk_test_51Bella',
  error: null,
};

function order(status: Order['status']): Order {
  return {
    id: 7,
    order_number: '1042',
    status,
    method: 'pickup',
    restaurant: {
      id: 1,
      name: 'Bella Nonna Surry Hills',
      phone: '02 9000 0000',
      street_name: '1 Crown St',
      city: 'Sydney',
      timezone: 'Australia/Sydney',
    },
    pickup_date: '2026-11-24',
    pickup_time: '18:00',
    scheduled_for: '2026-11-24T07:00:00.000Z',
    ready_at: null,
    table_id: null,
    special_instructions: null,
    customer: { name: 'Ada', email: 'ada@example.com', phone_no: '0412000111' },
    delivery_address: null,
    payment_method: 'card',
    payment_status: status === 'placed' ? 'paid' : 'pending',
    currency: 'AUD',
    coupon_code: null,
    lines: [],
    totals: {
      subtotal: 3150,
      discount: 0,
      tax: 286,
      delivery: 0,
      surcharge: 0,
      gift_card: 0,
      loyalty: 0,
      total: 3150,
      tip: 0,
      tip_tax: 0,
      amount_due: 3150,
      item_count: 2,
    },
    adjustments: [],
    status_history: [],
    created_at: '2026-11-24T06:00:00.000Z',
    updated_at: '2026-11-24T06:00:00.000Z',
  };
}

function setup(
  confirm: () => Promise<ConfirmResult>,
  refreshAnswers: Response[] = [],
  options: { accessToken?: string } = {},
) {
  const fake = standIn(confirm);
  const calls: string[] = [];
  const fetch = stubApi({
    'POST /api/v2/payments/pi_3Q1abc/refresh': (url, init) => {
      calls.push(`refresh${url.search} ${new Headers(init?.headers).get('x-order-access')}`);
      return refreshAnswers.shift() ?? json(500, { data: null, error: { code: 'internal', message: 'Oops' } });
    },
    'GET /api/v2/orders/7': (url, init) => {
      calls.push(`order${url.search} ${new Headers(init?.headers).get('x-order-access')}`);
      return ok(order('placed'));
    },
  });
  sessionStorage.clear();
  if (options.accessToken) saveOrderAccess(7, options.accessToken);
  const onPaid = vi.fn();
  const onError = vi.fn();
  render(
    <StripeCardForm
      session={session}
      check={() => refreshPayment(session.payment_id, 7)}
      stripe={fake.instance}
      onPaid={async () => onPaid(await paidOrder(7))}
      onError={onError}
    />,
  );
  const ready = () => act(() => fake.element.emit('ready'));
  const refreshes = () => calls.filter((call) => call.startsWith('refresh'));
  return { ...fake, fetch, calls, refreshes, onPaid, onError, ready };
}

const succeeded = async () => ({ paymentIntent: { id: 'pi_3Q1abc', status: 'succeeded' } }) as unknown as ConfirmResult;

describe('StripeCardForm', () => {
  it('mounts Stripe’s Payment Element bound to the intent’s client secret, waiting until it is ready', async () => {
    const { stripe, elements, element, ready } = setup(succeeded);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the secure card form…');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    expect(stripe.elements).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: 'pi_3Q1abc_secret_xyz' }));
    expect(elements.create).toHaveBeenCalledWith('payment', expect.objectContaining({ layout: 'tabs' }));
    expect(element.mount).toHaveBeenCalledTimes(1);

    await ready();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('confirms with Stripe, then lets the server read the payment, and reports the placed order', async () => {
    const user = userEvent.setup();
    let finish: (result: ConfirmResult) => void = () => undefined;
    const { stripe, elements, calls, onPaid, onError, ready } = setup(
      () => new Promise<ConfirmResult>((resolve) => (finish = resolve)),
      [ok({ ...session, status: 'succeeded', client_secret: null })],
      { accessToken: 'guest-access' },
    );
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: window.location.href },
    });
    // While Stripe works, a second press does nothing.
    expect(screen.getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(calls).toHaveLength(0);

    finish({ paymentIntent: { id: 'pi_3Q1abc', status: 'succeeded' } } as ConfirmResult);
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(order('placed')));
    // The guest's credential goes in a header, never in the address (decision 026).
    expect(calls).toEqual(['refresh guest-access', 'order guest-access']);
    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it('shows Stripe’s decline message, tells the page, and lets the server record the failure', async () => {
    const user = userEvent.setup();
    const { refreshes, onPaid, onError, ready } = setup(
      async () =>
        ({
          error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
        }) as unknown as ConfirmResult,
      [ok({ ...session, status: 'failed', error: 'Your card was declined.' })],
    );
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(onError).toHaveBeenCalledWith('Your card was declined.');
    await waitFor(() => expect(refreshes()).toHaveLength(1));
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('answers its own text for errors that are not the customer’s to fix, without asking the server', async () => {
    const user = userEvent.setup();
    const { calls, onError, ready } = setup(
      async () => ({ error: { type: 'api_connection_error', message: 'Failed to fetch' } }) as unknown as ConfirmResult,
    );
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stripeMessages.failed);
    expect(onError).toHaveBeenCalledWith(stripeMessages.failed);
    expect(calls).toHaveLength(0);
  });

  it('does not report a payment the server has not seen succeed', async () => {
    const user = userEvent.setup();
    const { calls, onPaid, onError, ready } = setup(succeeded, [
      ok({ ...session, status: 'failed', error: 'Your card has expired.' }),
    ]);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has expired.');
    expect(onError).toHaveBeenCalledWith('Your card has expired.');
    expect(onPaid).not.toHaveBeenCalled();
    expect(calls).toEqual(['refresh null']);
  });

  it('asks again while the payment is still processing, then reports the order', async () => {
    const user = userEvent.setup();
    const { refreshes, onPaid, ready } = setup(succeeded, [
      ok({ ...session, status: 'processing' }),
      ok({ ...session, status: 'succeeded' }),
    ]);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(order('placed')));
    expect(refreshes()).toHaveLength(2);
  });

  it('reports the server’s error when the refresh call fails', async () => {
    const user = userEvent.setup();
    const { onError, ready } = setup(succeeded, [
      json(404, { data: null, error: { code: 'not_found', message: 'Payment not found' } }),
    ]);
    await ready();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment not found');
    expect(onError).toHaveBeenCalledWith('Payment not found');
  });

  it('says card payments are unavailable when Stripe.js cannot load or the form fails to load', async () => {
    stubApi();
    const { unmount } = render(
      <StripeCardForm
        session={session}
        check={() => refreshPayment(session.payment_id, 7)}
        stripe={Promise.resolve(null)}
        onPaid={vi.fn()}
        onError={vi.fn()}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(stripeMessages.unavailable);
    unmount();

    const { element } = setup(succeeded);
    act(() => element.emit('loaderror', { error: { type: 'invalid_request_error' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stripeMessages.unavailable);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says card payments are unavailable without a client secret', () => {
    stubApi();
    render(
      <StripeCardForm
        session={{ ...session, client_secret: null }}
        check={() => refreshPayment(session.payment_id, 7)}
        stripe={standIn(succeeded).instance}
        onPaid={vi.fn()}
        onError={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(stripeMessages.unavailable);
  });
});
