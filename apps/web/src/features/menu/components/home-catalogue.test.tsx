import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { menuQueryOptions } from '../api/get-menu';
import { menuFixture } from '../testing/menu-fixture';
import { HomeCatalogue } from './home-catalogue';

function renderHome(flags: { showBestSelling: boolean; showFreshAdditions: boolean }, loaded = true) {
  const client = createQueryClient();
  if (loaded)
    client.setQueryData(menuQueryOptions(1, 'online').queryKey, {
      ...menuFixture,
      products: menuFixture.products.map((p) => ({
        ...p,
        is_best_seller: p.products.name === 'Margherita' || p.products.name === 'Prosciutto e Rucola',
        is_new: p.products.name === 'Scotch Fillet',
      })),
    });
  const onAddToCart = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <HomeCatalogue
        restaurantId={1}
        channel="online"
        categories={{ variant: 'grid', title: 'Explore Our Categories', subtitle: 'Something for everyone' }}
        showProductUnit={false}
        onAddToCart={onAddToCart}
        {...flags}
      />
    </QueryClientProvider>,
  );
  return { onAddToCart };
}

afterEach(() => vi.unstubAllGlobals());

describe('the home page catalogue sections', () => {
  it('lists the categories linking to their place in the menu; no optional rows by default', () => {
    renderHome({ showBestSelling: false, showFreshAdditions: false });
    const section = screen.getByRole('heading', { name: 'Explore Our Categories' }).closest('section') as HTMLElement;
    expect(
      within(section)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#category-pizzas', '#category-grill']);
    expect(screen.queryByRole('heading', { name: 'Best Selling' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Fresh Additions' })).not.toBeInTheDocument();
  });

  it('holds the categories heading in place, busy, while the menu loads', () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    renderHome({ showBestSelling: true, showFreshAdditions: true }, false);
    const section = screen.getByRole('region', { name: 'Explore Our Categories' });
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).queryAllByRole('link')).toEqual([]);
  });

  it('shows best-selling (in stock only) and fresh additions when the theme turns them on', async () => {
    const user = userEvent.setup();
    const { onAddToCart } = renderHome({ showBestSelling: true, showFreshAdditions: true });
    const best = screen.getByRole('heading', { name: 'Best Selling' }).closest('section') as HTMLElement;
    expect(
      within(best)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Margherita']);
    const fresh = screen.getByRole('heading', { name: 'Fresh Additions' }).closest('section') as HTMLElement;
    expect(
      within(fresh)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Scotch Fillet']);
    await user.click(within(best).getByRole('button', { name: 'Add Margherita' }));
    // The sheet loads on first use (decision 035).
    await user.click(await screen.findByRole('button', { name: /^Add to cart/ }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ restaurant_product_id: 1 }));
  });
});
