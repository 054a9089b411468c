import type { RestaurantDetail, RestaurantEntry } from '@orderfront/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { storageKeys } from '@/lib/storage';
import { restaurantsQueryOptions } from '../api/get-restaurants';
import { expiryCheckIntervalMs } from '../hooks/use-restaurant-expiry';
import { choosesOwnRestaurant } from '../lib/page-choice';
import { registerCartOnSwitch, setAutoClearSettingSource, useRestaurantStore } from '../stores/restaurant-store';
import { entry } from '../testing/entries';
import { RestaurantSelector } from './restaurant-selector';

// Each test renders dialogs across many timer steps; on a loaded 2-core machine 5 s is too tight.
vi.setConfig({ testTimeout: 30_000 });

const surryHills = entry(1, 'Bella Nonna Surry Hills');
const parramatta = entry(2, 'Bella Nonna Parramatta', { is_open_now: false });

/** GET /v2/restaurants/:id as the server answers it (the hours shown in the optional dialog). */
function detail(id: number): RestaurantDetail {
  const e = id === 2 ? parramatta : surryHills;
  const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    ranges: [{ opens_at: '11:00', closes_at: '21:30' }],
  }));
  return {
    id,
    name: e.restaurant.name,
    status: 1,
    email: 'hello@example.com',
    address: { ...e.restaurant.address, country: 'AU' },
    attachment_paths: e.attachment_paths,
    location: {
      latitude: -33.88,
      longitude: 151.21,
      map_url: 'https://www.google.com/maps/search/?api=1&query=-33.88%2C151.21',
    },
    timezone: 'Australia/Sydney',
    today: { date: '2026-11-23', weekday: 1 },
    is_open_now: true,
    closed_reason: null,
    opening_hours: (['pickup', 'delivery', 'dine_in'] as const).map((method) => ({
      method,
      week: method === 'delivery' ? week.map((d) => ({ ...d, ranges: [] })) : week,
      today:
        method === 'delivery'
          ? { ranges: [], is_open_now: false, closed_reason: null }
          : { ranges: week[1]?.ranges ?? [], is_open_now: true, closed_reason: null },
    })),
    // Upcoming special hours the server lists (decision 043); the date is only shown, never compared to today.
    special_hours: id === 1 ? [{ date: '2026-12-24', method: 'pickup', opens_at: '10:00', closes_at: '14:00' }] : [],
  };
}

type Reply = { status: number; body: unknown } | 'network-down';
let replies: Reply[] = [];
let requests: { url: string; body: unknown }[] = [];

/** The server, at the network boundary: each call takes the next reply (the last one repeats). */
function serve(...next: Reply[]) {
  replies = next;
}
const list = (entries: RestaurantEntry[]): Reply => ({ status: 200, body: { data: entries, error: null } });

/** Advances the fake clock and lets promises, React and the lazy dialog chunk settle. */
async function advance(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

/** The mandatory dialog focuses its first control once it has painted (decision 058). */
async function afterPaint() {
  await advance(20); // a frame (jsdom's frames run on the faked timers), then the focusing task
}

/** The header's selector on a page; `handle` is the page route's (a booking form's picker, say). */
function renderSelector(handle?: unknown) {
  const client = createQueryClient();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <header>
          <RestaurantSelector />
        </header>
      ),
      handle,
    },
  ]);
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

const headerButton = () => within(screen.getByRole('banner')).getByRole('button');
const dialog = () => screen.queryByRole('dialog');
/** Toasts on screen saying 'Restaurant selected' (sonner keeps earlier tests' toasts, so compare counts). */
const toastCount = () => screen.queryAllByText('Restaurant selected').length;

