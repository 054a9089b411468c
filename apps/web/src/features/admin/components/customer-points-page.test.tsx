import type { AdminCustomerPoints } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const ada: AdminCustomerPoints = {
  user_id: 41,
  name: 'Ada Lovelace',
  email: 'ada@x.test',
  balance: 100,
  value: 500,
  currency: 'AUD',
  expires_at: '2027-11-20T10:00:00.000Z',
  history: [
    {
      id: 2,
      kind: 'adjust',
      points: 36,
      balance_after: 100,
      order_id: null,
      order_number: null,
      note: 'Cold pizza',
      adjusted_by: 'Pat Manager',
      created_at: '2026-11-21T10:00:00.000Z',
    },
    {
      id: 1,
      kind: 'earn',
      points: 64,
      balance_after: 64,
      order_id: 12,
      order_number: '1012',
      note: null,
      adjusted_by: null,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

interface Sent {
  url: string;
  key: string | null;
  body: { points: number; reason: string };
}

function signInAs(role: 'staff' | 'manager') {
  const me = staffSession(role);
  const searches: string[] = [];
  const sent: Sent[] = [];
  let customer = ada;
  const fetch = stubApi({
    ...me,
    'GET /api/v2/admin/loyalty': (url) => {
      const email = url.searchParams.get('email') ?? '';
      searches.push(email);
      return ok(email === 'ada@x.test' ? [customer] : []);
    },
    'POST /api/v2/admin/loyalty/41/adjust': (url, init) => {
      const body = JSON.parse(String(init?.body));
      const key = new Headers(init?.headers).get('idempotency-key');
      sent.push({ url: url.pathname, key, body });
      if (customer.balance + body.points < 0) {
        const message = `Cannot deduct ${-body.points} points: the balance is only ${customer.balance} points.`;
        return json(409, { data: null, error: { code: 'conflict', message, fields: { points: message } } });
      }
      const balance = customer.balance + body.points;
      const entry = {
        id: 3,
        kind: 'adjust',
        points: body.points,
        balance_after: balance,
        order_id: null,
        order_number: null,
        note: body.reason,
        adjusted_by: 'Pat',
        created_at: '2026-11-22T10:00:00.000Z',
      } as const;
      customer = { ...customer, balance, value: balance * 5, history: [entry, ...customer.history] };
      return json(201, { data: { entry, customer }, error: null });
    },
  });
  return { fetch, searches, sent };
}

async function findAda(email = 'Ada@X.test') {
  await userEvent.type(await screen.findByLabelText('Customer email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
  const list = await screen.findByRole('list', { name: 'Customers found' });
  return within(list).getByRole('article', { name: /Ada Lovelace/ });
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('customer points page', () => {
  it('staff find a customer by email and read balance, value, expiry and history, with no adjust form', async () => {
    const { searches } = signInAs('staff');
    renderApp('/admin/customer-points', { stub: false });
    const card = await findAda();
    expect(searches).toEqual(['ada@x.test']);
    expect(card).toHaveTextContent('100 points worth $5.00');
    expect(card).toHaveTextContent('Expire on 20 Nov 2027');
    const rows = within(within(card).getByRole('table', { name: 'Points history of Ada Lovelace' })).getAllByRole(
      'row',
    );
    expect(rows[1]).toHaveTextContent('21 Nov 2026Adjusted: Cold pizza+36100Pat Manager');
    expect(rows[2]).toHaveTextContent('20 Nov 2026Earned (order 1012)+6464');
    expect(within(card).queryByRole('form', { name: 'Adjust points of Ada Lovelace' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Points')).not.toBeInTheDocument();
  });

  it('an email nobody has says so', async () => {
    signInAs('staff');
    renderApp('/admin/customer-points', { stub: false });
    await userEvent.type(await screen.findByLabelText('Customer email'), 'nobody@x.test');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No customer has that email.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Customers found' })).not.toBeInTheDocument();
  });

  it('a manager adds points with a reason: one request with a key, the result confirmed and focused, the balance updated', async () => {
    const { sent } = signInAs('manager');
    renderApp('/admin/customer-points', { stub: false });
    const card = await findAda();
    const form = within(card).getByRole('form', { name: 'Adjust points of Ada Lovelace' });
    expect(within(form).getByRole('group', { name: 'Adjust points' })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Add' })).toBeChecked();
    await userEvent.type(within(form).getByLabelText('Points'), '50');
    await userEvent.type(within(form).getByLabelText('Reason (the customer sees it)'), 'Birthday treat');
    await userEvent.click(within(form).getByRole('button', { name: 'Add points' }));

    const done = await within(form).findByText(
      'Added 50 points for Ada Lovelace. New balance: 150 points (worth $7.50).',
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ points: 50, reason: 'Birthday treat' });
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(card).toHaveTextContent('150 points worth $7.50');
    expect(within(card).getAllByRole('row')[1]).toHaveTextContent('Adjusted: Birthday treat+50150Pat');
    expect(within(form).getByLabelText('Points')).toHaveValue('');
    expect(within(form).getByLabelText('Reason (the customer sees it)')).toHaveValue('');
  });

  it('a deduction the API refuses shows its message as it is, focused; a retry of the same change reuses its key', async () => {
    const { sent } = signInAs('manager');
    renderApp('/admin/customer-points', { stub: false });
    const form = within(await findAda()).getByRole('form', { name: 'Adjust points of Ada Lovelace' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Deduct' }));
    await userEvent.type(within(form).getByLabelText('Points'), '150');
    await userEvent.type(within(form).getByLabelText('Reason (the customer sees it)'), 'Counted twice');
    const button = within(form).getByRole('button', { name: 'Deduct points' });
    await userEvent.click(button);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(/^Cannot deduct 150 points: the balance is only 100 points\.$/);
    await waitFor(() => expect(alert).toHaveFocus());

    await userEvent.click(button);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.body).toEqual({ points: -150, reason: 'Counted twice' });

    // A different change is a new request with a new key.
    await userEvent.clear(within(form).getByLabelText('Points'));
    await userEvent.type(within(form).getByLabelText('Points'), '30');
    await userEvent.click(button);
    expect(
      await within(form).findByText('Deducted 30 points for Ada Lovelace. New balance: 70 points (worth $3.50).'),
    ).toBeInTheDocument();
    expect(sent[2]?.body).toEqual({ points: -30, reason: 'Counted twice' });
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('points that are not a whole number from 1 to 100,000 are refused before sending, focus on the field', async () => {
    const { sent } = signInAs('manager');
    renderApp('/admin/customer-points', { stub: false });
    const form = within(await findAda()).getByRole('form', { name: 'Adjust points of Ada Lovelace' });
    const field = within(form).getByLabelText('Points');
    await userEvent.type(within(form).getByLabelText('Reason (the customer sees it)'), 'x');
    for (const value of ['1.5', '0', '100001']) {
      await userEvent.clear(field);
      await userEvent.type(field, value);
      await userEvent.click(within(form).getByRole('button', { name: 'Add points' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'Enter a whole number of points from 1 to 100,000.',
      );
      await waitFor(() => expect(field).toHaveFocus());
    }
    expect(sent).toEqual([]);
  });
});
