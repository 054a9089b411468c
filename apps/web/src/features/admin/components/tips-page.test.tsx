import type { TipSettings } from '@orderfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const saved: TipSettings = {
  methods: { pickup: false, delivery: false, dine_in: false },
  presets: [5, 10, 15],
  allow_custom: false,
  taxed: false,
};

function signInAs(role: 'owner' | 'manager', { failWith }: { failWith?: number } = {}) {
  const puts: unknown[] = [];
  stubApi({
    ...staffSession(role),
    'GET /api/v2/admin/tips': () => ok(saved),
    'PUT /api/v2/admin/tips': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      puts.push(body);
      if (failWith === 400) {
        return json(400, {
          data: null,
          error: {
            code: 'validation',
            message: 'Check the highlighted fields',
            fields: { presets: 'Each percentage once' },
          },
        });
      }
      if (failWith) return json(failWith, { data: null, error: { code: 'internal', message: 'The server is down' } });
      return ok({ ...body, presets: [...body.presets].sort((a: number, b: number) => a - b) });
    },
  });
  return { puts };
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('tips page (owners)', () => {
  it('shows the saved settings, refuses bad percentages on their field, and saves the whole settings', async () => {
    const { puts } = signInAs('owner');
    const user = userEvent.setup();
    renderApp('/admin/tips', { stub: false });
    const presets = await screen.findByLabelText('Percentages offered as buttons');
    expect(presets).toHaveValue('5, 10, 15');
    expect(screen.getByRole('checkbox', { name: 'Pickup' })).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save tips' });

    for (const [typed, message] of [
      ['5, 12.5', 'Use whole percentages'],
      ['5, 101', 'At most 100%'],
      ['10, 10', 'Each percentage once'],
      ['5, 10, 15, 20, 25', 'Offer at most four percentages'],
      ['ten', 'Enter percentages as numbers, e.g. 5, 10, 15'],
      [' , ', 'Offer at least one percentage'],
    ]) {
      await user.clear(presets);
      await user.type(presets, typed as string);
      await user.click(save);
      expect(await screen.findByText(message as string)).toBeInTheDocument();
      expect(presets).toHaveAttribute('aria-invalid', 'true');
    }
    expect(puts).toEqual([]);

    await user.clear(presets);
    await user.type(presets, '20, 10%, 15');
    await user.click(screen.getByRole('checkbox', { name: 'Pickup' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dine-in' }));
    await user.click(screen.getByRole('checkbox', { name: /type an amount of their own/ }));
    await user.click(screen.getByRole('checkbox', { name: /Tips include the business’s tax/ }));
    await user.click(save);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      methods: { pickup: true, delivery: false, dine_in: true },
      presets: [20, 10, 15],
      allow_custom: true,
      taxed: true,
    });
    expect(await screen.findByText('Tips saved')).toBeInTheDocument();
    await waitFor(() => expect(presets).toHaveValue('10, 15, 20'));
  });

  it('shows the server’s refusal on the field it names, and a failure as a toast', async () => {
    signInAs('owner', { failWith: 400 });
    const user = userEvent.setup();
    renderApp('/admin/tips', { stub: false });
    const presets = await screen.findByLabelText('Percentages offered as buttons');
    await user.click(screen.getByRole('button', { name: 'Save tips' }));
    expect(await screen.findByText('Each percentage once')).toBeInTheDocument();
    expect(presets).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Not saved')).toBeInTheDocument();
  });

  it('is the owner’s: a manager neither sees it in the menu nor may open it', async () => {
    signInAs('manager');
    renderApp('/admin/tips', { stub: false });
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Tips' })).not.toBeInTheDocument();
  });
});
