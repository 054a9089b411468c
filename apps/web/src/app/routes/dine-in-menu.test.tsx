import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/stores/checkout-store';
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
});
