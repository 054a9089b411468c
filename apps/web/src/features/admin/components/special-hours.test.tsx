import { type AdminRestaurantDetail, addDays, type RestaurantSpecialHours, todayAt } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const surryHills: AdminRestaurantDetail = {
  id: 1,
  name: 'Bella Nonna Surry Hills',
  status: 1,
  street_name: '1 Crown St',
  suburb: 'Surry Hills',
  city: 'Sydney',
  state: 'NSW',
  postcode: '2010',
  country: 'AU',
  phone: '02 9000 0000',
  email: 'surry@bellanonna.example',
  latitude: -33.88,
  longitude: 151.21,
  timezone: 'Australia/Sydney',
  image_path: null,
  lead_time_minutes: 20,
  slot_minutes: 15,
  max_orders_per_slot: 10,
  asap_enabled: null,
  has_orders: true,
};

// A date ahead of the restaurant's today, whatever the hour the test runs.
const date = addDays(todayAt(new Date(), { timezone: 'Australia/Sydney' }), 5);

/** The server at the network boundary: keeps what is added, and answers `refuse` to the first add or change if set. */
function serve({ refuse }: { refuse?: Response } = {}) {
  const posts: unknown[] = [];
  const puts: unknown[] = [];
  let list: RestaurantSpecialHours[] = [];
  let refusal = refuse;
  /** Records the body, then answers the pending refusal once, else stores it by `store`. */
  const receive = (
    seen: unknown[],
    init: RequestInit | undefined,
    store: (body: Omit<RestaurantSpecialHours, 'id'>) => unknown,
  ) => {
    const body = JSON.parse(String(init?.body));
    seen.push(body);
    const answer = refusal;
    refusal = undefined;
    return answer ?? ok(store(body));
  };
  stubApi({
    ...staffSession('manager'),
    '/api/v2/admin/restaurants': () => ok([surryHills]),
    '/api/v2/admin/restaurants/1/closures': () => ok([]),
    'GET /api/v2/admin/restaurants/1/special-hours': () => ok(list),
    'POST /api/v2/admin/restaurants/1/special-hours': (_url, init) =>
      receive(posts, init, (body) => {
        const saved = { id: list.length + 1, ...body };
        list = [...list, saved];
        return saved;
      }),
    'PUT /api/v2/admin/restaurants/1/special-hours/1': (_url, init) =>
      receive(puts, init, (body) => {
        const saved = { id: 1, ...body };
        list = list.map((h) => (h.id === 1 ? saved : h));
        return saved;
      }),
    'DELETE /api/v2/admin/restaurants/1/special-hours/1': () => {
      list = list.filter((h) => h.id !== 1);
      return ok({ deleted: true });
    },
  });
  return { posts, puts, refuseNext: (answer: Response) => (refusal = answer) };
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('special hours on the restaurant screen', () => {
  it('refuses a missing date and closing before opening on their fields, then adds and removes hours', async () => {
    const { posts } = serve();
    const user = userEvent.setup();
    renderApp('/admin/restaurants', { stub: false });
    const form = await screen.findByRole('form', { name: 'Add special hours' });
    const f = within(form);
    await user.type(f.getByLabelText('Opens'), '14:00');
    await user.type(f.getByLabelText('Closes'), '10:00');
    await user.click(f.getByRole('button', { name: 'Add special hours' }));
    expect(await f.findByText('Use the date format YYYY-MM-DD')).toBeInTheDocument();
    expect(f.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(f.getByLabelText('Date')).toHaveFocus();
    expect(f.getByText('Closing must be after opening, on the same day')).toBeInTheDocument();
    expect(f.getByLabelText('Closes')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);

    await user.type(f.getByLabelText('Date'), date);
    await user.clear(f.getByLabelText('Opens'));
    await user.type(f.getByLabelText('Opens'), '10:00');
    await user.clear(f.getByLabelText('Closes'));
    await user.type(f.getByLabelText('Closes'), '14:00');
    await user.click(f.getByRole('button', { name: 'Add special hours' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ date, method: 'pickup', opens_at: '10:00', closes_at: '14:00' });
    expect(await screen.findByText(`${date} · Pickup · 10:00–14:00`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Remove Pickup hours on ${date}` }));
    expect(await screen.findByText('No special hours coming up.')).toBeInTheDocument();
  });

  it("shows the server's refusal on its field (overlapping hours)", async () => {
    const { posts } = serve({
      refuse: json(409, {
        data: null,
        error: { code: 'conflict', message: 'Overlaps', fields: { opens_at: 'Overlaps 09:00–11:00 that day' } },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/restaurants', { stub: false });
    const form = await screen.findByRole('form', { name: 'Add special hours' });
    const f = within(form);
    await user.type(f.getByLabelText('Date'), date);
    await user.selectOptions(f.getByLabelText('For'), 'delivery');
    await user.type(f.getByLabelText('Opens'), '10:00');
    await user.type(f.getByLabelText('Closes'), '14:00');
    await user.click(f.getByRole('button', { name: 'Add special hours' }));
    expect(await f.findByText('Overlaps 09:00–11:00 that day')).toBeInTheDocument();
    expect(f.getByLabelText('Opens')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([{ date, method: 'delivery', opens_at: '10:00', closes_at: '14:00' }]);
  });

  it("changes hours in place: the same checks, the server's overlap on its field, then the list shows the change", async () => {
    const { puts, refuseNext } = serve();
    const user = userEvent.setup();
    renderApp('/admin/restaurants', { stub: false });
    const add = within(await screen.findByRole('form', { name: 'Add special hours' }));
    await user.type(add.getByLabelText('Date'), date);
    await user.type(add.getByLabelText('Opens'), '10:00');
    await user.type(add.getByLabelText('Closes'), '14:00');
    await user.click(add.getByRole('button', { name: 'Add special hours' }));
    await user.click(await screen.findByRole('button', { name: `Edit Pickup hours on ${date}` }));

    const edit = within(screen.getByRole('form', { name: `Change Pickup hours on ${date}` }));
    expect(edit.getByLabelText('Opens')).toHaveValue('10:00');
    await user.clear(edit.getByLabelText('Closes'));
    await user.type(edit.getByLabelText('Closes'), '09:00');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect(await edit.findByText('Closing must be after opening, on the same day')).toBeInTheDocument();
    expect(puts).toEqual([]);

    refuseNext(
      json(409, {
        data: null,
        error: { code: 'conflict', message: 'Overlaps', fields: { opens_at: 'Overlaps 15:00–18:00 that day' } },
      }),
    );
    await user.clear(edit.getByLabelText('Closes'));
    await user.type(edit.getByLabelText('Closes'), '16:00');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect(await edit.findByText('Overlaps 15:00–18:00 that day')).toBeInTheDocument();
    expect(edit.getByLabelText('Opens')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(edit.getByLabelText('Closes'));
    await user.type(edit.getByLabelText('Closes'), '15:00');
    await user.click(edit.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`${date} · Pickup · 10:00–15:00`)).toBeInTheDocument();
    expect(puts.at(-1)).toEqual({ date, method: 'pickup', opens_at: '10:00', closes_at: '15:00' });
  });
});
