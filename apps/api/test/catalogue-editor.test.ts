import {
  type CatalogueDocument,
  type CatalogueEditorState,
  type Deal,
  type DocBundle,
  type Menu,
  type MenuProduct,
  type PlacedOrder,
  parseCsv,
  toZoned,
} from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
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
import { addPonsonby, addTenant } from './support/tenants.js';

let shop: Shop;
let owner: Caller;
let manager: Caller;
let staff: Caller;
let otherOwner: Caller;
let ponsonby: number;

beforeAll(async () => {
  shop = await startShop();
  owner = await userWithRole(shop.ctx, 'owner');
  manager = await userWithRole(shop.ctx, 'manager');
  staff = await userWithRole(shop.ctx, 'staff');
  // An empty business: its own owner and a restaurant with nothing on the menu.
  await addTenant(shop.ctx.db);
  ponsonby = await addPonsonby(shop.ctx.db);
  otherOwner = await userWithRole(shop.ctx, 'owner', { tenant: 7 });
});
afterAll(async () => shop?.ctx.close());

const ctx = () => shop.ctx;
const surry = () => shop.restaurantId;

async function current(caller = owner, restaurantId = surry()) {
  const res = await call(ctx(), 'GET', `/v2/admin/catalogue?restaurant_id=${restaurantId}`, caller.token);
  expect(res.statusCode).toBe(200);
  return res.json().data as CatalogueEditorState;
}

const publish = (doc: CatalogueDocument, base: number, caller = owner, restaurantId = surry()) =>
  call(ctx(), 'POST', '/v2/admin/catalogue/publish', caller.token, {
    restaurant_id: restaurantId,
    base_revision: base,
    document: doc,
  });

async function edit(change: (doc: CatalogueDocument) => void) {
  const { revision, document } = await current();
  change(document);
  const res = await publish(document, revision);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { revision: number; changes: string[] };
}

