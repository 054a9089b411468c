import { giftCardTokenHeader } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyGiftCard } from '../support/gift-cards.js';
import { call, guestOrder, type Shop, startShop, userWithRole } from '../support/orders.js';

/** Decision 026: personal answers are never stored by a browser or proxy; the public catalogue may be. */
describe('Cache-Control of API answers', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop();
  }, 180_000);
  afterAll(async () => shop?.ctx.close());

  it('answers personal data with no-store: orders, profile, cart, gift cards, points, reservations, admin', async () => {
    const { ctx } = shop;
    const { guest, placed } = await guestOrder(shop);
    const customer = await userWithRole(ctx, 'customer');
    const owner = await userWithRole(ctx, 'owner');
    const purchase = await buyGiftCard(ctx);
    const id = placed.order.id;
    const answers = {
      order: await call(ctx, 'GET', `/v2/orders/${id}`, guest.token),
      payment: await call(ctx, 'GET', `/v2/orders/${id}/payment`, guest.token),
      history: await call(ctx, 'GET', '/v2/orders', customer.token),
      profile: await call(ctx, 'GET', '/v2/auth/me', customer.token),
      cart: await call(
        ctx,
        'GET',
        `/v2/cart?guest_id=${'guest_id' in guest.ids ? guest.ids.guest_id : 0}`,
        guest.token,
      ),
      giftCard: await call(
        ctx,
        'GET',
        `/v2/gift-cards/${purchase.purchase.gift_card.id}?tenant_id=139`,
        null,
        undefined,
        {
          [giftCardTokenHeader]: purchase.token,
        },
      ),
      loyalty: await call(ctx, 'GET', '/v2/loyalty', customer.token),
      reservations: await call(ctx, 'GET', '/v2/reservations?tenant_id=139', customer.token),
      admin: await call(ctx, 'GET', '/v2/admin/orders', owner.token),
      refused: await call(ctx, 'GET', `/v2/orders/${id}`, null),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(answers.order.statusCode).toBe(200);
    expect(answers.giftCard.statusCode).toBe(200);
    expect(answers.admin.statusCode).toBe(200);
  });

  it('lets the public catalogue be kept and revalidated', async () => {
    const { ctx, restaurantId } = shop;
    const urls = [
      `/v2/restaurants/${restaurantId}?tenant_id=139`,
      `/v2/restaurants/${restaurantId}/menu`,
      `/v2/restaurants/${restaurantId}/fulfilment-times?method=pickup`,
      '/v2/restaurants/app-settings?tenant_id=139',
      '/v2/gift-cards/options?tenant_id=139',
    ];
    for (const url of urls) {
      const res = await call(ctx, 'GET', url, null);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const header = String(res.headers['cache-control']);
      expect(header, url).not.toContain('no-store');
      expect(header, url).toMatch(/public|no-cache/);
    }
  });
});
