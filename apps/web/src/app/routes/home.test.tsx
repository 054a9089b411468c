import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { entry } from '@/features/restaurants/testing/entries';
import { ok, settingsEntry, stubApi } from '@/testing/api';
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

  it("has the categories and the #menu section with the spec's titles, and says a restaurant is needed", async () => {
    stubApi({ 'POST /api/restaurants-with-images': () => ok([entry(1, 'Surry Hills'), entry(2, 'Parramatta')]) });
    renderApp('/', { stub: false });
    // The mandatory restaurant dialog hides the page from the accessibility tree, hence `hidden`.
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Explore Our Categories', hidden: true }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('region', { name: 'Our Menu', hidden: true });
    expect(menu).toHaveAttribute('id', 'menu');
    expect(within(menu).getByText('Choose a restaurant to see its menu.')).toBeInTheDocument();
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

  it('renders the layout variant each section is set to', async () => {
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([
          settingsEntry({
            hero: { variant: 'split' },
            features: { variant: 'list' },
            categories: { variant: 'carousel' },
            menu: { variant: 'list' },
            footer: { variant: 'simple' },
          }),
        ]),
      // Two restaurants and none chosen yet: the sections say a restaurant is needed.
      'POST /api/restaurants-with-images': () => ok([entry(1, 'Surry Hills'), entry(2, 'Parramatta')]),
    });
    renderApp('/', { stub: false });
    const hero = await screen.findByRole('region', { name: 'Delicious Food, Delivered to Your Door' });
    expect(hero).toHaveAttribute('data-variant', 'split');
    expect(screen.getByRole('region', { name: 'Why Choose Us' })).toHaveAttribute('data-variant', 'list');
    expect(screen.getByRole('region', { name: 'Explore Our Categories', hidden: true })).toHaveAttribute(
      'data-variant',
      'carousel',
    );
    expect(screen.getByRole('region', { name: 'Our Menu', hidden: true })).toHaveAttribute('data-variant', 'list');
    expect(screen.getByRole('contentinfo')).toHaveAttribute('data-variant', 'simple');
  });

  it('shows a theme text containing markup as text, never as HTML', async () => {
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([settingsEntry({ hero: { title: '<script>alert(1)</script><b>Bold</b>' } })]),
    });
    const { container } = renderApp('/', { stub: false });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('<script>alert(1)</script><b>Bold</b>');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('main b')).toBeNull();
  });

  it('shows the optional mobile-app and newsletter sections when switched on', async () => {
    stubApi({
      '/api/v2/restaurants/app-settings': () =>
        ok([
          settingsEntry({
            general: {
              showBestSellingSection: true,
              showFreshAdditionsSection: true,
              mobileApp: {
                showPromotion: true,
                appName: 'Bella',
                description: 'Order faster',
                appStoreUrl: 'https://apps.example/bella',
              },
            },
            footer: { showNewsletter: true },
          }),
        ]),
    });
    renderApp('/', { stub: false });
    expect(await screen.findByRole('heading', { name: 'Get the Bella app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      'https://apps.example/bella',
    );
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});
