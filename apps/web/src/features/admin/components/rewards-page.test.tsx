import type { AdminRewards } from '@orderfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { json, ok, stubApi } from '@/testing/api';
import { loyaltyRules } from '@/testing/orders';
import { renderApp } from '@/testing/render';

const saved: AdminRewards = {
  currency: 'AUD',
  loyalty: loyaltyRules,
  gift_cards: {
    enabled: true,
    min_amount: 1000,
    max_amount: 50000,
    presets: [2500, 5000, 10000],
    valid_months: 36,
    max_delivery_days: 365,
  },
};

function signInAs(role: 'owner' | 'manager') {
  const me = staffSession(role);
  const puts: unknown[] = [];
  stubApi({
    ...me,
    'GET /api/v2/admin/rewards': () => ok(saved),
    'PUT /api/v2/admin/rewards': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      puts.push(body);
      if (body.gift_cards.valid_months === 7) {
        return json(400, {
          data: null,
          error: {
            code: 'validation',
            message: 'Check the highlighted fields',
            fields: { 'gift_cards.valid_months': 'Cards must be valid for at least 36 months here' },
          },
        });
      }
      return ok({ currency: 'AUD', ...body });
    },
  });
  return { puts };
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('rewards page (owners)', () => {
  it('shows the saved rules, refuses bad values on their fields, and saves whole cents and counts', async () => {
    const { puts } = signInAs('owner');
    const user = userEvent.setup();
    renderApp('/admin/rewards', { stub: false });
    const perDollar = await screen.findByLabelText('Points earned per dollar spent');
    expect(perDollar).toHaveValue('1');
    expect(screen.getByRole('status')).toHaveTextContent('100 points take $5.00 off an order.');
    expect(screen.getByLabelText('Amounts offered as buttons ($)')).toHaveValue('25.00, 50.00, 100.00');

    await user.clear(screen.getByLabelText('Smallest amount ($)'));
    await user.type(screen.getByLabelText('Smallest amount ($)'), '600');
    await user.clear(perDollar);
    await user.type(perDollar, 'two');
    await user.click(screen.getByRole('button', { name: 'Save rewards' }));
    expect(await screen.findByText('The largest amount must not be below the smallest')).toBeInTheDocument();
    expect(screen.getByText('Enter points per dollar')).toBeInTheDocument();
    expect(screen.getByLabelText('Largest amount ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([]);

    await user.clear(screen.getByLabelText('Smallest amount ($)'));
    await user.type(screen.getByLabelText('Smallest amount ($)'), '20');
    await user.clear(perDollar);
    await user.type(perDollar, '2');
    await user.clear(screen.getByLabelText('Amounts offered as buttons ($)'));
    await user.type(screen.getByLabelText('Amounts offered as buttons ($)'), '20, 45.50');
    await user.clear(screen.getByLabelText('Cards are valid for (months)'));
    await user.click(screen.getByLabelText('Customers earn and redeem points'));
    await user.click(screen.getByRole('button', { name: 'Save rewards' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      loyalty: { ...saved.loyalty, enabled: false, points_per_dollar: 2 },
      gift_cards: { ...saved.gift_cards, min_amount: 2000, presets: [2000, 4550], valid_months: null },
    });
    expect(await screen.findByText('Rewards saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal on the field it names', async () => {
    signInAs('owner');
    const user = userEvent.setup();
    renderApp('/admin/rewards', { stub: false });
    const months = await screen.findByLabelText('Cards are valid for (months)');
    await user.clear(months);
    await user.type(months, '7');
    await user.click(screen.getByRole('button', { name: 'Save rewards' }));
    expect(await screen.findByText('Cards must be valid for at least 36 months here')).toBeInTheDocument();
    expect(months).toHaveAttribute('aria-invalid', 'true');
  });

  it('is the owner’s: a manager neither sees it in the menu nor may open it', async () => {
    signInAs('manager');
    renderApp('/admin/rewards', { stub: false });
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Loyalty and gift card settings' })).not.toBeInTheDocument();
  });
});
