import type { CatalogueDocument, CatalogueEditorState, CataloguePublishBody } from '@orderfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { staffSession } from '@/testing/admin';
import { json, ok, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const published: CatalogueDocument = {
  format: 'orderfront-catalogue/1',
  categories: [
    { slug: 'pizzas', name: 'Pizzas', description: '', archived: false, dayparts: [] },
    { slug: 'drinks', name: 'Drinks', description: '', archived: false, dayparts: [] },
  ],
  modifier_groups: [],
  products: [
    {
      ref: 'margherita',
      category: 'pizzas',
      name: 'Margherita',
      description: '',
      image: null,
      price: 1800,
      online_price: 1900,
      channels: ['online', 'in_store', 'dine_in'],
      labels: ['vegetarian'],
      tax_class: 'standard',
      unit: null,
      half_and_half: true,
      new: false,
      archived: false,
      attributes: [],
      modifier_groups: [],
    },
  ],
  deals: [],
  combos: [],
};

function stub(publishAnswer: 'ok' | 'stale' = 'ok', document = published) {
  const sent: CataloguePublishBody[] = [];
  stubApi({
    ...staffSession('manager'),
    'GET /api/v2/admin/catalogue': () => ok({ restaurant_id: 1, revision: 4, document } satisfies CatalogueEditorState),
    'POST /api/v2/admin/catalogue/publish': (_url, init) => {
      sent.push(JSON.parse(String(init?.body)) as CataloguePublishBody);
      return publishAnswer === 'ok'
        ? ok({ revision: 5, changes: ['x'] })
        : json(409, { data: null, error: { code: 'conflict', message: 'The menu was published by someone else.' } });
    },
  });
  return sent;
}

afterEach(() => useAuthStore.setState({ token: null, user: null }));

describe('menu editor', () => {
  it('reorders with the keyboard buttons, edits a price with the contract’s checks and publishes the whole draft', async () => {
    const sent = stub();
    renderApp('/admin/menu/catalogue', { stub: false });
    await screen.findByRole('heading', { name: 'Menu editor' });
    await userEvent.click(screen.getByRole('button', { name: 'Move Drinks up' }));
    const categories = screen.getByRole('list', { name: 'Categories' });
    expect(within(categories).getAllByRole('listitem')[0]).toHaveTextContent('Drinks');

    await userEvent.click(screen.getByRole('button', { name: 'Edit Margherita' }));
    const form = screen.getByRole('form', { name: 'Edit product Margherita' });
    const online = within(form).getByLabelText('Online price (e.g. 12.50)');
    await userEvent.clear(online);
    await userEvent.type(online, '-2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(within(form).getAllByText('An amount like 12.50').length).toBeGreaterThan(0);
    await userEvent.clear(online);
    await userEvent.type(online, '21.50');
    await userEvent.selectOptions(within(form).getByLabelText('Tax class'), 'GST-free');
    await userEvent.type(within(form).getByLabelText('Sold per (e.g. kg, 100 g; empty: each)'), '100 g');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));

    expect(screen.getByText(/4 unpublished changes\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 4 changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.base_revision).toBe(4);
    expect(sent[0]?.document.categories.map((c) => c.slug)).toEqual(['drinks', 'pizzas']);
    expect(sent[0]?.document.products[0]).toMatchObject({ online_price: 2150, tax_class: 'gst_free', unit: '100 g' });
  });

  it('builds a deal: the contract’s checks show on the fields, and the deal is published with the draft', async () => {
    const sent = stub();
    renderApp('/admin/menu/catalogue', { stub: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Add deal' }));
    const form = screen.getByRole('form', { name: 'New deal' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Pizza night');
    await userEvent.type(within(form).getByLabelText('Slot 1 name'), 'Pizza');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(within(form).getAllByText('Choose a product').length).toBeGreaterThan(0);

    await userEvent.selectOptions(within(form).getByLabelText('Slot 1 choice 1'), 'margherita');
    const quantity = within(form).getByLabelText('Slot 1 quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(within(form).getAllByText('At least 1').length).toBeGreaterThan(0);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    const online = within(form).getByLabelText('Online price');
    await userEvent.clear(online);
    await userEvent.type(online, '30.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));

    expect(within(screen.getByRole('list', { name: 'Deals' })).getByText('Pizza night')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 1 changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.document.deals).toEqual([
      {
        ref: 'pizza-night',
        name: 'Pizza night',
        description: '',
        image: null,
        price: 0,
        online_price: 3000,
        archived: false,
        slots: [{ name: 'Pizza', quantity: 2, choices: [{ product: 'margherita', extra_price: 0 }] }],
      },
    ]);
  });

  it('offers a product at one of its sizes in a deal slot (decision 048)', async () => {
    const sizes = [
      { name: 'Regular', price_delta: 0, default: true },
      { name: 'Large', price_delta: 400, default: false },
    ];
    const withSizes = {
      ...published,
      products: published.products.map((p) => ({ ...p, attributes: [{ name: 'Size', values: sizes }] })),
    };
    const sent = stub('ok', withSizes);
    renderApp('/admin/menu/catalogue', { stub: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Add deal' }));
    const form = screen.getByRole('form', { name: 'New deal' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Large night');
    await userEvent.type(within(form).getByLabelText('Slot 1 name'), 'Pizza');
    await userEvent.selectOptions(within(form).getByLabelText('Slot 1 choice 1'), 'margherita');
    const size = within(form).getByLabelText('Slot 1 choice 1 size');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default size', 'Regular', 'Large']);
    await userEvent.selectOptions(size, 'Large');
    const extra = within(form).getByLabelText('Slot 1 choice 1 extra price');
    await userEvent.clear(extra);
    await userEvent.type(extra, '3.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Publish 1 changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.document.deals[0]?.slots).toEqual([
      { name: 'Pizza', quantity: 1, choices: [{ product: 'margherita', extra_price: 300, size: 'Large' }] },
    ]);
  });

  it('says when someone else published first', async () => {
    stub('stale');
    renderApp('/admin/menu/catalogue', { stub: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Move Drinks up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish 1 changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The menu was published by someone else.');
  });
});
