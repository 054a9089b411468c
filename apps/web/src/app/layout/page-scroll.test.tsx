import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageScroll } from './page-scroll';

/** The document's scroll-behavior at each scrollTo the router makes. */
function watchJumps() {
  const behaviours: string[] = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {
    behaviours.push(document.documentElement.style.scrollBehavior);
  });
  return behaviours;
}

function renderPages() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <PageScroll />
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <p>home</p> },
        { path: 'terms', element: <p>terms</p> },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty('scroll-behavior');
});

describe('page scroll on a route change', () => {
  it('jumps to the new page and back without the smooth scrolling of in-page links', async () => {
    const behaviours = watchJumps();
    const router = renderPages();
    await act(() => router.navigate('/terms'));
    await act(() => router.navigate(-1));
    expect(behaviours.length).toBeGreaterThanOrEqual(2);
    expect(behaviours.every((b) => b === 'auto')).toBe(true);
  });

  it('gives smooth scrolling back once the jump is made', async () => {
    watchJumps();
    const router = renderPages();
    await act(() => router.navigate('/terms'));
    await act(() => new Promise((done) => requestAnimationFrame(() => done(undefined))));
    expect(document.documentElement.style.scrollBehavior).toBe('');
  });
});
