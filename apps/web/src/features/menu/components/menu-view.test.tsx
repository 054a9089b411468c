import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { menuQueryOptions } from '../api/get-menu';
import { menuFixture } from '../testing/menu-fixture';
import { MenuView, type MenuViewProps } from './menu-view';

function renderMenu(props: Partial<MenuViewProps> = {}, menu = menuFixture) {
  const client = createQueryClient();
  // The menu as the API answered it: no network in component tests.
  client.setQueryData(menuQueryOptions(1, 'online').queryKey, menu);
  const onAddToCart = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <MenuView
        restaurantId={1}
        channel="online"
        title="Our Menu"
        subtitle="Fresh"
        categoryLayout="horizontal"
        showOutOfStockProducts
        showProductUnit
        onAddToCart={onAddToCart}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onAddToCart };
}

describe('the menu', () => {
  it('lists categories with links and product cards with prices and units', () => {
    renderMenu();
    const nav = screen.getByRole('navigation', { name: 'Menu categories' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Wood-fired Pizzas', '#category-pizzas'],
      ['From the Grill', '#category-grill'],
    ]);
    const steak = screen.getByRole('article', { name: 'Scotch Fillet' });
    expect(steak).toHaveTextContent('$43.00');
    expect(steak).toHaveTextContent('/ 300 g');
  });

  it('shows an out-of-stock item greyed and not orderable, or hides it, as the theme says', () => {
    renderMenu();
    const soldOut = screen.getByRole('article', { name: 'Prosciutto e Rucola' });
    expect(soldOut).toHaveTextContent('Out of stock');
    expect(within(soldOut).queryByRole('button')).not.toBeInTheDocument();
  });

  it('hides out-of-stock items and units when the theme turns them off', () => {
    renderMenu({ showOutOfStockProducts: false, showProductUnit: false });
    expect(screen.queryByRole('article', { name: 'Prosciutto e Rucola' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Scotch Fillet' })).not.toHaveTextContent('300 g');
  });

  it('searches within the menu', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.type(screen.getByRole('searchbox', { name: 'Search the menu' }), 'diav');
    expect(await screen.findByRole('article', { name: 'Diavola' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Margherita' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'From the Grill' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'lobster');
    expect(await screen.findByText('No dishes match “lobster”.')).toBeInTheDocument();
  });

  it('lays categories out vertically when the theme says so', () => {
    renderMenu({ categoryLayout: 'vertical' });
    expect(screen.getByRole('navigation', { name: 'Menu categories' }).querySelector('ul')?.className).toContain(
      'lg:flex-col',
    );
  });

  it('opens a product, offers only available half-and-half partners, and adds it', async () => {
    const user = userEvent.setup();
    const { onAddToCart } = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Margherita' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make it half-and-half' }));
    const options = within(within(dialog).getByRole('combobox', { name: 'Second half' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Choose a pizza…', 'Diavola ($22.00)']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Make it half-and-half' }));
    await user.click(within(dialog).getByRole('button', { name: /^Add to cart/ }));
    expect(onAddToCart).toHaveBeenCalledWith(expect.objectContaining({ restaurant_product_id: 1, quantity: 1 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Margherita' })).toHaveFocus();
  });

  it('serves resized uploads with srcset, sizes and their own dimensions; other pictures as they are', async () => {
    const upload = `/uploads/products/${'0a'.repeat(16)}-1280x960.webp`;
    const menu = {
      ...menuFixture,
      products: menuFixture.products.map((p) =>
        p.products.name === 'Margherita' ? { ...p, products: { ...p.products, image: { image_url: upload } } } : p,
      ),
    };
    const user = userEvent.setup();
    renderMenu({}, menu);
    const srcset = [320, 640].map((w) => `${upload.replace('1280x960', `${w}w`)} ${w}w`).concat(`${upload} 1280w`);
    const card = screen.getByRole('article', { name: 'Margherita' }).querySelector('img');
    expect(card?.getAttribute('srcset')).toBe(srcset.join(', '));
    expect(card?.getAttribute('sizes')).toBe('(min-width: 640px) 7rem, 6rem');
    expect([card?.getAttribute('width'), card?.getAttribute('height')]).toEqual(['1280', '960']);
    const demo = screen.getByRole('article', { name: 'Scotch Fillet' }).querySelector('img');
    expect(demo?.hasAttribute('srcset')).toBe(false);
    expect([demo?.getAttribute('width'), demo?.getAttribute('height')]).toEqual(['400', '300']);

    await user.click(screen.getByRole('button', { name: 'Add Margherita' }));
    const sheet = (await screen.findByRole('dialog', { name: 'Margherita' })).querySelector('img');
    expect(sheet?.getAttribute('srcset')).toBe(srcset.join(', '));
    expect(sheet?.getAttribute('sizes')).toBe('(min-width: 640px) 36rem, 100vw');
  });
});
