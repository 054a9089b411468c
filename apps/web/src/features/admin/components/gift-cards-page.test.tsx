import {
  type AdminGiftCard,
  type AdminGiftCardSummary,
  abilitiesOf,
  adminGiftCardPageSize,
  type GiftCardLedgerEntry,
} from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

function card(overrides: Partial<AdminGiftCard>): AdminGiftCard {
  return {
    id: 4,
    status: 'active',
    last4: 'K7QZ',
    initial_amount: 5000,
    balance: 3250,
    currency: 'AUD',
    recipient_name: 'Sam Lee',
    recipient_email: 'sam@x.test',
    sender_name: 'Alex',
    message: null,
    deliver_on: null,
    delivered_at: '2026-11-01T00:00:00Z',
    expires_at: '2027-11-01T00:00:00Z',
    created_at: '2026-11-01T00:00:00Z',
    source: 'purchase',
    purchaser_email: 'alex@x.test',
    void_reason: null,
    refunded_amount: null,
    refunded_at: null,
    refund_id: null,
    ...overrides,
  };
}

const ledger: GiftCardLedgerEntry[] = [
  {
    id: 1,
    kind: 'issue',
    amount: 5000,
    balance_after: 5000,
    order_id: null,
    note: null,
    created_at: '2026-11-01T00:00:00Z',
  },
  {
    id: 2,
    kind: 'redeem',
    amount: -1750,
    balance_after: 3250,
    order_id: 812,
    note: null,
    created_at: '2026-11-10T00:00:00Z',
  },
  {
    id: 3,
    kind: 'refund',
    amount: 1750,
    balance_after: 5000,
    order_id: 812,
    note: null,
    created_at: '2026-11-11T00:00:00Z',
  },
  {
    id: 4,
    kind: 'refund',
    amount: -5000,
    balance_after: 0,
    order_id: null,
    note: 'Bought by mistake',
    created_at: '2026-11-12T00:00:00Z',
  },
];

const summary: AdminGiftCardSummary = {
  currency: 'AUD',
  outstanding_balance: 123_450,
  active_cards: 12,
  expired_balance: 3000,
  since: '2026-10-25T13:00:00.000Z',
  days: 30,
  sold: { count: 4, amount: 50_000 },
  issued: { count: 1, amount: 5000 },
  redeemed: { count: 3, amount: 12_025 },
  refunded: { count: 2, amount: 4_550 },
};

/** `count` cards with falling ids from `first`, newest first as the API lists them. */
const cardsFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => card({ id: first - i, last4: `R${String(first - i).padStart(3, '0')}` }));

/**
 * Signs in and answers the gift card calls: `recent` pages of the unfiltered list keyed by their
 * `before` ('' for the first), card …K7QZ for its last four, nothing for other searches.
 */
function signInAs(
  role: 'manager' | 'staff',
  recent: Record<string, AdminGiftCard[]> = { '': [card({ id: 7, last4: 'NEW7' })] },
) {
  useAuthStore.setState({
    token: `${role}-token`,
    user: { id: 9, tenant_id: 139, name: 'Pat', email: 'p@x.test', phone_no: '', role, has_password: true },
  });
  let cards = [card({})];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = stubApi({
    '/api/v2/admin/me': () =>
      ok({
        user: { id: 9, name: 'Pat', email: 'p@x.test', role },
        abilities: abilitiesOf(role),
        restaurants: [{ id: 1, name: 'Bella Nonna Surry Hills', timezone: 'Australia/Sydney', status: 1 }],
      }),
    'GET /api/v2/admin/gift-cards': (url) => {
      calls.push({ method: 'GET', url: url.search, body: null });
      const params = url.searchParams;
      if (params.has('last4') || params.has('code') || params.has('email')) {
        return ok(params.get('last4') === 'K7QZ' ? cards : []);
      }
      return ok(recent[params.get('before') ?? ''] ?? []);
    },
    'GET /api/v2/admin/gift-cards/summary': () => ok(summary),
    'GET /api/v2/admin/gift-cards/4/ledger': () => ok(ledger),
    'POST /api/v2/admin/gift-cards': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      calls.push({ method: 'POST', url: '', body });
      if (body.recipient_name === 'Nobody') {
        return json(422, { data: null, error: { code: 'unprocessable', message: 'Gift cards are turned off' } });
      }
      return json(201, {
        data: {
          gift_card: card({ id: 5, last4: 'WX9P', initial_amount: body.amount, balance: body.amount }),
          code: 'AB12CD34WX9P',
        },
        error: null,
      });
    },
    'POST /api/v2/admin/gift-cards/4/refund': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      calls.push({ method: 'POST refund', url: '', body });
      if (body.reason === 'Provider down') {
        return json(503, {
          data: null,
          error: {
            code: 'service_unavailable',
            message: 'The payment provider did not make the refund. The gift card keeps its balance; please try again.',
          },
        });
      }
      cards = [
        card({
          status: 'void',
          balance: 0,
          void_reason: body.reason,
          refunded_amount: 3250,
          refunded_at: '2026-11-12T01:00:00Z',
          refund_id: 're_123',
        }),
      ];
      return ok(cards[0]);
    },
    'POST /api/v2/admin/gift-cards/4/void': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      calls.push({ method: 'POST void', url: '', body });
      cards = [card({ status: 'void', balance: 0, void_reason: body.reason })];
      return ok(cards[0]);
    },
  });
  return { fetch, calls };
}

