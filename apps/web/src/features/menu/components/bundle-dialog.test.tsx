import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BundleDialog } from './bundle-dialog';

const deal = {
  id: 8,
  name: '2 Large Pizzas + Drink',
  description: 'Any two large pizzas and a drink.',
  unit_price: 5090,
  slots: [
    {
      id: 81,
      name: 'Large pizza',
      quantity: 2,
      choices: [
        { restaurant_product_id: 1, product_id: 101, name: 'Margherita', extra_price: 0, is_available: true },
        { restaurant_product_id: 6, product_id: 106, name: 'Gamberi', extra_price: 300, is_available: true },
        { restaurant_product_id: 7, product_id: 107, name: 'Prosciutto', extra_price: 300, is_available: false },
      ],
    },
    {
      id: 82,
      name: 'Drink',
      quantity: 1,
      choices: [{ restaurant_product_id: 40, product_id: 140, name: 'Chinotto', extra_price: 0, is_available: true }],
    },
  ],
};

describe('the deal builder', () => {
  it('needs every place filled, adds surcharges, and hands over the deal body', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<BundleDialog kind="deal" restaurantId={1} bundle={deal} onClose={() => {}} onAddToCart={onAdd} />);
    const add = screen.getByRole('button', { name: /^Add to cart/ });
    expect(add).toHaveTextContent('$50.90');
    await user.click(add);
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an item for every place in this deal.');

    for (const o of screen.getAllByRole('option', { name: 'Prosciutto (+$3.00) (out of stock)' }))
      expect(o).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Large pizza 1' }), 'Gamberi (+$3.00)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Large pizza 2' }), 'Gamberi (+$3.00)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drink' }), 'Chinotto');
    expect(add).toHaveTextContent('$56.90');
    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith({
      restaurant_id: 1,
      deal_id: 8,
      quantity: 1,
      notes: '',
      children: [
        { deal_component_type_id: 81, restaurant_product_id: 6, product_id: 106, quantity: 2 },
        { deal_component_type_id: 82, restaurant_product_id: 40, product_id: 140, quantity: 1 },
      ],
    });
  });

  it('sends a combo as combo_product_id with its slots', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    const combo = { ...deal, id: 3, slots: [deal.slots[1] as (typeof deal.slots)[number]] };
    render(<BundleDialog kind="combo" restaurantId={2} bundle={combo} onClose={() => {}} onAddToCart={onAdd} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Drink' }), 'Chinotto');
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
    expect(onAdd).toHaveBeenCalledWith({
      restaurant_id: 2,
      combo_product_id: 3,
      quantity: 2,
      notes: '',
      children: [{ combo_product_slot_id: 82, restaurant_product_id: 40, product_id: 140, quantity: 1 }],
    });
  });

  it('offers one product at two sizes and sends the size chosen (decision 048)', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    const margherita = { restaurant_product_id: 1, product_id: 101, name: 'Margherita', is_available: true };
    const sized = {
      ...deal,
      slots: [
        {
          id: 81,
          name: 'Pizza',
          quantity: 2,
          choices: [
            { ...margherita, size: 'Regular', extra_price: 0 },
            { ...margherita, size: 'Large', extra_price: 300 },
          ],
        },
      ],
    };
    render(<BundleDialog kind="deal" restaurantId={1} bundle={sized} onClose={() => {}} onAddToCart={onAdd} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pizza 1' }), 'Margherita (Large) (+$3.00)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pizza 2' }), 'Margherita (Regular)');
    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));
    expect(onAdd).toHaveBeenCalledWith({
      restaurant_id: 1,
      deal_id: 8,
      quantity: 1,
      notes: '',
      children: [
        { deal_component_type_id: 81, restaurant_product_id: 1, product_id: 101, size: 'Large', quantity: 1 },
        { deal_component_type_id: 81, restaurant_product_id: 1, product_id: 101, size: 'Regular', quantity: 1 },
      ],
    });
  });
});
