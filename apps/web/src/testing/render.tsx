import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { stubApi } from './api';

/**
 * The real app (providers, router, lazy routes) at a given path. The network answers the default
 * settings unless the test stubbed it first; `retry: false` makes failures show at once.
 */
export function renderApp(path = '/', options: { stub?: boolean; retry?: boolean } = {}) {
  if (options.stub !== false) stubApi();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: options.retry ?? false, staleTime: 5 * 60_000 } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    queryClient,
    ...render(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    ),
  };
}