async function searchLast4() {
  await userEvent.selectOptions(await screen.findByLabelText('Search by'), 'last4');
  await userEvent.type(screen.getByLabelText('Search for'), 'K7QZ');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  const list = await screen.findByRole('list', { name: 'Gift cards found' });
  return within(list).getByText('…K7QZ').closest('li') as HTMLElement;
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

/** The figure a summary term shows: its value and note. */
const figure = (region: HTMLElement, term: string) => within(region).getByText(term).closest('div') as HTMLElement;

describe('gift cards page: the list and the summary', () => {
  it('on arrival shows the summary in the tenant’s money and the most recent cards, newest first', async () => {
    const { calls } = signInAs('staff', { '': [card({ id: 9, last4: 'NEW9' }), card({ id: 8, last4: 'NEW8' })] });
    renderApp('/admin/gift-cards', { stub: false });
    const region = await screen.findByRole('region', { name: 'Summary' });
    await within(region).findByText('Outstanding balance');
    expect(figure(region, 'Outstanding balance')).toHaveTextContent('$1,234.50');
    expect(figure(region, 'Outstanding balance')).toHaveTextContent('what you owe');
    expect(figure(region, 'Active cards')).toHaveTextContent('12');
    expect(figure(region, 'Sold, last 30 days')).toHaveTextContent('$500.004 paid cards');
    expect(figure(region, 'Issued by staff, last 30 days')).toHaveTextContent('$50.001 card');
    expect(figure(region, 'Redeemed, last 30 days')).toHaveTextContent('$120.25on 3 orders, less refunds');
    expect(figure(region, 'Refunded to buyers, last 30 days')).toHaveTextContent('$45.502 cards');
    expect(figure(region, 'Left on expired cards')).toHaveTextContent('$30.00');
    // The window starts at the restaurant's local midnight (26 Oct in Sydney), not the browser's.
    expect(region).toHaveTextContent('The last 30 days start on 26 Oct 2026.');
    expect(within(region).getAllByRole('term')).toHaveLength(7);

    const list = await screen.findByRole('list', { name: 'Recent gift cards' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^…/).textContent)).toEqual(['…NEW9', '…NEW8']);
    expect(rows[0]).toHaveTextContent('$32.50 of $50.00');
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Ledger of …NEW9' })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['']);
    // One page only: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more gift cards' })).not.toBeInTheDocument();
  });

  it('a search narrows the list; Show recent and an empty search go back to the recent cards', async () => {
    const { calls } = signInAs('staff');
    renderApp('/admin/gift-cards', { stub: false });
    await screen.findByRole('list', { name: 'Recent gift cards' });
    expect(screen.queryByRole('button', { name: 'Show recent' })).not.toBeInTheDocument();

    const row = await searchLast4();
    expect(row).toHaveTextContent('…K7QZ');
    expect(screen.queryByRole('list', { name: 'Recent gift cards' })).not.toBeInTheDocument();
    expect(screen.queryByText('…NEW7')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show recent' }));
    const recent = await screen.findByRole('list', { name: 'Recent gift cards' });
    expect(within(recent).getByText('…NEW7')).toBeInTheDocument();
    expect(screen.getByLabelText('Search for')).toHaveValue('');

    // A search for nothing found says so; clearing the box and searching again is recent again.
    await userEvent.type(screen.getByLabelText('Search for'), 'nobody@x.test');
    await userEvent.selectOptions(screen.getByLabelText('Search by'), 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No gift cards found.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Search for'));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('list', { name: 'Recent gift cards' })).toHaveTextContent('…NEW7');
    expect(calls.map((c) => c.url)).toContain('?email=nobody%40x.test');
  });

  it('a full page offers more: Load more asks for the cards before the last one and appends them', async () => {
    const first = cardsFrom(200, adminGiftCardPageSize);
    const { calls } = signInAs('staff', { '': first, '151': cardsFrom(150, 3) });
    renderApp('/admin/gift-cards', { stub: false });
    const list = await screen.findByRole('list', { name: 'Recent gift cards' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(adminGiftCardPageSize);

    const more = screen.getByRole('button', { name: 'Load more gift cards' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(adminGiftCardPageSize + 3));
    expect(calls.map((c) => c.url)).toEqual(['', '?before=151']);
    const last = within(list).getAllByRole('listitem').at(-1) as HTMLElement;
    expect(last).toHaveTextContent('…R148');
    // The end: the button goes and the keyboard lands on the note that says so.
    expect(screen.queryByRole('button', { name: 'Load more gift cards' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('That is every gift card.')).toHaveFocus());
  });
});

describe('gift cards page', () => {
  it('finds a card by its last four, shows its state and ledger, and voids it with a reason (manager)', async () => {
    const { calls } = signInAs('manager');
    renderApp('/admin/gift-cards', { stub: false });
    const row = await searchLast4();
    expect(calls.map((c) => c.url)).toEqual(['', '?last4=K7QZ']);
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('$32.50 of $50.00');
    expect(row).toHaveTextContent('To Sam Lee (sam@x.test)');
    expect(row).toHaveTextContent('Expires 1 Nov 2027');

    await userEvent.click(within(row).getByRole('button', { name: 'Ledger of …K7QZ' }));
    const table = await within(row).findByRole('table', { name: 'Ledger of card …K7QZ' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Issued+$50.00$50.00');
    expect(rows[2]).toHaveTextContent('Redeemed−$17.50$32.50#812');

    await userEvent.click(within(row).getByRole('button', { name: 'Void …K7QZ' }));
    await userEvent.type(within(row).getByLabelText('Reason for voiding'), 'Reported stolen');
    await userEvent.click(within(row).getByRole('button', { name: 'Void card' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST void').map((c) => c.body)).toEqual([{ reason: 'Reported stolen' }]),
    );
    const list = screen.getByRole('list', { name: 'Gift cards found' });
    await waitFor(() =>
      expect(within(list).getByText('…K7QZ').closest('li')).toHaveTextContent('Voided: Reported stolen'),
    );
  });

  it('issues a card in cents and shows its code once, grouped; shows the API refusal', async () => {
    const { calls } = signInAs('manager');
    renderApp('/admin/gift-cards', { stub: false });
    await userEvent.type(await screen.findByLabelText('Amount ($)'), '25.5');
    await userEvent.type(screen.getByLabelText('Recipient name'), 'Jo Park');
    await userEvent.type(screen.getByLabelText('Recipient email'), 'jo@x.test');
    await userEvent.type(screen.getByLabelText('Why it is issued (for staff)'), 'Late delivery');
    await userEvent.click(screen.getByRole('button', { name: 'Issue gift card' }));
    const issued = await screen.findByRole('region', { name: 'Issued gift card code' });
    expect(issued).toHaveTextContent('AB12 CD34 WX9P');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      amount: 2550,
      recipient_name: 'Jo Park',
      recipient_email: 'jo@x.test',
      note: 'Late delivery',
    });

    await userEvent.type(screen.getByLabelText('Amount ($)'), '10');
    await userEvent.type(screen.getByLabelText('Recipient name'), 'Nobody');
    await userEvent.type(screen.getByLabelText('Recipient email'), 'n@x.test');
    await userEvent.type(screen.getByLabelText('Why it is issued (for staff)'), 'Test');
    await userEvent.click(screen.getByRole('button', { name: 'Issue gift card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Gift cards are turned off');
  });

  it('lets staff look cards up and read the ledger, without issue or void', async () => {
    signInAs('staff');
    renderApp('/admin/gift-cards', { stub: false });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'Gift cards' })).toBeInTheDocument();
    const row = await searchLast4();
    expect(screen.queryByRole('button', { name: 'Issue gift card' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Amount ($)')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Void/ })).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Ledger of …K7QZ' }));
    expect(await within(row).findByRole('table', { name: 'Ledger of card …K7QZ' })).toHaveTextContent('#812');
  });
});

describe('gift cards page: refunding a purchase', () => {
  it('a manager confirms the amount that goes back and a reason; the card shows as refunded and the keyboard lands on it', async () => {
    const { calls } = signInAs('manager');
    renderApp('/admin/gift-cards', { stub: false });
    const row = await searchLast4();
    const button = within(row).getByRole('button', { name: 'Refund …K7QZ' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const step = within(row).getByRole('region', { name: 'Refund card …K7QZ' });
    expect(step).toHaveTextContent('$32.50 goes back to the card alex@x.test paid with.');
    const reason = within(step).getByLabelText('Reason for the refund (for staff)');
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    expect(reason).toHaveAttribute('maxLength', '300');
    // No reason, no refund.
    await userEvent.click(within(step).getByRole('button', { name: 'Refund $32.50' }));
    expect(calls.filter((c) => c.method === 'POST refund')).toEqual([]);

    await userEvent.type(reason, ' Bought by mistake ');
    await userEvent.click(within(step).getByRole('button', { name: 'Refund $32.50' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST refund').map((c) => c.body)).toEqual([
        { reason: 'Bought by mistake' },
      ]),
    );
    const list = screen.getByRole('list', { name: 'Gift cards found' });
    const note = await within(list).findByText(/^Refunded \$32\.50 to the buyer on 12 Nov 2026: Bought by mistake$/);
    await waitFor(() => expect(note).toHaveFocus());
    const refunded = within(list).getByText('…K7QZ').closest('li') as HTMLElement;
    expect(refunded).toHaveTextContent('Refunded');
    expect(refunded).toHaveTextContent('$0.00 of $50.00');
    expect(within(refunded).queryByRole('region', { name: 'Refund card …K7QZ' })).not.toBeInTheDocument();
    expect(within(refunded).queryByRole('button', { name: /Refund|Void/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Gift card refunded')).toBeInTheDocument();
    expect(screen.getByText('$32.50 goes back to alex@x.test')).toBeInTheDocument();
  });

  it('shows the API’s refusal word for word and keeps the step open; Cancel closes it and gives the keyboard back to Refund', async () => {
    const { calls } = signInAs('manager');
    renderApp('/admin/gift-cards', { stub: false });
    const row = await searchLast4();
    await userEvent.click(within(row).getByRole('button', { name: 'Refund …K7QZ' }));
    const step = within(row).getByRole('region', { name: 'Refund card …K7QZ' });
    await userEvent.type(within(step).getByLabelText('Reason for the refund (for staff)'), 'Provider down');
    await userEvent.click(within(step).getByRole('button', { name: 'Refund $32.50' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent(
      'The payment provider did not make the refund. The gift card keeps its balance; please try again.',
    );
    expect(calls.filter((c) => c.method === 'POST refund')).toHaveLength(1);
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('$32.50 of $50.00');

    await userEvent.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByRole('region', { name: 'Refund card …K7QZ' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Refund …K7QZ' })).toHaveFocus();
  });

  it('is offered only on purchased active cards with money left, and only to managers and owners', async () => {
    signInAs('manager', {
      '': [
        card({ id: 11, last4: 'STAF', source: 'staff' }),
        card({ id: 12, last4: 'ZERO', balance: 0 }),
        card({ id: 13, last4: 'VOID', status: 'void', balance: 0, void_reason: 'Stolen' }),
        card({ id: 14, last4: 'UNPD', status: 'pending_payment', balance: 0 }),
        card({ id: 15, last4: 'GOOD' }),
      ],
    });
    renderApp('/admin/gift-cards', { stub: false });
    const list = await screen.findByRole('list', { name: 'Recent gift cards' });
    await within(list).findByText('…GOOD');
    expect(
      within(list)
        .getAllByRole('button', { name: /^Refund/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Refund …GOOD']);
  });

  it('staff see no Refund; a sent but unconfirmed refund says so; the ledger names a refund to the buyer apart from an order’s', async () => {
    signInAs('staff', {
      '': [
        card({ id: 15, last4: 'GOOD' }),
        card({
          id: 16,
          last4: 'SENT',
          status: 'void',
          balance: 0,
          refunded_amount: 1200,
          refunded_at: '2026-11-12T01:00:00Z',
        }),
      ],
    });
    renderApp('/admin/gift-cards', { stub: false });
    const list = await screen.findByRole('list', { name: 'Recent gift cards' });
    await within(list).findByText('…GOOD');
    expect(within(list).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(list).getByText('…SENT').closest('li')).toHaveTextContent(
      'Refund sent, not yet confirmed by the payment provider: $12.00 to the buyer on 12 Nov 2026',
    );

    const row = await searchLast4();
    await userEvent.click(within(row).getByRole('button', { name: 'Ledger of …K7QZ' }));
    const rows = within(await within(row).findByRole('table', { name: 'Ledger of card …K7QZ' })).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('Refunded+$17.50$50.00#812');
    expect(rows[4]).toHaveTextContent('Refunded to the buyer (Bought by mistake)−$50.00$0.00');
  });
});
