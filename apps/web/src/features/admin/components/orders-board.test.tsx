import { abilitiesOf, type StaffOrder } from '@orderfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ok, stubApi } from '@/testing/api';
import { order as baseOrder } from '@/testing/orders';
import { renderApp } from '@/testing/render';

/** A cash pickup order due ASAP on the board, numbered from its id. */
function order(id: number, overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    handled_by: null,
    ...baseOrder({
      id,
      order_number: String(1000 + id),
      restaurant: {
        id: 1,
        name: 'Bella Nonna Surry Hills',
        phone: '(02) 9360 4127',
        street_name: '412 Crown Street',
        city: 'Sydney',
        timezone: 'Australia/Sydney',
      },
      pickup_date: '2026-11-24',
      pickup_time: 'asap',
      scheduled_for: '2026-11-24T08:00:00.000Z',
      special_instructions: 'No basil',
      customer: { name: 'Lia Live', email: 'lia@example.com', phone_no: '0412 555 777' },
      payment_method: 'cash_on_delivery',
      payment_status: 'unpaid',
      status_history: [],
      created_at: '2026-11-24T07:40:00.000Z',
      updated_at: '2026-11-24T07:40:00.000Z',
    }),
    ...overrides,
  };
}

afterEach(() => {
  useAuthStore.setState({ token: null, user: null });
  localStorage.removeItem('token');
});

