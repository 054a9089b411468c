import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
import { useAuthStore } from '@/lib/auth-store';
import { ok, stubApi } from '@/testing/api';
import { cartReply } from '@/testing/cart';
import { renderApp } from '@/testing/render';

describe('/dine-in-menu', () => {
  it('takes the table from the QR link into the checkout state, which persists', async () => {
    useCheckoutStore.getState().reset();
    renderApp('/dine-in-menu?table=T4');
    expect(await screen.findByText('Choose a restaurant to see its menu.')).toBeInTheDocument();
    expect(useCheckoutStore.getState()).toMatchObject({ deliveryMethod: 'dine_in', tableId: 'T4' });
    expect(JSON.parse(localStorage.getItem('checkout') ?? '{}').state).toMatchObject({
      deliveryMethod: 'dine_in',
      tableId: 'T4',
    });
    expect(JSON.parse(localStorage.getItem('checkout') ?? '{}').state).not.toHaveProperty('isProcessing');
  });

  it('ignores a table id that is not a plain code', async () => {
    useCheckoutStore.getState().reset();
    renderApp('/dine-in-menu?table=%3Cscript%3E');
    expect(await screen.findByText('Choose a restaurant to see its menu.')).toBeInTheDocument();
    expect(useCheckoutStore.getState()).toMatchObject({ deliveryMethod: 'pickup', tableId: null });
  });

  it("fetches the cart at the restaurant's prices (dine_in=true) on the dine-in pages, online prices elsewhere", async () => {
    useCheckoutStore.getState().reset();
    useAuthStore.getState().setGuest('guest-token-aaaaaaaaaaaaaaaaaaaa', {
      guestId: 1234567,
      name: '',
      email: '',
      phone_no: '',
    });
    const requests: string[] = [];
    stubApi({
      'GET /api/v2/cart': (url) => {
        requests.push(url.search);
        return ok(cartReply([]));
      },
    });
    try {
      const { router } = renderApp('/dine-in-menu', { stub: false });
      await waitFor(() => expect(requests).toContain('?guest_id=1234567&dine_in=true'));
      expect(requests).not.toContain('?guest_id=1234567');
      await router.navigate('/menu');
      await waitFor(() => expect(requests.at(-1)).toBe('?guest_id=1234567'));
      await router.navigate('/dine-in-menu/deals');
      await waitFor(() => expect(requests.at(-1)).toBe('?guest_id=1234567&dine_in=true'));
    } finally {
      useAuthStore.getState().clearAuth();
    }
  });
});
