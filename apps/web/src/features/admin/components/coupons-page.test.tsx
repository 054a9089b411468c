import type { AdminCoupon } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

function coupon(overrides: Partial<AdminCoupon>): AdminCoupon {
  return {
    id: 1,
    tenant_id: 139,
    code: 'SAVE10',
    description: '10% off',
    discount_type: 'percentage',
    value: 1000,
    min_spend_cents: 3000,
    max_discount_cents: null,
    valid_from: null,
    valid_until: null,
    daily_from: null,
    daily_until: null,
    days_of_week: null,
    restaurant_ids: null,
    methods: null,
    product_ids: null,
    category_ids: null,
    usage_limit: 100,
    per_customer_limit: null,
    first_order_only: false,
    is_auto_coupon: false,
    stackable: false,
    excludes_cash_on_delivery: false,
    is_active: true,
    times_used: 7,
    usage: { reserved: 2, used: 5, released: 1 },
    created_at: '2026-11-20T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
    ...overrides,
  };
}

function signInAs(role: 'manager' | 'staff') {
  const me = staffSession(role);
  let coupons = [coupon({}), coupon({ id: 2, code: 'FIVEOFF', discount_type: 'flat', value: 500, is_active: false })];
  const bodies: { method: string; body: unknown }[] = [];
  const fetch = stubApi({
    ...me,
    'GET /api/v2/admin/coupons': () => ok(coupons),
    'POST /api/v2/admin/coupons': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      bodies.push({ method: 'POST', body });
      if (body.code === 'SAVE10') {
        return json(409, { data: null, error: { code: 'conflict', message: 'That code is taken' } });
      }
      const created = coupon({ ...body, id: 3, times_used: 0, usage: { reserved: 0, used: 0, released: 0 } });
      coupons = [...coupons, created];
      return json(201, { data: created, error: null });
    },
    'PATCH /api/v2/admin/coupons/1': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      bodies.push({ method: 'PATCH', body });
      coupons = coupons.map((c) => (c.id === 1 ? { ...c, ...body } : c));
      return ok(coupons[0]);
    },
  });
  return { fetch, bodies };
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('coupons page (managers and owners)', () => {
  it('lists coupons with their usage, creates one in cents/basis points, shows a refusal and disables one', async () => {
    const { bodies } = signInAs('manager');
    renderApp('/admin/coupons', { stub: false });
    const list = await screen.findByRole('list', { name: 'All coupons' });
    const save10 = (await within(list).findByText('SAVE10')).closest('li') as HTMLElement;
    expect(save10).toHaveTextContent('10% off');
    expect(save10).toHaveTextContent('Used 5 times (+2 in checkout) of 100');
    expect(save10).toHaveTextContent('Active');
    expect(within(list).getByText('FIVEOFF').closest('li')).toHaveTextContent('Disabled');

    await userEvent.type(screen.getByLabelText('Code'), 'SPRING');
    await userEvent.selectOptions(screen.getByLabelText('Discount'), 'flat');
    await userEvent.type(screen.getByLabelText('Amount off ($)'), '7.5');
    await userEvent.type(screen.getByLabelText('Minimum spend ($, optional)'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.body).toMatchObject({
      tenant_id: 139,
      code: 'SPRING',
      discount_type: 'flat',
      value: 750,
      min_spend_cents: 4000,
      usage_limit: null,
    });
    expect(await within(screen.getByRole('list', { name: 'All coupons' })).findByText('SPRING')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Code'), 'SAVE10');
    await userEvent.type(screen.getByLabelText('Percent off'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is taken');

    await userEvent.click(screen.getByRole('button', { name: 'Disable SAVE10' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ method: 'PATCH', body: { tenant_id: 139, is_active: false } }));
    expect(await screen.findByRole('button', { name: 'Enable SAVE10' })).toBeInTheDocument();
  });

  it('is not offered to staff, and refuses them by address', async () => {
    const { fetch } = signInAs('staff');
    renderApp('/admin/coupons', { stub: false });
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Coupons' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/admin/coupons'))).toBe(false);
  });
});
