import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ok, stubApi } from '@/testing/api';
import { order } from '@/testing/orders';
import { renderApp } from '@/testing/render';

afterEach(() => useAuthStore.getState().clearAuth());

describe('/order-history', () => {
  it('asks a guest to sign in', async () => {
    renderApp('/order-history');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("lists the user's orders with status and total; Reorder puts one back in the cart", async () => {
    useAuthStore.getState().setSession('user-token', {
      id: 7,
      tenant_id: 139,
      name: 'Uma',
      email: 'uma@example.com',
      phone_no: '',
      role: 'customer',
      has_password: true,
    });
    const reorders: string[] = [];
    stubApi({
      'GET /api/v2/orders': () =>
        ok({
          items: [
            order({ id: 9, order_number: '1050', status: 'preparing', method: 'delivery' }),
            order({ id: 5, order_number: '1042', status: 'completed' }),
          ],
          page: 1,
          per_page: 10,
          total: 2,
        }),
      'POST /api/v2/orders/5/reorder': (url) => {
        reorders.push(url.pathname);
        return ok({ added: 1, skipped: [] });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/order-history', { stub: false });
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Order #1050', 'Order #1042']);
    expect(rows[0]).toHaveTextContent('Being prepared');
    expect(rows[1]).toHaveTextContent('Completed · $38.00');
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Reorder order #1042' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(reorders).toEqual(['/api/v2/orders/5/reorder']);
  });
});
