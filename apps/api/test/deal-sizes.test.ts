import type { CatalogueDocument, CatalogueEditorState, Deal, MenuProduct, PlacedOrder } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Caller,
  call,
  firstTime,
  guestDetails,
  menuOf,
  newGuest,
  placeOrder,
  type Shop,
  startShop,
  userWithRole,
} from './support/orders.js';

let shop: Shop;
let owner: Caller;

beforeAll(async () => {
  shop = await startShop();
  owner = await userWithRole(shop.ctx, 'owner');
});
afterAll(async () => shop?.ctx.close());

const ctx = () => shop.ctx;
const surry = () => shop.restaurantId;

async function current() {
  const res = await call(ctx(), 'GET', `/v2/admin/catalogue?restaurant_id=${surry()}`, owner.token);
  expect(res.statusCode).toBe(200);
  return res.json().data as CatalogueEditorState;
}

async function publishEdit(change: (doc: CatalogueDocument) => void) {
  const { revision, document } = await current();
  change(document);
  return call(ctx(), 'POST', '/v2/admin/catalogue/publish', owner.token, {
    restaurant_id: surry(),
    base_revision: revision,
    document,
  });
}

/** A product on sale online with one attribute of two or more sizes and no required extras. */
async function sizedProduct() {
  const menu = await menuOf(ctx(), surry());
  const product = menu.products.find(
    (p) =>
      p.is_available &&
      !p.is_half_and_half &&
      p.attributes.length === 1 &&
      (p.attributes[0]?.values.length ?? 0) >= 2 &&
      p.modifier_groups.every((g) => g.min_select === 0),
  ) as MenuProduct;
  const values = product.attributes[0]?.values ?? [];
  const small = (values.find((v) => v.is_default) ?? values[0])?.display_value as string;
  const large = values.find((v) => v.display_value !== small)?.display_value as string;
  const { document } = await current();
  const ref = document.products.find((p) => p.name === product.products.name)?.ref as string;
  return { product, ref, small, large };
}

describe('deal slot choices at a size (decision 048)', () => {
  it('the owner offers a product at two sizes in a slot; the server prices and records the size chosen', async () => {
    const { product, ref, small, large } = await sizedProduct();
    const published = await publishEdit((doc) => {
      doc.deals.push({
        ref: 'sized-night',
        name: 'Sized night',
        description: '',
        image: null,
        price: 3000,
        online_price: 2800,
        archived: false,
        slots: [
          {
            name: 'Main',
            quantity: 2,
            choices: [
              { product: ref, extra_price: 0, size: small },
              { product: ref, extra_price: 300, size: large },
            ],
          },
        ],
      });
    });
    expect(published.statusCode, published.body).toBe(200);

    const deals = await call(ctx(), 'GET', `/v2/restaurants/${surry()}/deals?channel=online`, null);
    const deal = (deals.json().data.deals as Deal[]).find((d) => d.name === 'Sized night') as Deal;
    const slot = deal.deal_component_types[0] as Deal['deal_component_types'][number];
    expect(slot.choices.map((c) => [c.product_id, c.size, c.extra_price])).toEqual([
      [product.product_id, small, 0],
      [product.product_id, large, 300],
    ]);

    const guest = await newGuest(ctx());
    const add = (children: Record<string, unknown>[]) =>
      call(ctx(), 'POST', '/v2/cart', guest.token, {
        restaurant_id: surry(),
        deal_id: deal.id,
        quantity: 1,
        notes: '',
        children: children.map((c) => ({
          deal_component_type_id: slot.id,
          restaurant_product_id: product.id,
          product_id: product.product_id,
          ...c,
        })),
        ...guest.ids,
      });
    // A size the slot does not offer, or none when every choice names one: refused, nothing added.
    for (const bad of [[{ size: 'Enormous', quantity: 2 }], [{ quantity: 2 }]]) {
      const refused = await add(bad);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe('That item is not a choice for Main');
    }
    const added = await add([
      { size: small, quantity: 1 },
      { size: large, quantity: 1 },
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const order = await placeOrder(ctx(), guest, {
      restaurant_id: surry(),
      method: 'pickup',
      ...(await firstTime(ctx(), surry(), 'pickup')),
      payment_method: 'cash_on_delivery',
      guest_details: guestDetails(),
    });
    expect(order.statusCode, order.body).toBe(201);
    const line = (order.json().data as PlacedOrder).order.lines[0];
    expect(line?.unit_price).toBe(2800 + 300);
    expect(line?.details).toEqual([
      `Main: ${product.products.name} (${small})`,
      `Main: ${product.products.name} (${large})`,
    ]);

    // The JSON export carries the sizes and imports back with no change.
    const exported = await call(
      ctx(),
      'GET',
      `/v2/admin/catalogue/export?restaurant_id=${surry()}&format=json`,
      owner.token,
    );
    expect(exported.body).toContain(`"size": "${large}"`);
    const dry = await call(ctx(), 'POST', '/v2/admin/catalogue/import', owner.token, {
      restaurant_id: surry(),
      format: 'json',
      content: exported.body,
      dry_run: true,
    });
    expect(dry.json().data).toMatchObject({ applied: false, errors: [], changes: [] });
  });

  it('refuses a choice at a size its product does not come in, naming the field, and stores nothing', async () => {
    const { ref } = await sizedProduct();
    const before = await current();
    const res = await publishEdit((doc) => {
      doc.deals.push({
        ref: 'bad-size',
        name: 'Bad size',
        description: '',
        image: null,
        price: 1000,
        online_price: 1000,
        archived: false,
        slots: [{ name: 'Main', quantity: 1, choices: [{ product: ref, extra_price: 0, size: 'Enormous' }] }],
      });
    });
    expect(res.statusCode).toBe(400);
    const error = JSON.stringify(res.json().error);
    expect(error).toContain('size');
    expect(error).toContain('not Enormous');
    expect(error).toContain('No available product fills this slot');
    const after = await current();
    expect(after.revision).toBe(before.revision);
    expect(after.document.deals.map((d) => d.ref)).not.toContain('bad-size');
  });
});