describe('orders board', () => {
  it("shows an order's tip beside its total, and who handled it", async () => {
    localStorage.setItem('token', 'owner-token');
    useAuthStore.setState({
      token: 'owner-token',
      user: { id: 9, tenant_id: 139, name: 'Pat', email: 'p@x.test', phone_no: '', role: 'owner', has_password: true },
    });
    const tipped = order(5, {
      payment_method: 'card',
      payment_status: 'paid',
      status: 'accepted',
      handled_by: { id: 4, name: 'Sam Server' },
    });
    tipped.totals = { ...tipped.totals, tip: 380, amount_due: tipped.totals.total + 380 };
    stubApi({
      '/api/v2/admin/me': () =>
        ok({
          user: { id: 9, name: 'Pat', email: 'p@x.test', role: 'owner' },
          abilities: abilitiesOf('owner'),
          restaurants: [{ id: 1, name: 'Bella Nonna Surry Hills', timezone: 'Australia/Sydney', status: 1 }],
        }),
      '/api/v2/admin/menu': () => ok({ restaurant_id: 1, timezone: 'Australia/Sydney', products: [] }),
      'GET /api/v2/admin/orders': () => ok({ items: [tipped], page: 1, per_page: 100, total: 1 }),
      '/api/v2/admin/orders/events': () =>
        new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    renderApp('/admin/orders', { stub: false });
    expect(await screen.findByText('$38.00 + $3.80 tip')).toBeInTheDocument();
    expect(screen.getByText('Handled by Sam Server')).toBeInTheDocument();
  });

  it('a new order arrives live with a badge, is accepted with a prep time; another is rejected with a reason', async () => {
    // Signed in as the app does it: the token in storage (the API client reads it) and the store.
    localStorage.setItem('token', 'owner-token');
    useAuthStore.setState({
      token: 'owner-token',
      user: { id: 9, tenant_id: 139, name: 'Pat', email: 'p@x.test', phone_no: '', role: 'owner', has_password: true },
    });
    let orders: StaffOrder[] = [order(2, { status: 'accepted', ready_at: '2026-11-24T07:55:00.000Z' })];
    let push: ((text: string) => void) | undefined;
    const patches: { id: string; body: unknown }[] = [];
    const listQueries: string[] = [];
    const fetchSpy = stubApi({
      '/api/v2/admin/me': () =>
        ok({
          user: { id: 9, name: 'Pat', email: 'p@x.test', role: 'owner' },
          abilities: abilitiesOf('owner'),
          restaurants: [{ id: 1, name: 'Bella Nonna Surry Hills', timezone: 'Australia/Sydney', status: 1 }],
        }),
      '/api/v2/admin/menu': () => ok({ restaurant_id: 1, timezone: 'Australia/Sydney', products: [] }),
      'GET /api/v2/admin/orders': (url) => {
        listQueries.push(url.search);
        const method = url.searchParams.get('method');
        return ok({ items: orders.filter((o) => !method || o.method === method), page: 1, per_page: 100, total: 1 });
      },
      '/api/v2/admin/orders/events': () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            controller.enqueue(encoder.encode('retry: 3000\n\n'));
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
      'PATCH /api/v2/admin/orders/1/status': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        patches.push({ id: '1', body });
        orders = orders.map((o) => (o.id === 1 ? { ...o, status: body.status } : o));
        return ok(orders.find((o) => o.id === 1));
      },
      'PATCH /api/v2/admin/orders/3/status': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        patches.push({ id: '3', body });
        orders = orders.map((o) => (o.id === 3 ? { ...o, status: body.status } : o));
        return ok(orders.find((o) => o.id === 3));
      },
    });

    renderApp('/admin/menu', { stub: false });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    // The shell follows the feed (with the bearer header) on every back-office page.
    await waitFor(() => expect(push).toBeDefined());
    const feedCall = fetchSpy.mock.calls.find(([input]) => String(input).includes('/admin/orders/events'));
    expect(new Headers(feedCall?.[1]?.headers).get('authorization')).toBe('Bearer owner-token');
    expect(String(feedCall?.[0])).toContain('restaurant_id=1');

    // A customer places an order: the event arrives while staff are on another page.
    orders = [order(1), ...orders];
    await act(async () => {
      push?.(
        `event: order\ndata: ${JSON.stringify({ order_id: 1, order_number: '1001', type: 'placed', restaurant_id: 1, status: 'placed', method: 'pickup', ready_at: null, status_history: [] })}\n\n`,
      );
    });
    expect(await within(nav).findByText('1')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('link', { name: /^Orders/ }));

    const card = await screen.findByRole('article', { name: 'Order 1001' });
    expect(card).toHaveTextContent('2 × Margherita (Large)');
    expect(card).toHaveTextContent('Note: No basil');
    await waitFor(() => expect(within(nav).queryByText('1')).not.toBeInTheDocument());
    await userEvent.selectOptions(within(card).getByLabelText('Ready in'), '15');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept order 1001' }));
    await waitFor(() => expect(patches[0]).toEqual({ id: '1', body: { status: 'accepted', prep_minutes: 15 } }));
    // The accepted order offers the next moves; out for delivery only for delivery orders.
    const accepted = await screen.findByRole('article', { name: 'Order 1001' });
    expect(await within(accepted).findByRole('button', { name: 'Mark ready: order 1001' })).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: /Out for delivery/ })).not.toBeInTheDocument();

    // A second order is rejected with a reason.
    orders = [order(3, { method: 'delivery' }), ...orders];
    await act(async () => {
      push?.(
        `event: order\ndata: ${JSON.stringify({ order_id: 3, order_number: '1003', type: 'placed', restaurant_id: 1, status: 'placed', method: 'delivery', ready_at: null, status_history: [] })}\n\n`,
      );
    });
    const second = await screen.findByRole('article', { name: 'Order 1003' });
    await userEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    await userEvent.type(within(second).getByLabelText('Reason for the customer'), 'Out of dough');
    await userEvent.click(within(second).getByRole('button', { name: 'Reject order 1003' }));
    await waitFor(() =>
      expect(patches.at(-1)).toEqual({ id: '3', body: { status: 'cancelled', reason: 'Out of dough' } }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Order 1003' })).not.toBeInTheDocument());

    // Filter by method.
    await userEvent.selectOptions(screen.getByLabelText('Method'), 'delivery');
    await waitFor(() => expect(listQueries.some((q) => q.includes('method=delivery'))).toBe(true));
  });
});
