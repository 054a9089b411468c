import { randomUUID } from 'node:crypto';
import type { AdminRewards, AdminRewardsBody } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signInAs, signUp, tenantId } from './support/auth.js';

/** The owner's loyalty rules and gift card options: who may see and change them, and what they change. */
let ctx: TestContext;
const tokens: Record<'owner' | 'manager' | 'staff' | 'customer', string> = {
  owner: '',
  manager: '',
  staff: '',
  customer: '',
};

beforeAll(async () => {
  ctx = await createTestApp();
  tokens.owner = await signInAs(ctx.app, 'owner');
  tokens.manager = await signInAs(ctx.app, 'manager');
  tokens.staff = await signInAs(ctx.app, 'staff');
  tokens.customer = (await signUp(ctx.app, ctx.db, `rewards-${randomUUID()}@example.com`)).token;
});
afterAll(async () => ctx?.close());

const get = (token?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v2/admin/rewards', headers: token ? bearer(token) : {} });
const put = (body: unknown, token = tokens.owner) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v2/admin/rewards', headers: bearer(token), payload: body as object });

const body: AdminRewardsBody = {
  loyalty: {
    enabled: true,
    points_per_dollar: 2,
    redeem_points: 200,
    redeem_value_cents: 1000,
    min_redeem_points: 200,
    expiry_months: 18,
  },
  gift_cards: {
    enabled: true,
    min_amount: 2000,
    max_amount: 30000,
    presets: [10000, 2000, 5000],
    valid_months: 36,
    max_delivery_days: 90,
  },
};

describe('owner rewards settings', () => {
  it('only the owner sees and changes them; no token is 401', async () => {
    expect((await get()).statusCode).toBe(401);
    for (const role of ['manager', 'staff', 'customer'] as const) {
      expect((await get(tokens[role])).statusCode, role).toBe(403);
      expect((await put(body, tokens[role])).statusCode, role).toBe(403);
    }
    const res = await get(tokens.owner);
    expect(res.statusCode).toBe(200);
    const seeded = res.json().data as AdminRewards;
    expect(seeded.currency).toBe('AUD');
    expect(seeded.loyalty.enabled).toBe(true);
    expect(seeded.gift_cards.enabled).toBe(true);
  });

  it('a change reaches the buy form, the gift card limits and the loyalty page', async () => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as AdminRewards).gift_cards.presets).toEqual([2000, 5000, 10000]);

    const options = await ctx.app.inject({ method: 'GET', url: `/api/v2/gift-cards/options?tenant_id=${tenantId}` });
    expect(options.json().data).toMatchObject({
      enabled: true,
      min_amount: 2000,
      max_amount: 30000,
      presets: [2000, 5000, 10000],
      valid_months: 36,
      max_delivery_days: 90,
    });
    const tooSmall = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/gift-cards',
      headers: { 'idempotency-key': `gift_${randomUUID()}` },
      payload: {
        tenant_id: tenantId,
        amount: 1500,
        recipient_name: 'Ada',
        recipient_email: 'ada@example.com',
        sender_name: 'Charles',
        purchaser_email: 'charles@example.com',
      },
    });
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.json().error.message).toBe('Choose an amount from $20.00 to $300.00.');

    const loyalty = await ctx.app.inject({ method: 'GET', url: '/api/v2/loyalty', headers: bearer(tokens.customer) });
    expect(loyalty.json().data.rules).toEqual(body.loyalty);

    const off = await put({ ...body, gift_cards: { ...body.gift_cards, enabled: false } });
    expect(off.statusCode).toBe(200);
    const closed = await ctx.app.inject({ method: 'GET', url: `/api/v2/gift-cards/options?tenant_id=${tenantId}` });
    expect(closed.json().data.enabled).toBe(false);
    expect((await put(body)).statusCode).toBe(200);
  });

  it('bad input is refused with the field that is wrong, and changes nothing', async () => {
    expect((await put(body)).statusCode).toBe(200);
    const before = (await get(tokens.owner)).json().data;
    const cases: [unknown, string][] = [
      [{ ...body, gift_cards: { ...body.gift_cards, min_amount: 40000 } }, 'gift_cards.max_amount'],
      [{ ...body, gift_cards: { ...body.gift_cards, presets: [50000] } }, 'gift_cards.presets'],
      [{ ...body, gift_cards: { ...body.gift_cards, presets: [5000, 5000] } }, 'gift_cards.presets'],
      [{ ...body, gift_cards: { ...body.gift_cards, valid_months: 0 } }, 'gift_cards.valid_months'],
      [{ ...body, loyalty: { ...body.loyalty, points_per_dollar: -1 } }, 'loyalty.points_per_dollar'],
      [{ ...body, loyalty: { ...body.loyalty, redeem_points: 0 } }, 'loyalty.redeem_points'],
      [{ ...body, loyalty: { ...body.loyalty, expiry_months: 1.5 } }, 'loyalty.expiry_months'],
      [{ ...body, loyalty: { ...body.loyalty, redeem_value_cents: '1000' } }, 'loyalty.redeem_value_cents'],
      [{ ...body, loyalty: { ...body.loyalty, bonus: 5 } }, 'loyalty'],
      [{ ...body, tenant_id: 1 }, ''],
      [{ loyalty: body.loyalty }, 'gift_cards'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().data).toBeNull();
      if (field) expect(Object.keys(res.json().error.fields ?? {}).join(), field).toContain(field);
    }
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/admin/rewards',
      headers: { ...bearer(tokens.owner), 'content-type': 'application/json' },
      payload: '{"loyalty":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await get(tokens.owner)).json().data).toEqual(before);
  });
});
