import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { diavola, margherita, steak } from '../testing/menu-fixture';
import { ProductDialog } from './product-dialog';

const addButton = () => screen.getByRole('button', { name: /^Add to cart/ });

describe('the product dialog', () => {
  it('prices size, modifiers and half-and-half live, then hands over the POST /v2/cart body', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(
      <ProductDialog restaurantId={1} product={margherita} halves={[diavola]} onClose={() => {}} onAddToCart={onAdd} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Margherita' });
    expect(addButton()).toHaveTextContent('$19.00');

    await user.click(within(dialog).getByRole('radio', { name: /Large/ }));
    expect(addButton()).toHaveTextContent('$23.00');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Extra cheese' }));
    await user.click(within(dialog).getByRole('radio', { name: /Buffalo mozzarella/ }));
    expect(addButton()).toHaveTextContent('$27.50'); // 19 + 4 + 3 + 1.50

    await user.click(within(dialog).getByRole('checkbox', { name: 'Make it half-and-half' }));
    await user.click(addButton());
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByText('Choose the second half')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Second half' }), 'Diavola ($22.00)');
    const second = within(dialog).getByRole('group', { name: /Extra toppings on Diavola/ });
    await user.click(within(second).getByRole('checkbox', { name: 'Olives' }));
    // The dearer half ($22.00) + large $4.00 + cheese $4.50 on the first half + olives $2.00 on the second.
    expect(addButton()).toHaveTextContent('$32.50');

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(addButton()).toHaveTextContent('$65.00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Notes' }), ' Well done please ');
    await user.click(addButton());

    expect(onAdd).toHaveBeenCalledWith({
      restaurant_id: 1,
      restaurant_product_id: 1,
      product_id: 101,
      quantity: 2,
      is_half_and_half: true,
      notes: 'Well done please',
      configurations: [{ attribute_id: 51, attribute_value_id: 511, price_adjustment: 400 }],
      modifiers: [],
      portions: [
        {
          restaurant_product_id: 1,
          product_id: 101,
          modifiers: [{ modifier_id: 701, quantity: 1, configurations: [{ configuration_id: 7101 }] }],
        },
        {
          restaurant_product_id: 2,
          product_id: 102,
          modifiers: [{ modifier_id: 712, quantity: 1, configurations: [] }],
        },
      ],
    });
  });

  it('holds a required group back with its message, then adds once it is chosen', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<ProductDialog restaurantId={2} product={steak} halves={[]} onClose={() => {}} onAddToCart={onAdd} />);
    expect(screen.queryByRole('checkbox', { name: 'Make it half-and-half' })).not.toBeInTheDocument();
    await user.click(addButton());
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByText('Choose 1 Cooking')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Medium rare' }));
    await user.click(screen.getByRole('radio', { name: 'Medium' }));
    await user.click(addButton());
    expect(onAdd).toHaveBeenCalledWith({
      restaurant_id: 2,
      restaurant_product_id: 4,
      product_id: 104,
      quantity: 1,
      is_half_and_half: false,
      notes: '',
      configurations: [],
      modifiers: [{ modifier_id: 901, quantity: 1, configurations: [] }],
    });
  });

  it('counts a modifier quantity up to its maximum and stops at the group maximum', async () => {
    const user = userEvent.setup();
    render(
      <ProductDialog restaurantId={1} product={margherita} halves={[]} onClose={() => {}} onAddToCart={vi.fn()} />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Extra cheese' }));
    await user.click(screen.getByRole('button', { name: 'More Extra cheese' }));
    expect(screen.getByRole('status', { name: 'Extra cheese quantity' })).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'More Extra cheese' })).toBeDisabled();
    expect(addButton()).toHaveTextContent('$25.00');
  });

  it('keeps focus inside, and closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ProductDialog restaurantId={1} product={steak} halves={[]} onClose={onClose} onAddToCart={vi.fn()} />);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 12; i++) await user.tab();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
