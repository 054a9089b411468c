import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { entry } from '@/features/restaurants/testing/entries';
import { useConfigStore } from '@/features/settings/stores/config-store';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { json, ok, settingsEntry, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

describe('app-level behaviour (spec §2, §4, §8)', () => {
  it("shows the full-screen 'Loading...' only until the settings are known", async () => {
    let answer: ((r: Response) => void) | undefined;
    stubApi({ '/api/v2/restaurants/app-settings': () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/', { stub: false });
    expect(await screen.findByText('Loading...')).toBeVisible();
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.(ok([settingsEntry({ hero: { title: 'Fresh from the server' } })])));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fresh from the server' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('never shows the spinner when the settings came inlined with the page', async () => {
    useConfigStore.setState({ isThemeLoading: false });
    let answer: ((r: Response) => void) | undefined;
    stubApi({ '/api/v2/restaurants/app-settings': () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/', { stub: false });
    // The settings call is still out, and the page is already there.
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.(ok([settingsEntry()])));
  });

  it("a 502 from any call sets server-down with 'Resource not found (404)', still rejects, and lands on /error", async () => {
    stubApi({ '/api/v2/cart': () => new Response('<html>Bad Gateway</html>', { status: 502 }) });
    const { router } = renderApp('/contact', { stub: false });
    await screen.findByRole('heading', { name: 'Contact us' });
    await expect(api('/v2/cart')).rejects.toMatchObject({ status: 502 });
    expect(useConfigStore.getState()).toMatchObject({ isServerDown: true, errorMessage: 'Resource not found (404)' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    // Replaced, not pushed: Back does not return to the broken page.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('alert')).toHaveTextContent('Resource not found (404)');
  });

  it("a settings failure shows 'Failed to load restaurant settings' on /error, and Try again recovers", async () => {
    let failing = true;
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        failing
          ? json(500, { data: null, error: { code: 'internal', message: 'Something went wrong on our side' } })
          : ok([settingsEntry()]),
    });
    const { router } = renderApp('/', { stub: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load restaurant settings');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delicious Food, Delivered to Your Door' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });

  it('a remembered restaurant the server no longer knows is not an outage', async () => {
    useRestaurantStore.setState({ selectedRestaurant: entry(99, 'Closed for good') });
    stubApi({
      '/api/v2/restaurants/app-settings': (url) =>
        url.searchParams.get('restaurant_id') === '99'
          ? json(404, { data: null, error: { code: 'not_found', message: 'Restaurant not found' } })
          : ok([settingsEntry()]),
      'POST /api/restaurants-with-images': () => ok([entry(1, 'Bella Nonna Surry Hills')]),
    });
    const { router } = renderApp('/', { stub: false });
    await waitFor(() => expect(useRestaurantStore.getState().selectedRestaurant?.restaurant.id).toBe(1));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useConfigStore.getState().isServerDown).toBe(false);
  });

  it('shows the config editor to the owner of this tenant only (not customers, not managers)', async () => {
    const user = {
      id: 1,
      tenant_id: 139,
      name: 'Giulia',
      email: 'o@x.test',
      phone_no: '',
      role: 'owner' as const,
      has_password: true,
    };
    useAuthStore.setState({ token: 'staff-token', user });
    const { unmount } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'Edit theme' })).toBeInTheDocument();
    unmount();
    for (const role of ['customer', 'manager'] as const) {
      useAuthStore.setState({ token: `${role}-token`, user: { ...user, role } });
      const view = renderApp('/');
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('button', { name: 'Edit theme' })).not.toBeInTheDocument();
      view.unmount();
    }
    useAuthStore.setState({ token: null, user: null });
  });

  it('opens the online-orders-disabled notice 3 s after settings load, and it can be dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ '/api/v2/restaurants/app-settings': () => ok([settingsEntry({}, { is_online_order_enabled: 0 })]) });
    renderApp('/', { stub: false });
    await screen.findByRole('heading', { level: 1 });
    await act(async () => vi.advanceTimersByTime(2900));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    const dialog = await screen.findByRole('dialog', { name: "We're not accepting online orders at the moment." });
    expect(dialog).toHaveAccessibleDescription('You can still browse our menu and explore items.');
    const button = screen.getByRole('button', { name: 'Continue Browsing' });
    await waitFor(() => expect(button).toHaveFocus());
    await act(async () => button.click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says when a paused restaurant's ordering resumes", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pausedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
    const ordering = {
      paused_until: pausedUntil,
      busy_minutes: 0,
      methods: { pickup: true, delivery: true, dine_in: true },
    };
    stubApi({
      '/api/v2/restaurants/app-settings': () => ok([settingsEntry({}, { is_online_order_enabled: 0, ordering })]),
    });
    renderApp('/', { stub: false });
    await screen.findByRole('heading', { level: 1 });
    await act(async () => vi.advanceTimersByTime(3100));
    const dialog = await screen.findByRole('dialog', { name: "We're not accepting online orders at the moment." });
    const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(
      new Date(pausedUntil),
    );
    expect(dialog).toHaveTextContent(`Online ordering is paused for a short while and resumes at ${time}.`);
  });

  it('never opens the notice when ordering is enabled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await act(async () => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the offer banner above the header and hides it when dismissed', async () => {
    renderApp('/');
    const banner = await screen.findByRole('complementary', { name: 'Offer' });
    expect(banner).toHaveTextContent('Free delivery on orders over $30 for a limited time!');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss offer' }));
    expect(screen.queryByRole('complementary', { name: 'Offer' })).not.toBeInTheDocument();
    expect(useConfigStore.getState().isBannerVisible).toBe(false);
  });

  it('keeps the document title and meta tags in step with the theme and the route', async () => {
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([settingsEntry({ seo: { title: 'Bella Online', description: 'Pizza', ogSiteName: 'Bella' } })]),
    });
    const { router } = renderApp('/', { stub: false });
    await waitFor(() => expect(document.title).toBe('Bella Online'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Pizza');
    await act(() => router.navigate('/contact'));
    await waitFor(() => expect(document.title).toBe('Contact | Bella'));
  });
});
