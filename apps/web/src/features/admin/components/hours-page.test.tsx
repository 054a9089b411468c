import type { AdminHours, AdminHoursBody } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const hours: AdminHours = {
  restaurant_id: 1,
  timezone: 'Australia/Sydney',
  hours: [
    { method: 'pickup', weekday: 1, opens_at: '11:00', closes_at: '21:00' },
    { method: 'delivery', weekday: 1, opens_at: '17:00', closes_at: '22:00' },
  ],
};

function signInAsManager() {
  const sent: AdminHoursBody[] = [];
  stubApi({
    ...staffSession('manager'),
    'GET /api/v2/admin/hours': () => ok(hours),
    'PUT /api/v2/admin/hours': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as AdminHoursBody;
      sent.push(body);
      return ok({ ...hours, hours: body.hours });
    },
  });
  return sent;
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('opening hours page', () => {
  it("saves one method's week (closed days left out) beside the other methods' hours as they were", async () => {
    const sent = signInAsManager();
    renderApp('/admin/hours', { stub: false });
    const pickup = await screen.findByRole('form', { name: 'Pickup hours' });
    await userEvent.click(within(pickup).getByRole('checkbox', { name: 'Pickup open on Tuesday' }));
    const closes = within(pickup).getByLabelText('Pickup closes on Tuesday');
    await userEvent.clear(closes);
    await userEvent.type(closes, '15:30');
    await userEvent.click(within(pickup).getByRole('button', { name: 'Save pickup hours' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      restaurant_id: 1,
      hours: [
        { method: 'delivery', weekday: 1, opens_at: '17:00', closes_at: '22:00' },
        { method: 'pickup', weekday: 1, opens_at: '11:00', closes_at: '21:00' },
        { method: 'pickup', weekday: 2, opens_at: '11:00', closes_at: '15:30' },
      ],
    });
  });

  it('refuses a day that opens and closes at the same time, with the contract’s words, and sends nothing', async () => {
    const sent = signInAsManager();
    renderApp('/admin/hours', { stub: false });
    const pickup = await screen.findByRole('form', { name: 'Pickup hours' });
    const closes = within(pickup).getByLabelText('Pickup closes on Monday');
    await userEvent.clear(closes);
    await userEvent.type(closes, '11:00');
    await userEvent.click(within(pickup).getByRole('button', { name: 'Save pickup hours' }));
    expect(await within(pickup).findByRole('alert')).toHaveTextContent('Opening and closing times must differ');
    expect(sent).toEqual([]);
  });
});
