import { type AdminMenu, abilitiesOf, type UserRole } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';
import { useAdminRestaurantStore } from '../stores/admin-restaurant-store';

const restaurants = [
  { id: 1, name: 'Bella Nonna Surry Hills', timezone: 'Australia/Sydney', status: 1 },
  { id: 2, name: 'Bella Nonna Parramatta', timezone: 'Australia/Sydney', status: 1 },
];

const menu: AdminMenu = {
  restaurant_id: 1,
  timezone: 'Australia/Sydney',
  products: [
    {
      id: 11,
      product_id: 5,
      category_id: 1,
      category_name: 'Pizzas',
      name: 'Margherita',
      description: 'Tomato, fior di latte, basil',
      image_url: '/images/menu/pizzas.svg',
      price: 2000,
      online_price: 2200,
      stock_count: null,
      is_available: true,
      available_again_at: null,
      modifiers: [],
    },
  ],
};

const ordering = {
  restaurant_id: 1,
  is_online_order_enabled: true,
  busy_minutes: 0,
  paused_until: null,
  pickup_enabled: true,
  delivery_enabled: true,
  dine_in_enabled: true,
  accepting_orders: true,
};

function signIn(role: UserRole, mine = restaurants) {
  const user = { id: 9, tenant_id: 139, name: 'Pat', email: 'p@x.test', phone_no: '', role, has_password: true };
  useAuthStore.setState({ token: `${role}-token`, user });
  return stubApi({
    '/api/v2/admin/me': () =>
      role === 'customer'
        ? json(403, { data: null, error: { code: 'forbidden', message: 'Only staff' } })
        : ok({
            user: { id: 9, name: 'Pat', email: 'p@x.test', role },
            abilities: abilitiesOf(role),
            restaurants: mine,
          }),
    '/api/v2/admin/menu': () => ok(menu),
    '/api/v2/admin/ordering': () => ok(ordering),
    '/api/v2/admin/reservations': () => ok({ restaurant_id: 1, date: '2026-11-24', reservations: [] }),
    '/api/v2/admin/staff': () => ok([]),
    '/api/v2/admin/orders': () => ok({ items: [], page: 1, per_page: 100, total: 0 }),
  });
}

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Back office' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

afterEach(() => {
  useAuthStore.setState({ token: null, user: null });
  useAdminRestaurantStore.setState({ restaurantId: null });
});

describe('back office: who sees what', () => {
  it('asks a signed-out visitor to sign in and calls nothing of the back office', async () => {
    const fetch = stubApi();
    renderApp('/admin/menu', { stub: false });
    expect(await screen.findByText(/Sign in with your staff account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/admin/'))).toBe(false);
  });

  it('keeps a customer out without asking the server', async () => {
    const fetch = signIn('customer');
    renderApp('/admin/menu', { stub: false });
    expect(await screen.findByText(/has no staff role/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Back office' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/admin/'))).toBe(false);
  });

  it('shows staff only orders-side areas: availability and pause, no edits, switches, bookings, theme or staff', async () => {
    signIn('staff', [restaurants[0] as (typeof restaurants)[number]]);
    renderApp('/admin/menu', { stub: false });
    // Grouped by section, in the order the sections first appear (Service, Menu, Customers, Business).
    expect(await navLinks()).toEqual(['Orders', 'Ordering', 'Availability', 'Gift cards', 'Customer points']);
    expect(await screen.findByRole('button', { name: 'Out today: Margherita' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Margherita' })).not.toBeInTheDocument();
    // The switcher lists only the restaurants this user manages.
    const switcher = screen.getByRole('combobox', { name: 'Restaurant' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bella Nonna Surry Hills']);

    await userEvent.click(screen.getByRole('link', { name: 'Ordering' }));
    expect(await screen.findByRole('button', { name: 'Pause ordering' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Online ordering' })).not.toBeInTheDocument();
  });

  it('refuses a staff member who opens an area of a higher role by its address', async () => {
    signIn('staff');
    renderApp('/admin/staff', { stub: false });
    expect(await screen.findByText('Your role does not allow this.')).toBeInTheDocument();
  });

  it('gives managers menu edits, ordering switches and reservations, but not the theme or staff', async () => {
    signIn('manager');
    renderApp('/admin/menu', { stub: false });
    expect(await navLinks()).toEqual([
      'Orders',
      'Ordering',
      'Reservations',
      'Tables',
      'Availability',
      'Menu editor',
      'Coupons',
      'Gift cards',
      'Customer points',
      'Reports',
      'Hours',
      'Restaurants',
      'Delivery zones',
    ]);
    expect(await screen.findByRole('button', { name: 'Edit Margherita' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ordering' }));
    expect(await screen.findByRole('checkbox', { name: 'Online ordering' })).toBeChecked();
    renderApp('/admin/theme', { stub: false });
    expect(await screen.findAllByText('Your role does not allow this.')).not.toHaveLength(0);
  });

  it('gives owners every area, the theme editor among them, and every restaurant in the switcher', async () => {
    signIn('owner');
    const { router } = renderApp('/admin', { stub: false });
    expect(await navLinks()).toEqual([
      'Orders',
      'Ordering',
      'Reservations',
      'Tables',
      'Availability',
      'Menu editor',
      'Coupons',
      'Gift cards',
      'Customer points',
      'Loyalty and gift card settings',
      'Tips',
      'Reports',
      'Hours',
      'Theme',
      'Staff',
      'Business settings',
      'Restaurants',
      'Delivery zones',
    ]);
    // Every staff role lands on the orders board.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Theme' }));
    expect(await screen.findByRole('heading', { name: 'Theme editor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save theme' })).toBeInTheDocument();
    const switcher = screen.getByRole('combobox', { name: 'Restaurant' });
    expect(within(switcher).getAllByRole('option')).toHaveLength(2);
  });
});
