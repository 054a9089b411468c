import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link';

function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>
  );
}

function page() {
  return (
    <>
      <nav>
        <NavLink to="/menu">Menu</NavLink>
        <NavLink to="/admin/menu" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Availability
        </NavLink>
        <Link to="/deals?x=1" state={{ from: 'test' }}>
          Deals
        </Link>
        <Link to="https://example.com/a">Elsewhere</Link>
      </nav>
      <Where />
    </>
  );
}

function at(path: string) {
  const router = createMemoryRouter([{ path: '*', element: page() }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link and NavLink (decision 056: what the app used of React Router’s)', () => {
  it('marks the current page and the pages below it, unless `end`', () => {
    at('/menu/pizza');
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Availability' })).not.toHaveAttribute('aria-current');
  });

  it('gives a function className the active state, and `end` only matches the very page', () => {
    at('/admin/menu');
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Availability' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates in the page with its state, and leaves another site’s address to the browser', () => {
    at('/');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveAttribute('href', '/deals?x=1');
    expect(screen.getByRole('link', { name: 'Elsewhere' })).toHaveAttribute('href', 'https://example.com/a');
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Deals' }));
    });
    expect(screen.getByLabelText('where')).toHaveTextContent('/deals?x=1 {"from":"test"}');
  });
});
