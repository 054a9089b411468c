import { type AdminGiftCard, abilitiesOf, type GiftCardLedgerEntry } from '@storefront/core';
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
    purchaser_email: 'alex@x.test',
    void_reason: null,
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
];

function signInAs(role: 'manager' | 'staff') {
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
      return ok(url.searchParams.get('last4') === 'K7QZ' ? cards : []);
    },
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

describe('gift cards page', () => {
  it('finds a card by its last four, shows its state and ledger, and voids it with a reason (manager)', async () => {
    const { calls } = signInAs('manager');
    renderApp('/admin/gift-cards', { stub: false });
    const row = await searchLast4();
    expect(calls[0]?.url).toBe('?last4=K7QZ');
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
    expect(calls.at(-1)?.body).toEqual({
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
