import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { useAuthStore } from '@/lib/auth-store';
import { ok, stubApi } from '@/testing/api';
import { cart, times } from '@/testing/orders';
import { renderApp } from '@/testing/render';

beforeEach(() => {
  useAuthStore.getState().clearAuth();
  useAuthStore.getState().setGuest('guest-token', { guestId: 1234567, name: '', email: '', phone_no: '' });
  useCheckoutStore.getState().reset();
});

afterEach(() => {
  useAuthStore.getState().clearAuth();
  useCheckoutStore.getState().reset();
});

function server(quote?: (body: { address: { postcode: string } }) => unknown) {
  const quotes: unknown[] = [];
  const fetch = stubApi({
    'GET /api/v2/cart': () => ok(cart),
    '/api/v2/restaurants/1/fulfilment-times': (url) => ok({ ...times, method: url.searchParams.get('method') }),
    'POST /api/v2/delivery/quote': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      quotes.push(body);
      return ok(quote?.(body));
    },
  });
  return { fetch, quotes };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue to payment' });

describe('/checkout step 1', () => {
  it('a guest pickup: Continue stays off until a time and the guest details are in', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderApp('/checkout', { stub: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByTestId('summary-total')).toHaveTextContent('$38.00');
    expect(continueButton()).toBeDisabled();

    const time = await screen.findByRole('combobox', { name: 'Pickup time' });
    await waitFor(() => expect(useCheckoutStore.getState().pickupDate).toBe('2026-11-23'));
    await user.selectOptions(time, 'ASAP (about 20 min)');
    expect(useCheckoutStore.getState().pickupTime).toBe('asap');
    expect(continueButton()).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '0400 000 000');
    expect(continueButton()).toBeEnabled();
    expect(useCheckoutStore.getState().step1Completed).toBe(true);

    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/payment'));
  });

  it('a blank field left says what is missing, tied to the field', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/checkout', { stub: false });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your name');
  });

  it('a malformed email blocks Continue with the error on the field, which gets focus', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderApp('/checkout', { stub: false });
    const time = await screen.findByRole('combobox', { name: 'Pickup time' });
    await waitFor(() => expect(useCheckoutStore.getState().pickupDate).toBe('2026-11-23'));
    await user.selectOptions(time, '6:30 pm');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada-at-example');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '0400 000 000');
    await user.click(continueButton());
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    await waitFor(() => expect(email).toHaveFocus());
    expect(router.state.location.pathname).toBe('/checkout');
  });

  it('delivery: the address is quoted; an error blocks Continue, a charge joins the total', async () => {
    const { quotes } = server((body) =>
      body.address.postcode === '9999'
        ? {
            delivery_charge: 0,
            delivery_error: "We don't deliver to this address",
            zone_id: null,
            zone_name: null,
            minimum_order: null,
            free_over: null,
          }
        : {
            delivery_charge: 500,
            delivery_error: null,
            zone_id: 1,
            zone_name: 'Inner',
            minimum_order: 2000,
            free_over: 5000,
          },
    );
    useAuthStore.getState().setSession('token', {
      id: 7,
      tenant_id: 139,
      name: 'Uma',
      email: 'uma@example.com',
      phone_no: '0411 111 111',
      role: 'customer',
      has_password: true,
    });
    const user = userEvent.setup();
    renderApp('/checkout', { stub: false });
    await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
    const time = await screen.findByRole('combobox', { name: 'Delivery time' });
    await waitFor(() => expect(useCheckoutStore.getState().pickupDate).toBe('2026-11-23'));
    await user.selectOptions(time, '6:30 pm');
    expect(screen.getByTestId('contact-profile')).toHaveTextContent('uma@example.com');

    await user.type(screen.getByRole('textbox', { name: 'Street address' }), '12 Crown St');
    await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Surry Hills');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Sydney');
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await user.type(postcode, '9999');
    await user.tab();
    expect(await screen.findByTestId('delivery-error')).toHaveTextContent("We don't deliver to this address");
    expect(postcode).toHaveAccessibleDescription("We don't deliver to this address");
    expect(quotes).toEqual([
      {
        restaurant_id: 1,
        address: { formatted_address: '12 Crown St', city: 'Sydney', postcode: '9999', suburb: 'Surry Hills' },
      },
    ]);
    expect(continueButton()).toBeDisabled();
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Not available');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$38.00');

    await user.clear(postcode);
    await user.type(postcode, '2010');
    await user.tab();
    expect(await screen.findByTestId('delivery-charge')).toHaveTextContent('Delivery: $5.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$43.00');
    expect(continueButton()).toBeEnabled();

    // Back to pickup: the delivery error would have gone too.
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(useCheckoutStore.getState().deliveryError).toBeNull();
  });

  it('delivery is quoted while the cursor is still in the postcode, never shown free before; a quote out when pickup is chosen sets no error', async () => {
    let answer: (() => void) | undefined;
    const quotes: unknown[] = [];
    stubApi({
      'GET /api/v2/cart': () => ok(cart),
      '/api/v2/restaurants/1/fulfilment-times': (url) => ok({ ...times, method: url.searchParams.get('method') }),
      'POST /api/v2/delivery/quote': (_url, init) => {
        quotes.push(JSON.parse(String(init?.body)));
        const reply = ok({
          delivery_charge: 0,
          delivery_error: "We don't deliver to this address",
          zone_id: null,
          zone_name: null,
          minimum_order: null,
          free_over: null,
        });
        return new Promise<Response>((resolve) => (answer = () => resolve(reply)));
      },
    });
    const user = userEvent.setup();
    renderApp('/checkout', { stub: false });
    await user.click(await screen.findByRole('radio', { name: 'Delivery' }));
    expect(await screen.findByTestId('summary-delivery')).toHaveTextContent('Calculated from your address');
    await user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 The Corso');
    await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Manly');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Sydney');
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    await user.type(postcode, '2095');
    expect(screen.getByText('Checking delivery to this address…')).toBeInTheDocument();
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Checking…');
    expect(screen.queryByTestId('delivery-charge')).not.toBeInTheDocument();
    await waitFor(() => expect(quotes).toHaveLength(1));
    expect(postcode).toHaveFocus();

    // The answer comes after the customer chose pickup: it is dropped.
    await user.click(screen.getByRole('radio', { name: 'Pickup' }));
    answer?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useCheckoutStore.getState()).toMatchObject({ deliveryError: null, deliveryChargeLoading: false });
  });

  it('the dine-in checkout shows the table and asks no time', async () => {
    server();
    useCheckoutStore.getState().startDineIn('T4');
    renderApp('/dine-in-menu/checkout', { stub: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dine-in checkout' })).toBeInTheDocument();
    expect(screen.getByTestId('table-id')).toHaveTextContent('Ordering for table T4');
    expect(screen.queryByRole('combobox', { name: /time/ })).not.toBeInTheDocument();
  });
});

describe('a returning guest', () => {
  it('finds the details of their last order filled in', async () => {
    server();
    useAuthStore.getState().setGuestData({ name: 'Gia', email: 'gia@example.com', phone_no: '0412 555 010' });
    renderApp('/checkout', { stub: false });
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Gia');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('gia@example.com');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('0412 555 010');
  });
});