beforeAll(async () => {
  // The dialog is a lazy chunk: load it once so opening it under fake timers needs no real I/O.
  await import('./restaurant-dialog');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-23T02:00:00Z'));
  useRestaurantStore.setState({ selectedRestaurant: null });
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v2/restaurants/')) {
        const id = Number(url.split('?')[0]?.split('/').pop());
        return new Response(JSON.stringify({ data: detail(id), error: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      const reply = replies.length > 1 ? replies.shift() : replies[0];
      if (!reply || reply === 'network-down') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('with no restaurant chosen', () => {
  it('fetches the active restaurants of the configured tenant', async () => {
    serve(list([surryHills, parramatta]));
    renderSelector();
    await advance();
    expect(requests[0]).toEqual({ url: '/api/restaurants-with-images', body: { tenant_id: 139, status: 1 } });
  });

  it('auto-selects the only active restaurant, with the toast, and opens no dialog', async () => {
    serve(list([surryHills]));
    renderSelector();
    await act(async () => {});
    const before = toastCount();
    await advance(1000);
    expect(useRestaurantStore.getState().selectedRestaurant).toEqual(surryHills);
    expect(headerButton()).toHaveAccessibleName('Restaurant: Bella Nonna Surry Hills');
    expect(toastCount()).toBe(before + 1);
    expect(dialog()).toBeNull();
  });

  it('counts only active restaurants: one active among inactive ones is still auto-selected', async () => {
    serve(list([entry(3, 'Bondi', { status: 0 }), surryHills]));
    renderSelector();
    await advance(1000);
    expect(useRestaurantStore.getState().selectedRestaurant?.restaurant.id).toBe(1);
  });

  it('opens no mandatory dialog over a page with its own restaurant picker (the booking form)', async () => {
    serve(list([surryHills, parramatta]));
    renderSelector(choosesOwnRestaurant);
    await advance(1000);
    expect(dialog()).toBeNull();
    expect(useRestaurantStore.getState().selectedRestaurant).toBeNull();
  });

  it('opens the mandatory dialog 500 ms after a list of two arrives, and it cannot be dismissed', async () => {
    serve(list([surryHills, parramatta]));
    renderSelector();
    await advance(499);
    expect(dialog()).toBeNull();
    await advance(1);
    const mandatory = screen.getByRole('dialog', { name: 'Choose your restaurant' });
    expect(within(mandatory).queryByRole('button', { name: 'Close' })).toBeNull();
    await afterPaint();
    expect(mandatory).toContainElement(document.activeElement as HTMLElement);

    fireEvent.keyDown(mandatory, { key: 'Escape' });
    await advance(100);
    expect(dialog()).not.toBeNull();
    fireEvent.pointerDown(document.body);
    await advance(100);
    expect(dialog()).not.toBeNull();

    // Each card shows name, address, phone, and open/closed now.
    const card = within(mandatory).getByRole('button', { name: /Bella Nonna Parramatta/ });
    expect(card).toHaveTextContent('2 Crown Street, Surry Hills, Sydney');
    expect(card).toHaveTextContent('(02) 9360 0002');
    expect(card).toHaveTextContent('Closed now');
    expect(within(mandatory).getByRole('button', { name: /Bella Nonna Surry Hills/ })).toHaveTextContent('Open now');

    const before = toastCount();
    fireEvent.click(card);
    await advance();
    expect(dialog()).toBeNull();
    expect(useRestaurantStore.getState().selectedRestaurant?.restaurant.id).toBe(2);
    expect(headerButton()).toHaveAccessibleName('Restaurant: Bella Nonna Parramatta');
    expect(toastCount()).toBe(before + 1);
  });

  it.each([
    ['the network is down', 'network-down' as const, 'network_error'],
    [
      'the server fails',
      { status: 500, body: { data: null, error: { code: 'internal', message: 'Boom' } } },
      'internal',
    ],
  ])(
    "when %s the fetch answers an empty list (logged): 'No restaurants available', and 'Try Again' loads the list",
    async (_, failure, code) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      serve(failure);
      const { client } = renderSelector();
      await advance(499);
      // Spec §7/§8: an empty list, once (no retries of an error), never an error state.
      expect(requests).toHaveLength(1);
      const query = client.getQueryCache().find({ queryKey: restaurantsQueryOptions().queryKey });
      expect(query?.state).toMatchObject({ status: 'success', data: [], error: null });
      expect(logged).toHaveBeenCalledWith('Could not load the restaurants', expect.objectContaining({ code }));
      expect(dialog()).toBeNull();
      await advance(1);

      const mandatory = screen.getByRole('dialog', { name: 'Choose your restaurant' });
      expect(within(mandatory).getByRole('status')).toHaveTextContent('No restaurants available');
      expect(within(mandatory).queryByText('Failed to load restaurants')).toBeNull();
      await afterPaint();
      expect(mandatory).toContainElement(document.activeElement as HTMLElement);

      serve(list([surryHills, parramatta]));
      fireEvent.click(within(mandatory).getByRole('button', { name: 'Try Again' }));
      await advance();
      expect(requests).toHaveLength(2);
      expect(within(mandatory).queryByText('No restaurants available')).toBeNull();
      expect(within(mandatory).getByRole('button', { name: /Bella Nonna Surry Hills/ })).toBeInTheDocument();
    },
  );

  it("shows 'No restaurants available' for an empty list", async () => {
    serve(list([]));
    renderSelector();
    await advance(500);
    expect(within(screen.getByRole('dialog')).getByText('No restaurants available')).toBeInTheDocument();
    expect(useRestaurantStore.getState().selectedRestaurant).toBeNull();
  });

  it('shows a placeholder when a restaurant image fails to load', async () => {
    serve(list([surryHills, parramatta]));
    const { baseElement } = renderSelector();
    await advance(500);
    const images = baseElement.querySelectorAll('[role="dialog"] img');
    expect(images).toHaveLength(2);
    fireEvent.error(images[0] as Element);
    expect(screen.getAllByTestId('restaurant-image-placeholder')).toHaveLength(1);
    expect(baseElement.querySelectorAll('[role="dialog"] img')).toHaveLength(1);
  });
});

describe('with a restaurant chosen', () => {
  it('replaces the selection with the refreshed entry of the same id', async () => {
    useRestaurantStore.setState({ selectedRestaurant: surryHills });
    const renamed = entry(1, 'Bella Nonna Surry Hills & Bar');
    serve(list([renamed, parramatta]));
    renderSelector();
    await advance(1000);
    expect(useRestaurantStore.getState().selectedRestaurant).toEqual(renamed);
    expect(headerButton()).toHaveAccessibleName('Restaurant: Bella Nonna Surry Hills & Bar');
    expect(dialog()).toBeNull();
  });

  it('unsets it when the refreshed list no longer has it, and the mandatory dialog follows', async () => {
    useRestaurantStore.setState({ selectedRestaurant: entry(9, 'Closed For Good') });
    serve(list([surryHills, parramatta]));
    renderSelector();
    await advance(500);
    expect(useRestaurantStore.getState().selectedRestaurant).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Choose your restaurant' })).toBeInTheDocument();
  });

  it('keeps it when a fetch fails: the empty list a failure answers is logged, not a refreshed list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    useRestaurantStore.setState({ selectedRestaurant: surryHills });
    serve('network-down');
    renderSelector();
    await advance(1000);
    expect(logged).toHaveBeenCalledWith('Could not load the restaurants', expect.anything());
    expect(useRestaurantStore.getState().selectedRestaurant).toEqual(surryHills);
    expect(dialog()).toBeNull();
  });

  it('still unsets it when a refreshed list is empty', async () => {
    useRestaurantStore.setState({ selectedRestaurant: surryHills });
    serve(list([]));
    renderSelector();
    await advance(500);
    expect(useRestaurantStore.getState().selectedRestaurant).toBeNull();
    expect(within(screen.getByRole('dialog')).getByText('No restaurants available')).toBeInTheDocument();
  });

  it("opens 'Select a Restaurant' from the header; Escape closes it and focus returns to the button", async () => {
    useRestaurantStore.setState({ selectedRestaurant: surryHills });
    serve(list([surryHills, parramatta]));
    renderSelector();
    await advance();
    headerButton().focus();
    fireEvent.click(headerButton());
    await advance();
    const optional = screen.getByRole('dialog', { name: 'Select a Restaurant' });
    expect(within(optional).getByRole('radio', { name: /Bella Nonna Surry Hills/ })).toBeChecked();
    const hours = within(optional).getByRole('region', { name: 'Today at Bella Nonna Surry Hills' });
    expect(hours).toHaveTextContent('Pickup11:00 am – 9:30 pm · open now');
    expect(hours).toHaveTextContent('DeliveryClosed today');
    const special = within(hours).getByRole('region', { name: 'Special hours' });
    expect(within(special).getByRole('listitem')).toHaveTextContent(/^Thu 24 Dec · Pickup: 10:00 am – 2:00 pm$/);
    expect(within(hours).getByRole('link', { name: /^View on map\s*\(opens in a new tab\)$/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=-33.88%2C151.21',
    );
    expect(requests.some((r) => r.url === '/api/v2/restaurants/1?tenant_id=139')).toBe(true);
    fireEvent.keyDown(optional, { key: 'Escape' });
    await advance();
    expect(dialog()).toBeNull();
    expect(headerButton()).toHaveFocus();
  });

  it('confirming a different restaurant clears a non-empty cart and selects it', async () => {
    useRestaurantStore.setState({ selectedRestaurant: surryHills });
    const cart = { hasItems: vi.fn(() => true), clear: vi.fn() };
    const unregister = registerCartOnSwitch(cart);
    serve(list([surryHills, parramatta]), { status: 200, body: { data: null, error: null } });
    renderSelector();
    await advance();
    headerButton().focus();
    fireEvent.click(headerButton());
    await advance();
    const optional = screen.getByRole('dialog', { name: 'Select a Restaurant' });

    // Confirming the same restaurant leaves the cart alone.
    fireEvent.click(within(optional).getByRole('button', { name: 'Confirm Selection' }));
    await advance();
    expect(cart.clear).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();

    fireEvent.click(headerButton());
    await advance();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('radio', { name: /Bella Nonna Parramatta/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Selection' }));
    await advance();
    expect(cart.clear).toHaveBeenCalledOnce();
    expect(useRestaurantStore.getState().selectedRestaurant?.restaurant.id).toBe(2);
    expect(dialog()).toBeNull();
    expect(headerButton()).toHaveAccessibleName('Restaurant: Bella Nonna Parramatta');
    expect(headerButton()).toHaveFocus();
    unregister();
  });

  it('is cleared by the interval check once its expiry passes, and the mandatory dialog returns', async () => {
    const restore = setAutoClearSettingSource(() => ({ enabled: true, intervalHours: 1 }));
    serve(list([surryHills, parramatta]));
    renderSelector();
    await advance(500);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /Bella Nonna Surry Hills/ }));
    await advance();
    const expiresAt = Number(localStorage.getItem(storageKeys.restaurantExpiry));
    expect(expiresAt).toBe(Date.now() + 3_600_000);

    await advance(3_600_000 - expiryCheckIntervalMs);
    expect(useRestaurantStore.getState().selectedRestaurant).not.toBeNull();
    await advance(2 * expiryCheckIntervalMs); // the next check after the hour
    expect(useRestaurantStore.getState().selectedRestaurant).toBeNull();
    expect(localStorage.getItem(storageKeys.restaurantExpiry)).toBeNull();
    await advance(500);
    expect(screen.getByRole('dialog', { name: 'Choose your restaurant' })).toBeInTheDocument();
    restore();
  });

  it('an expired selection is cleared on start, before anything shows it', async () => {
    useRestaurantStore.setState({ selectedRestaurant: surryHills });
    localStorage.setItem(storageKeys.restaurantExpiry, String(Date.now() - 1));
    serve(list([surryHills, parramatta]));
    renderSelector();
    expect(headerButton()).toHaveAccessibleName('Choose a restaurant');
    expect(useRestaurantStore.getState().selectedRestaurant).toBeNull();
  });
});
