import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { renderApp } from '@/testing/render';

/** The server's answers these pages need: no Google sign-in, no restaurants to choose from. */
function fakeApi() {
  const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    if (path.startsWith('/api/v2/auth/providers'))
      return Response.json({ data: { google_client_id: null }, error: null });
    if (path.startsWith('/api/restaurants-with-images')) return Response.json({ data: [], error: null });
    return Response.json({ data: null, error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  useAuthStore.getState().clearAuth();
  vi.unstubAllGlobals();
});

describe('account pages', () => {
  it('shows a Log in link in the header when signed out', async () => {
    fakeApi();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('names each wrong login field before calling the API', async () => {
    const fetchMock = fakeApi();
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/v2/auth/login');
  });

  it('sends a signed-out visitor from /profile to /login', async () => {
    fakeApi();
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });

  it('validates the sign-up form with the contract rules', async () => {
    fakeApi();
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Phone'), 'call me');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });
});
