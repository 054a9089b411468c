import { abilitiesOf, type GoingLive } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';
import { useAdminRestaurantStore } from '../stores/admin-restaurant-store';

const restaurant = { id: 1, name: 'Harbour Circular Quay', timezone: 'Australia/Sydney', status: 1 };

const missing: GoingLive = {
  ready: false,
  items: [
    { key: 'restaurant', done: true, detail: '1 restaurant open' },
    { key: 'hours', done: false, detail: 'No open restaurant has opening hours' },
    { key: 'menu', done: false, detail: 'No open restaurant has anything on its menu' },
    { key: 'payments', done: false, detail: 'No card payment provider is set up' },
  ],
};

function signInOwner(goingLive: GoingLive, restaurants = [restaurant]) {
  useAuthStore.setState({
    token: 'owner-token',
    user: { id: 9, tenant_id: 1001, name: 'Kenji', email: 'k@x.test', phone_no: '', role: 'owner', has_password: true },
  });
  return stubApi({
    '/api/v2/admin/me': () =>
      ok({
        user: { id: 9, name: 'Kenji', email: 'k@x.test', role: 'owner' },
        abilities: abilitiesOf('owner'),
        restaurants,
      }),
    '/api/v2/admin/going-live': () => ok(goingLive),
    '/api/v2/admin/orders': () => ok({ items: [], page: 1, per_page: 100, total: 0 }),
    '/api/v2/admin/staff': () => ok([]),
    '/api/v2/admin/invitations': () => ok([]),
    'POST /api/v2/admin/invitations': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      if (body.email === 'taken@x.test') {
        return json(422, { data: null, error: { code: 'unprocessable', message: 'Not today' } });
      }
      return json(201, {
        data: { id: 3, ...body, expires_at: '2026-12-03T00:00:00.000Z', accepted_at: null },
        error: null,
      });
    },
  });
}

afterEach(() => {
  useAuthStore.setState({ token: null, user: null });
  useAdminRestaurantStore.setState({ restaurantId: null });
  window.history.replaceState(null, '', '/');
});

