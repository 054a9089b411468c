import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeConfig } from '@/config/runtime';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { order } from '@/testing/orders';
import { renderApp } from '@/testing/render';

afterEach(() => useAuthStore.getState().clearAuth());

/** An order's event stream the test writes to, as the server would. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => controller?.enqueue(encoder.encode(text)),
  };
}

describe('/order-confirmation/:orderId', () => {
  it("shows the order and follows its status live from the stream (a guest's token link)", async () => {
    const stream = eventStream();
    const requests: { url: string; auth: string | null; access?: string | null }[] = [];
    const exchanged: unknown[] = [];
    stubApi({
      'POST /api/v2/orders/5/access': (_url, init) => {
        exchanged.push(JSON.parse(String(init?.body)));
        return ok({ access: 'acc_5', expires_at: '2099-01-01T00:00:00.000Z' });
      },
      'GET /api/v2/orders/5': (url, init) => {
        requests.push({
          url: url.pathname + url.search,
          auth: null,
          access: new Headers(init?.headers).get('x-order-access'),
        });
        return ok(order({ method: 'pickup' }));
      },
      'GET /api/v2/orders/5/events': (url, init) => {
        const headers = new Headers(init?.headers);
        requests.push({
          url: url.pathname + url.search,
          auth: headers.get('authorization'),
          access: headers.get('x-order-access'),
        });
        return stream.response();
      },
    });
    const { router } = renderApp('/order-confirmation/5?token=tok_abc', { stub: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    const status = screen.getByTestId('order-status').closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent('Status: Order placed');
    expect(screen.getByTestId('order-line')).toHaveTextContent('2 × Margherita');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$38.00');
    expect(screen.getByText('Pickup')).toBeInTheDocument();

    // The link's token is exchanged once; the order and its stream go with the credential in a header,
    // and the token leaves the address (decision 026).
    await waitFor(() => expect(requests.map((r) => r.url)).toContain('/api/v2/orders/5/events'));
    expect(exchanged).toEqual([{ token: 'tok_abc' }]);
    expect(requests[0]).toEqual({ url: '/api/v2/orders/5', auth: null, access: 'acc_5' });
    expect(requests.find((r) => r.url.endsWith('/events'))?.access).toBe('acc_5');
    expect(router.state.location.search).toBe('');

    // The server's `order` event, split across chunks as a network delivers it.
    const history = [
      { status: 'placed', at: '2026-11-23T07:00:00.000Z', note: null },
      { status: 'accepted', at: '2026-11-23T07:05:00.000Z', note: 'Ready in about 20 min' },
    ];
    const event = { order_id: 5, order_number: '1042', method: 'pickup', status: 'accepted', ready_at: null };
    const text = `event: order\ndata: ${JSON.stringify({ ...event, status_history: history })}\n\n`;
    stream.send(text.slice(0, 40));
    stream.send(text.slice(40));
    await waitFor(() => expect(status).toHaveTextContent('Status: Accepted by the restaurant'));
    const progress = screen.getByRole('list', { name: 'Order progress' });
    expect(
      within(progress)
        .getByText(/Accepted by the restaurant/)
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    expect(progress).toHaveTextContent('Ready in about 20 min');

    stream.send('event: status\ndata: {"status":"ready","at":"2026-11-23T07:20:00.000Z"}\n\n');
    await waitFor(() => expect(status).toHaveTextContent('Status: Ready for pickup'));
  });

  it('a signed-in customer streams with the bearer header', async () => {
    useAuthStore.getState().setSession('user-token', {
      id: 7,
      tenant_id: 139,
      name: 'Uma',
      email: 'uma@example.com',
      phone_no: '',
      role: 'customer',
      has_password: true,
    });
    const stream = eventStream();
    let auth: string | null = null;
    stubApi({
      'GET /api/v2/orders/5': () => ok(order({ method: 'delivery', status: 'ready' })),
      'GET /api/v2/orders/5/events': (_url, init) => {
        auth = new Headers(init?.headers).get('authorization');
        return stream.response();
      },
    });
    renderApp('/order-confirmation/5', { stub: false });
    expect(await screen.findByTestId('order-status')).toHaveTextContent(/^Ready$/);
    await waitFor(() => expect(auth).toBe('Bearer user-token'));
    stream.send('data: {"status":"out_for_delivery","at":"2026-11-23T07:30:00.000Z"}\n\n');
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Out for delivery'));
    expect(screen.getByTestId('order-status').closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
  });

  it('marks a GST-free line (decision 048)', async () => {
    const base = order({ method: 'pickup' });
    const milk = { ...base.lines[0], id: 2, name: 'Milk 1 L', details: [], tax: 0, tax_class: 'gst_free' as const };
    stubApi({
      'GET /api/v2/orders/8': () => ok({ ...base, lines: [...base.lines, milk] }),
      'GET /api/v2/orders/8/events': () =>
        new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    renderApp('/order-confirmation/8', { stub: false });
    const lines = await screen.findAllByTestId('order-line');
    const free = `${runtimeConfig.tenant.taxName}-free`; // 'GST-free' for an Australian business
    expect(lines[0]).not.toHaveTextContent(free);
    expect(lines[1]).toHaveTextContent('Milk 1 L');
    expect(within(lines[1] as HTMLElement).getByTestId('order-line-tax-free')).toHaveTextContent(free);
  });

  it("someone else's order (404) says it was not found", async () => {
    stubApi({
      'GET /api/v2/orders/6': () => json(404, { data: null, error: { code: 'not_found', message: 'Order not found' } }),
    });
    renderApp('/order-confirmation/6', { stub: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });

  it('says what paid what, and "left to pay" only while something is', async () => {
    const events = () => new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const giftCard = { gift_card: 2500, amount_due: 1300 };
    stubApi({
      'GET /api/v2/orders/7': () =>
        ok(order({ id: 7, totals: { ...order().totals, ...giftCard }, payment_status: 'paid' })),
      'GET /api/v2/orders/7/events': events,
      'GET /api/v2/orders/8': () =>
        ok(order({ id: 8, totals: { ...order().totals, ...giftCard }, payment_status: 'pending' })),
      'GET /api/v2/orders/8/events': events,
    });
    const paid = renderApp('/order-confirmation/7', { stub: false });
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    expect(screen.getAllByTestId('order-payment').map((row) => row.textContent)).toEqual([
      'Paid by gift card$25.00',
      'Paid by card$13.00',
    ]);
    expect(screen.queryByText(/Left to pay/)).toBeNull();
    expect(screen.getByText('Gift card and card (paid)')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$3.45');
    expect(screen.getByText(/^Includes /)).toBeInTheDocument();
    paid.unmount();

    renderApp('/order-confirmation/8', { stub: false });
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    expect(screen.getAllByTestId('order-payment').map((row) => row.textContent)).toEqual([
      'Paid by gift card$25.00',
      'Left to pay by card$13.00',
    ]);
  });
});