const byName = (menu: Menu, name: string) => menu.products.find((p) => p.products.name === name) as MenuProduct;
const docProduct = (doc: CatalogueDocument, name: string) => {
  const found = doc.products.find((p) => p.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

/** A product with no required choices and no sizes, on sale online. */
async function plainProduct() {
  const menu = await menuOf(ctx(), surry());
  return menu.products.find(
    (p) => p.is_available && !p.is_half_and_half && p.attributes.length === 0 && p.modifier_groups.length === 0,
  ) as MenuProduct;
}

/** Places the caller's cart for pickup, paid in cash; fails the test unless it is placed. */
async function placeCashPickup(caller: Caller) {
  const res = await placeOrder(ctx(), caller, {
    restaurant_id: surry(),
    method: 'pickup',
    ...(await firstTime(ctx(), surry(), 'pickup')),
    payment_method: 'cash_on_delivery',
    guest_details: guestDetails(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as PlacedOrder).order;
}

/** The restaurant's deals on the storefront now. */
const dealsNow = () => call(ctx(), 'GET', `/v2/restaurants/${surry()}/deals?channel=online`, null);

async function cartOf(caller: Caller) {
  const query = 'user_id' in caller.ids ? `user_id=${caller.ids.user_id}` : `guest_id=${caller.ids.guest_id}`;
  return (await call(ctx(), 'GET', `/v2/cart?${query}&is_cash_on_delivery_opt=1`, caller.token)).json().data;
}

describe('who may edit the catalogue (decision 038)', () => {
  it('managers and owners read it; staff, customers and other businesses are refused', async () => {
    const state = await current(manager);
    expect(state.document.products.length).toBeGreaterThan(5);
    expect(state.document.format).toBe('orderfront-catalogue/1');
    const url = `/v2/admin/catalogue?restaurant_id=${surry()}`;
    expect((await call(ctx(), 'GET', url, staff.token)).statusCode).toBe(403);
    expect((await call(ctx(), 'GET', url, null)).statusCode).toBe(401);
    // Another business's owner naming our restaurant, and our owner naming theirs.
    expect((await call(ctx(), 'GET', url, otherOwner.token)).statusCode).toBe(403);
    expect((await call(ctx(), 'GET', `/v2/admin/catalogue?restaurant_id=${ponsonby}`, owner.token)).statusCode).toBe(
      403,
    );
  });

  it('staff cannot publish prices, nor another business publish over ours; nothing changes', async () => {
    const { revision, document } = await current();
    const product = document.products[0] as CatalogueDocument['products'][number];
    const before = product.online_price;
    product.online_price = before + 500;
    expect((await publish(document, revision, staff)).statusCode).toBe(403);
    expect((await publish(document, revision, otherOwner)).statusCode).toBe(403);
    const after = await current();
    expect(after.revision).toBe(revision);
    expect(docProduct(after.document, product.name).online_price).toBe(before);
  });

  it('refuses an invalid document with the field named, and writes nothing', async () => {
    const { revision, document } = await current();
    document.modifier_groups.push({
      key: 'bad-group',
      name: 'Sauces',
      min: 3,
      max: 1,
      free_quantity: 0,
      options: [{ name: 'Tomato', price: -1, online_price: 0, default: false }],
    });
    const res = await publish(document, revision);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toMatch(/cannot be negative|more than the maximum/i);
    expect((await current()).revision).toBe(revision);
  });
});

describe('deals and combos (decision 042)', () => {
  /** Two plain products on sale online, by document ref. */
  async function twoPlain() {
    const menu = await menuOf(ctx(), surry());
    const plain = menu.products.filter(
      (p) => p.is_available && !p.is_half_and_half && p.attributes.length === 0 && p.modifier_groups.length === 0,
    );
    const { document } = await current();
    const refOf = (p: MenuProduct) => docProduct(document, p.products.name).ref;
    const [a, b] = plain as [MenuProduct, MenuProduct];
    return { a, b, refA: refOf(a), refB: refOf(b) };
  }

  const dealOf = (refA: string, refB: string): DocBundle => ({
    ref: 'lunch-for-two',
    name: 'Lunch for two',
    description: 'Two mains, one of them may be the special',
    image: null,
    price: 2000,
    online_price: 1900,
    archived: false,
    slots: [
      {
        name: 'Main',
        quantity: 2,
        choices: [
          { product: refA, extra_price: 0 },
          { product: refB, extra_price: 150 },
        ],
      },
    ],
  });

  it('the owner builds a deal; the storefront shows it and a customer orders it at the deal price plus extras', async () => {
    const { a, b, refA, refB } = await twoPlain();
    const before = await menuOf(ctx(), surry());
    const { changes } = await edit((doc) => {
      doc.deals.push(dealOf(refA, refB));
    });
    expect(changes).toContain('Deal "Lunch for two" added');
    expect((await menuOf(ctx(), surry())).version).toBe(before.version + 1);
    const deals = await dealsNow();
    expect(deals.statusCode).toBe(200);
    const deal = (deals.json().data.deals as Deal[]).find((d) => d.name === 'Lunch for two') as Deal;
    expect(deal).toMatchObject({ unit_price: 1900, is_available: true });
    const slot = deal.deal_component_types[0] as Deal['deal_component_types'][number];
    expect(slot.choices.map((c) => [c.product_id, c.extra_price])).toEqual([
      [a.product_id, 0],
      [b.product_id, 150],
    ]);

    const guest = await newGuest(ctx());
    const added = await call(ctx(), 'POST', '/v2/cart', guest.token, {
      restaurant_id: surry(),
      deal_id: deal.id,
      quantity: 1,
      notes: '',
      children: [
        { deal_component_type_id: slot.id, restaurant_product_id: a.id, product_id: a.product_id, quantity: 1 },
        { deal_component_type_id: slot.id, restaurant_product_id: b.id, product_id: b.product_id, quantity: 1 },
      ],
      ...guest.ids,
    });
    expect(added.statusCode, added.body).toBe(201);
    const order = await placeCashPickup(guest);
    expect(order.lines[0]?.unit_price).toBe(1900 + 150);

    // Archived: off the storefront, kept in the document; the export names it.
    await edit((doc) => {
      (doc.deals.find((d) => d.ref === 'lunch-for-two') as DocBundle).archived = true;
    });
    const after = await dealsNow();
    expect((after.json().data.deals as Deal[]).map((d) => d.name)).not.toContain('Lunch for two');
    expect((await current()).document.deals.find((d) => d.ref === 'lunch-for-two')?.archived).toBe(true);
  });

  it('refuses a deal with a negative price or an unfillable slot, naming the fields, and stores nothing of it', async () => {
    const { refA, refB } = await twoPlain();
    const { revision, document } = await current();
    const deal = dealOf(refA, refB);
    deal.ref = 'broken-deal';
    deal.price = -5;
    deal.slots.push({ name: 'Drink', quantity: 1, choices: [{ product: 'no-such-product', extra_price: 0 }] });
    document.deals.push(deal);
    // Something valid in the same document must not be written either.
    document.combos.push({ ...dealOf(refA, refB), ref: 'fine-combo', name: 'Fine combo' });
    const res = await publish(document, revision);
    expect(res.statusCode).toBe(400);
    const error = JSON.stringify(res.json().error);
    expect(error).toContain('A price cannot be negative');
    expect(error).toContain('No such product');
    expect(error).toContain('No available product fills this slot');
    const after = await current();
    expect(after.revision).toBe(revision);
    expect(after.document.deals.map((d) => d.ref)).not.toContain('broken-deal');
    expect(after.document.combos.map((c) => c.ref)).not.toContain('fine-combo');
  });

  it('staff cannot publish a deal, nor another business put our products in its deal', async () => {
    const { refA, refB } = await twoPlain();
    const { revision, document } = await current();
    document.deals.push({ ...dealOf(refA, refB), ref: 'staff-deal' });
    expect((await publish(document, revision, staff)).statusCode).toBe(403);
    // The other business names our products by ref: they are not in its document, so not its choices.
    const theirs = await current(otherOwner, ponsonby);
    const foreign = await publish(
      { ...theirs.document, deals: [{ ...dealOf(refA, refB), ref: 'foreign' }] },
      theirs.revision,
      otherOwner,
      ponsonby,
    );
    expect(foreign.statusCode).toBe(400);
    expect(JSON.stringify(foreign.json().error)).toContain('No such product');
    expect((await current()).document.deals.map((d) => d.ref)).not.toContain('staff-deal');
  });
});

describe('tax class and unit (decision 042)', () => {
  it('a GST-free product is priced with no tax in the cart and the order; its unit is on the menu', async () => {
    const product = await plainProduct();
    const name = product.products.name;
    const taxedGuest = await newGuest(ctx());
    await addToCart(ctx(), taxedGuest, surry(), product, 1);
    expect((await cartOf(taxedGuest)).totals.tax).toBeGreaterThan(0);

    await edit((doc) => {
      Object.assign(docProduct(doc, name), { tax_class: 'gst_free', unit: 'kg' });
    });
    const listed = byName(await menuOf(ctx(), surry()), name);
    expect(listed).toMatchObject({ tax_class: 'gst_free', unit: 'kg' });
    expect((await current()).document.products.find((p) => p.name === name)).toMatchObject({
      tax_class: 'gst_free',
      unit: 'kg',
    });
    // The open cart re-prices with the new class.
    expect((await cartOf(taxedGuest)).totals.tax).toBe(0);
    const order = await placeCashPickup(taxedGuest);
    expect(order.totals.tax).toBe(0);

    await edit((doc) => {
      Object.assign(docProduct(doc, name), { tax_class: 'standard', unit: null });
    });
  });

  it('refuses an unknown tax class or a long unit, naming the field', async () => {
    const { revision, document } = await current();
    Object.assign(document.products[0] as object, { tax_class: 'zero', unit: 'x'.repeat(21) });
    const res = await publish(document, revision);
    expect(res.statusCode).toBe(400);
    const error = JSON.stringify(res.json().error);
    expect(error).toContain('tax_class');
    expect(error).toContain('At most 20 characters');
    expect((await current()).revision).toBe(revision);
  });
});

describe('publishing', () => {
  it('moves the menu to the new prices in one version, and the history records who did it', async () => {
    const product = await plainProduct();
    const menuBefore = await menuOf(ctx(), surry());
    const { revision: next, changes } = await edit((doc) => {
      const p = docProduct(doc, product.products.name);
      p.online_price += 250;
      p.labels = ['vegan', 'spicy'];
    });
    expect(changes).toContain(
      `Product "${product.products.name}": online price ${product.online_price} → ${product.online_price + 250}`,
    );
    const menu = await menuOf(ctx(), surry());
    expect(menu.version).toBe(menuBefore.version + 1);
    expect(byName(menu, product.products.name).unit_price).toBe(product.unit_price + 250);
    expect(byName(menu, product.products.name).labels).toEqual(['vegan', 'spicy']);

    const history = await call(ctx(), 'GET', `/v2/admin/catalogue/history?restaurant_id=${surry()}`, owner.token);
    expect(history.statusCode).toBe(200);
    expect(history.json().data[0]).toMatchObject({ revision: next, source: 'editor', user_name: 'Test owner' });
    expect(history.json().data[0].changes).toEqual(changes);
    const forManager = await call(ctx(), 'GET', `/v2/admin/catalogue/history?restaurant_id=${surry()}`, manager.token);
    expect(forManager.statusCode).toBe(403);
  });

  it('concurrent publishes from the same draft: one wins whole, the other gets 409 and changes nothing', async () => {
    const { revision, document } = await current();
    const [a, b] = document.products.slice(0, 2) as CatalogueDocument['products'];
    const variant = (price: number) => {
      const doc = structuredClone(document);
      for (const p of doc.products.slice(0, 2)) p.price = price;
      return doc;
    };
    const results = await Promise.all([publish(variant(1111), revision), publish(variant(2222), revision)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error.message).toMatch(/published by someone else/);
    const after = await current();
    expect(after.revision).toBe(revision + 1);
    const prices = [docProduct(after.document, a?.name ?? '').price, docProduct(after.document, b?.name ?? '').price];
    expect([
      [1111, 1111],
      [2222, 2222],
    ]).toContainEqual(prices);
    // A draft read before is stale now.
    expect((await publish(document, revision)).statusCode).toBe(409);
  });

  it('open carts and orders follow the published version; an archived item is named as unavailable', async () => {
    const product = await plainProduct();
    const guest = await newGuest(ctx());
    await addToCart(ctx(), guest, surry(), product, 2);
    expect((await cartOf(guest)).items[0].unit_price).toBe(product.unit_price);

    await edit((doc) => {
      docProduct(doc, product.products.name).online_price = product.online_price + 100;
    });
    const repriced = await cartOf(guest);
    expect(repriced.unavailable).toEqual([]);
    expect(repriced.items[0].unit_price).toBe(product.online_price + 100);

    const placed = await placeCashPickup(guest);
    expect(placed.lines[0]?.unit_price).toBe(product.online_price + 100);

    const again = await newGuest(ctx());
    await addToCart(ctx(), again, surry(), { ...product, unit_price: product.online_price + 100 }, 1);
    await edit((doc) => {
      docProduct(doc, product.products.name).archived = true;
    });
    const cart = await cartOf(again);
    expect(cart.items).toHaveLength(0);
    expect(cart.unavailable[0].message).toBe('Product not found');
    expect(byName(await menuOf(ctx(), surry()), product.products.name)).toBeUndefined();
    await edit((doc) => {
      docProduct(doc, product.products.name).archived = false;
    });
  });

  it('dayparts: outside its hours a category is marked and its products are refused with the hours', async () => {
    const product = await plainProduct();
    // Windows on every weekday, so midnight passing mid-test changes nothing. Only the last minute of
    // the day is in no window (`to` is exclusive and at most 23:59): wait it out.
    if (toZoned(new Date(), 'Australia/Sydney').time === '23:59') await new Promise((r) => setTimeout(r, 61_000));
    const local = toZoned(new Date(), 'Australia/Sydney');
    const [h] = local.time.split(':').map(Number) as [number, number];
    // A window that ended before now (or, just after midnight, starts later), and one around now.
    const away = h >= 2 ? { from: '00:00', to: '00:30' } : { from: '22:00', to: '23:00' };
    const around = { from: '00:00', to: '23:59' };
    const everyDay = (window: { from: string; to: string }) =>
      Array.from({ length: 7 }, (_, weekday) => ({ weekday, ...window }));
    const setDaypart = (window: { from: string; to: string }) =>
      edit((doc) => {
        const slug = docProduct(doc, product.products.name).category;
        const category = doc.categories.find((c) => c.slug === slug);
        if (category) category.dayparts = everyDay(window);
      });

    await setDaypart(away);
    const menu = await menuOf(ctx(), surry());
    expect(menu.categories.find((c) => c.id === product.category_id)?.dayparts).toEqual(everyDay(away));
    const guest = await newGuest(ctx());
    const refused = await call(ctx(), 'POST', '/v2/cart', guest.token, {
      restaurant_id: surry(),
      restaurant_product_id: product.id,
      product_id: product.product_id,
      quantity: 1,
      is_half_and_half: false,
      notes: '',
      modifiers: [],
      configurations: [],
      ...guest.ids,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain(`is not available right now. Served`);
    expect(refused.json().error.message).toContain(`${away.from}–${away.to}`);

    await setDaypart(around);
    await addToCart(ctx(), guest, surry(), product, 1);
    await setDaypart(away);
    // An open cart re-prices without the line, and says why.
    const cart = await cartOf(guest);
    expect(cart.unavailable[0].message).toContain('is not available right now');
    await edit((doc) => {
      for (const c of doc.categories) c.dayparts = [];
    });
  });
});

describe('import and export', () => {
  it('the demo catalogue exported and imported into an empty business exports byte for byte the same', async () => {
    const exported = await call(
      ctx(),
      'GET',
      `/v2/admin/catalogue/export?restaurant_id=${surry()}&format=json`,
      owner.token,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/application\/json/);
    const json = exported.body;
    expect((await current(otherOwner, ponsonby)).document.products).toEqual([]);

    const dry = await call(ctx(), 'POST', '/v2/admin/catalogue/import', otherOwner.token, {
      restaurant_id: ponsonby,
      format: 'json',
      content: json,
      dry_run: true,
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data).toMatchObject({ applied: false, errors: [] });
    expect(dry.json().data.changes.length).toBeGreaterThan(10);
    expect((await current(otherOwner, ponsonby)).document.products).toEqual([]);

    const applied = await call(ctx(), 'POST', '/v2/admin/catalogue/import', otherOwner.token, {
      restaurant_id: ponsonby,
      format: 'json',
      content: json,
      dry_run: false,
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.applied).toBe(true);
    const again = await call(
      ctx(),
      'GET',
      `/v2/admin/catalogue/export?restaurant_id=${ponsonby}&format=json`,
      otherOwner.token,
    );
    expect(again.body).toBe(json);
    // The other business's menu now sells it, at its own ids.
    const theirs = (
      await ctx().app.inject({
        method: 'GET',
        url: `/api/v2/restaurants/${ponsonby}/menu`,
        headers: { host: 'luigi.example' },
      })
    ).json().data as Menu;
    const ours = await menuOf(ctx(), surry());
    expect(theirs.products.map((p) => [p.products.name, p.unit_price])).toEqual(
      ours.products.map((p) => [p.products.name, p.unit_price]),
    );
  });

  it('a CSV with three bad rows applies nothing and names the three rows', async () => {
    const csv = (
      await call(ctx(), 'GET', `/v2/admin/catalogue/export?restaurant_id=${surry()}&format=csv`, owner.token)
    ).body;
    const records = parseCsv(csv).map((r) => r.cells);
    const header = records[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const productRows = records.flatMap((r, i) => (r[0] === 'product' ? [i] : []));
    const groupRow = records.findIndex((r) => r[0] === 'modifier_group');
    const [first, second] = productRows as [number, number];
    (records[first] as string[])[col('price')] = '-3.00';
    (records[second] as string[])[col('parent')] = 'no-such-category';
    (records[groupRow] as string[])[col('min')] = '5';
    (records[groupRow] as string[])[col('max')] = '1';
    const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const content = `${records.map((r) => r.map(quote).join(',')).join('\r\n')}\r\n`;
    // Multi-line descriptions aside, record i starts on line i + 1 (the header is line 1).
    const lineOf = (record: number) => (parseCsv(content)[record] as { line: number }).line;
    const before = await current();
    const res = await call(ctx(), 'POST', '/v2/admin/catalogue/import', owner.token, {
      restaurant_id: surry(),
      format: 'csv',
      content,
      dry_run: false,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result.applied).toBe(false);
    const rows = [...new Set(result.errors.map((e: { row: number }) => e.row))].sort(
      (x, y) => (x as number) - (y as number),
    );
    expect(rows).toEqual([lineOf(groupRow), lineOf(first), lineOf(second)].sort((x, y) => x - y));
    expect(result.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['A price cannot be negative', 'No such category', 'Must not be more than the maximum']),
    );
    const after = await current();
    expect(after).toEqual(before);
  });

  it('a CSV export imports back with no change at all', async () => {
    const csv = (
      await call(ctx(), 'GET', `/v2/admin/catalogue/export?restaurant_id=${surry()}&format=csv`, owner.token)
    ).body;
    const res = await call(ctx(), 'POST', '/v2/admin/catalogue/import', owner.token, {
      restaurant_id: surry(),
      format: 'csv',
      content: csv,
      dry_run: true,
    });
    expect(res.json().data).toMatchObject({ applied: false, changes: [], errors: [] });
  });
});

/** Publishes a change to the current catalogue; answers the raw response (edit() expects success). */
async function publishEdit(change: (doc: CatalogueDocument) => void) {
  const { revision, document } = await current();
  change(document);
  return publish(document, revision);
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

    const deals = await dealsNow();
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
    const order = await placeCashPickup(guest);
    const line = order.lines[0];
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
