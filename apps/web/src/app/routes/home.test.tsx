import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';

describe('home page', () => {
  it('shows the default hero with its Order Now call to action to #menu', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Delicious Food, Delivered to Your Door' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order Now' })).toHaveAttribute('href', '#menu');
  });

  it('shows the four default features', async () => {
    renderApp('/');
    for (const title of ['Best Quality', 'On Time', 'MasterChefs', 'Taste Food']) {
      expect(await screen.findByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
  });

  it('has the default footer links and the copyright with this year', async () => {
    renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    const links = [...footer.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Menu', '/menu'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
    ]);
    expect(screen.getByText(`© ${new Date().getFullYear()} All rights reserved.`)).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