describe('the back office home and navigation', () => {
  it('shows an owner what is missing, each step linking to where it is fixed', async () => {
    signInOwner(missing);
    renderApp('/admin', { stub: false });
    const checklist = await screen.findByRole('region', { name: 'Before your shop can take orders' });
    expect(within(checklist).getByText('3 steps are left.', { exact: false })).toBeInTheDocument();
    expect(within(checklist).getByText('Open a restaurant')).toHaveTextContent('(done)');
    expect(within(checklist).getByRole('link', { name: 'Go to Hours' })).toHaveAttribute('href', '/admin/hours');
    expect(within(checklist).getByRole('link', { name: 'Go to Menu' })).toHaveAttribute('href', '/admin/menu');
    expect(within(checklist).queryByRole('link', { name: 'Go to Restaurants' })).not.toBeInTheDocument();
  });

  it('sends an owner whose shop is ready to the orders board', async () => {
    signInOwner({ ready: true, items: missing.items.map((i) => ({ ...i, done: true })) });
    const { router } = renderApp('/admin', { stub: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
  });

  it('gives an owner of a new business with no restaurant the checklist rather than a dead end', async () => {
    signInOwner({ ...missing, items: missing.items.map((i) => ({ ...i, done: false })) }, []);
    renderApp('/admin', { stub: false });
    const checklist = await screen.findByRole('region', { name: 'Before your shop can take orders' });
    expect(within(checklist).getByRole('link', { name: 'Go to Restaurants' })).toBeInTheDocument();
  });

  it('lets that owner follow the checklist to create the first restaurant, and come back', async () => {
    signInOwner({ ...missing, items: missing.items.map((i) => ({ ...i, done: false })) }, []);
    const { router } = renderApp('/admin', { stub: false });
    const checklist = await screen.findByRole('region', { name: 'Before your shop can take orders' });
    await userEvent.click(within(checklist).getByRole('link', { name: 'Go to Restaurants' }));
    expect(await screen.findByRole('heading', { name: 'New restaurant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create restaurant' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the checklist' }));
    expect(router.state.location.pathname).toBe('/admin');
    expect(await screen.findByRole('region', { name: 'Before your shop can take orders' })).toBeInTheDocument();
  });

  it('groups the areas under their sections, marks the current page, and folds into one button', async () => {
    signInOwner(missing);
    renderApp('/admin/staff', { stub: false });
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Service', 'Menu', 'Customers', 'Business']);
    const business = within(nav).getByRole('list', { name: 'Business' });
    expect(within(business).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
    const toggle = within(nav).getByRole('button', { name: /^Sections/ });
    expect(toggle).toHaveTextContent('Staff');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(within(nav).getByRole('link', { name: 'Orders' }));
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: /^Sections/ })).toHaveAttribute('aria-expanded', 'false'),
    );
  });

  it('lets an owner invite someone by email to chosen restaurants and says when the server refuses', async () => {
    const fetch = signInOwner(missing);
    renderApp('/admin/staff', { stub: false });
    const form = await screen.findByRole('form', { name: 'Invite someone new' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter a valid email address');
    await userEvent.type(within(form).getByLabelText('Their email'), 'yuki@x.test');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'manager');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith('/admin/invitations') &&
            init?.method === 'POST' &&
            JSON.parse(String(init.body)).restaurant_ids[0] === 1 &&
            JSON.parse(String(init.body)).role === 'manager',
        ),
      ).toBe(true),
    );
    await userEvent.type(within(form).getByLabelText('Their email'), 'taken@x.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Not today');
  });

  it('lets an owner resend or withdraw a pending invitation', async () => {
    const pending = {
      id: 7,
      email: 'ren@x.test',
      role: 'staff',
      restaurant_ids: [1],
      expires_at: '2026-12-03T00:00:00.000Z',
      accepted_at: null,
    };
    let list = [pending];
    signInOwner(missing);
    const fetch = stubApi({
      '/api/v2/admin/me': () =>
        ok({
          user: { id: 9, name: 'Kenji', email: 'k@x.test', role: 'owner' },
          abilities: abilitiesOf('owner'),
          restaurants: [restaurant],
        }),
      '/api/v2/admin/staff': () => ok([]),
      '/api/v2/admin/invitations': () => ok(list),
      'POST /api/v2/admin/invitations/7/resend': () => ok({ ...pending, expires_at: '2026-12-05T00:00:00.000Z' }),
      'DELETE /api/v2/admin/invitations/7': () => {
        list = [];
        return ok({ id: 7 });
      },
    });
    renderApp('/admin/staff', { stub: false });
    const section = await screen.findByRole('region', { name: 'Invited, not joined yet' });
    await userEvent.click(within(section).getByRole('button', { name: 'Resend the invitation to ren@x.test' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => String(url).endsWith('/invitations/7/resend') && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(within(section).getByRole('button', { name: 'Withdraw the invitation to ren@x.test' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Invited, not joined yet' })).not.toBeInTheDocument(),
    );
  });
});

describe('/accept-invite', () => {
  const token = 'A'.repeat(43);

  it('takes the token from the fragment, checks the form, signs in and opens the back office', async () => {
    window.history.replaceState(null, '', `/accept-invite#token=${token}`);
    const fetch = stubApi({
      'POST /api/v2/auth/accept-invitation': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        expect(body).toMatchObject({ token, name: 'Yuki Tanaka', password: 'yuki-password-1' });
        return ok({
          token: 'session-token',
          user: {
            id: 5,
            tenant_id: 139,
            name: 'Yuki Tanaka',
            email: 'y@x.test',
            phone_no: '',
            role: 'staff',
            has_password: true,
          },
          needs_profile: ['phone_no'],
        });
      },
    });
    const { router } = renderApp('/accept-invite', { stub: false });
    // Read once, then out of the address bar.
    await waitFor(() => expect(window.location.hash).toBe(''));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('accept-invitation'))).toBe(false);
    await userEvent.type(screen.getByLabelText('Your name'), 'Yuki Tanaka');
    await userEvent.type(screen.getByLabelText('Choose a password'), 'yuki-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(useAuthStore.getState().token).toBe('session-token');
  });

  it('says what to do when the link is used up or incomplete', async () => {
    window.history.replaceState(null, '', `/accept-invite#token=${token}`);
    stubApi({
      'POST /api/v2/auth/accept-invitation': () =>
        json(400, {
          data: null,
          error: {
            code: 'bad_request',
            message: 'This invitation link is not valid, has expired or was used already. Ask for a new one.',
          },
        }),
    });
    renderApp('/accept-invite', { stub: false });
    await userEvent.type(await screen.findByLabelText('Your name'), 'Yuki');
    await userEvent.type(screen.getByLabelText('Choose a password'), 'yuki-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/used already/);

    window.history.replaceState(null, '', '/accept-invite');
    renderApp('/accept-invite', { stub: false });
    expect(await screen.findByRole('heading', { name: 'This invitation link is incomplete' })).toBeInTheDocument();
  });
});
