import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { releaseForOrder, reserveForOrder } from '../src/modules/gift-cards/checkout.js';
import * as giftCards from '../src/modules/gift-cards/ledger.js';
import * as loyalty from '../src/modules/loyalty/ledger.js';
import { comparableAnswer, createTestApp, type TestContext } from './support/app.js';
import { bearer, lastMail, logIn, signUp, tenantId } from './support/auth.js';
import {
  expireGiftCard,
  giftCardBalance,
  issueGiftCard,
  ledgerSum,
  otherBusinessCard,
  otherTenantId,
  pointsAccount,
} from './support/gift-cards.js';

let ctx: TestContext;
let ownerToken: string;
let ip = 0;
/** Each test checks balances from its own address, so the per-IP limit is only met where tested. */
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

beforeAll(async () => {
  ctx = await createTestApp({ env: { GIFT_CARD_CHECK_RATE_LIMIT_MAX: '5' } });
  const login = await logIn(ctx.app, 'owner@bellanonna.example', 'BellaNonna-Owner-2026');
  ownerToken = login.json().data.token;
});

afterAll(async () => {
  await ctx?.close();
});

const issue = (amount: number, email?: string) => issueGiftCard(ctx, ownerToken, amount, email);

function checkBalance(code: string, options: { tenant?: number; from?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/gift-cards/balance',
    remoteAddress: options.from ?? nextIp(),
    payload: { tenant_id: options.tenant ?? tenantId, code },
  });
}

const earnForOrderOnce = (trx: Db, userId: number, orderId: number, spentCents: number) =>
  loyalty.earn(trx, { tenantId, userId, orderId, orderNumber: String(orderId), spentCents, now: new Date() });

const cardBalance = (id: number) => giftCardBalance(ctx.db, id);

describe('gift card options and balance', () => {
  it('the demo offers $25, $50, $100 and $150 cards from $10 to $500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/gift-cards/options?tenant_id=${tenantId}` });
    expect(res.json().data).toMatchObject({
      enabled: true,
      currency: 'AUD',
      min_amount: 1000,
      max_amount: 50000,
      presets: [2500, 5000, 10000, 15000],
    });
  });

  it('a manager issues a $50 card: the code is grouped, mailed, and checks case-insensitively', async () => {
    const card = await issue(5000);
    expect(card.code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const mail = await lastMail(ctx.db, card.email);
    expect(mail.body_text).toContain(card.code);
    const res = await checkBalance(card.code.toLowerCase().replaceAll('-', ' '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      balance: 5000,
      currency: 'AUD',
      last4: card.code.slice(-4),
      status: 'active',
    });
    expect(await giftCards.ledgerOf(ctx.db, tenantId, card.gift_card.id)).toMatchObject([
      { kind: 'issue', amount: 5000, balance_after: 5000 },
    ]);
  });

  it('wrong, malformed, void and other businesses’ codes all get the same 404', async () => {
    const voided = await issue(2000);
    const voidRes = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/admin/gift-cards/${voided.gift_card.id}/void`,
      headers: bearer(ownerToken),
      payload: { reason: 'Reported stolen' },
    });
    expect(voidRes.json().data).toMatchObject({ status: 'void', balance: 0 });

    const other = await otherBusinessCard(ctx.db);

    const answers = await Promise.all(
      [voided.code, other.code, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', 'not a code', '0000-1111-OOOO-IIII'].map((code) =>
        checkBalance(code),
      ),
    );
    // One answer for all, to the byte: nothing tells a void or another business's code from a guess.
    for (const res of answers) expect(comparableAnswer(res)).toEqual(comparableAnswer(answers[0] as typeof res));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        data: null,
        error: {
          code: 'not_found',
          message: "We couldn't find an active gift card with that code.",
          fields: { code: "We couldn't find an active gift card with that code." },
          request_id: expect.any(String),
        },
      });
    }
    // The other business's own storefront finds it.
    expect((await checkBalance(other.code, { tenant: otherTenantId })).statusCode).toBe(200);
  });

  it('an expired card answers 422 and cannot be redeemed', async () => {
    const card = await issue(3000);
    await expireGiftCard(ctx.db, card.gift_card.id);
    const res = await checkBalance(card.code);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('This gift card has expired.');
    const taken = await ctx.db
      .transaction()
      .execute((trx) =>
        giftCards.redeem(trx, { tenantId, giftCardId: card.gift_card.id, orderId: 1, amount: 100, now: new Date() }),
      );
    expect(taken).toBe(false);
    expect(await cardBalance(card.gift_card.id)).toBe(3000);
  });

  it('balance checks are limited per IP: the 6th in a minute is 429', async () => {
    const from = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await checkBalance(`Q${i}QQ-QQQQ-QQQQ-QQQQ`, { from })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('… and per code prefix from many IPs: the 6th guess at one prefix is 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await checkBalance(`WXYZ-${'ABCDEFGH'[i]}AAA-AAAA-AAAA`)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  });
});

describe('contract', () => {
  it('the gift card and loyalty calls are in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/v2/gift-cards',
      '/api/v2/gift-cards/balance',
      '/api/v2/gift-cards/options',
      '/api/v2/gift-cards/{id}/pay/sandbox',
      '/api/v2/admin/gift-cards',
      '/api/v2/admin/gift-cards/{id}/ledger',
      '/api/v2/loyalty',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('unknown fields and fractional cents are 400 and change nothing', async () => {
    const before = await ctx.db
      .selectFrom('gift_cards')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/gift-cards/balance',
      remoteAddress: nextIp(),
      payload: { tenant_id: tenantId, code: 'ABCD-EFGH-JKLM-NPQR', pin: '1234' },
    });
    expect(extra.statusCode).toBe(400);
    const fractional = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/admin/gift-cards',
      headers: bearer(ownerToken),
      payload: { amount: 10.5, recipient_name: 'A', recipient_email: 'a@example.com', note: 'x' },
    });
    expect(fractional.statusCode).toBe(400);
    const after = await ctx.db
      .selectFrom('gift_cards')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('staff calls', () => {
  it('customers get 403, guests 401; staff find a card by code and read its ledger', async () => {
    const customer = await signUp(ctx.app, ctx.db, 'staff-check@example.com');
    const forbidden = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/admin/gift-cards?last4=ABCD',
      headers: bearer(customer.token),
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/gift-cards?last4=ABCD' })).statusCode).toBe(401);

    const card = await issue(4000);
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/admin/gift-cards?code=${encodeURIComponent(card.code)}`,
      headers: bearer(ownerToken),
    });
    expect(found.json().data).toMatchObject([{ id: card.gift_card.id, balance: 4000, status: 'active' }]);
    const entries = await ctx.app.inject({
      method: 'GET',
      url: `/api/v2/admin/gift-cards/${card.gift_card.id}/ledger`,
      headers: bearer(ownerToken),
    });
    expect(entries.json().data).toMatchObject([{ kind: 'issue', amount: 4000, note: 'Test card' }]);
  });
});

describe('gift card ledger under concurrency', () => {
  it('200 parallel reservations at the order seam spending one $50 card take at most $50; each has its entry', async () => {
    const card = await issue(5000);
    const totals = Array.from({ length: 200 }, (_, i) => 700 + ((i * 37) % 900));
    const results = await Promise.allSettled(
      totals.map((totalCents, i) =>
        ctx.db.transaction().execute((trx) =>
          reserveForOrder(trx, {
            tenantId,
            userId: null,
            orderId: 10_000 + i,
            orderNumber: null,
            totalCents,
            giftCardCode: card.code,
            now: new Date(),
          }),
        ),
      ),
    );
    const accepted = results.flatMap((r, i) => (r.status === 'fulfilled' ? [{ orderId: 10_000 + i, ...r.value }] : []));
    for (const r of results) {
      // Lost the race (409) or found the card empty (422): never a server error.
      if (r.status === 'rejected') expect((r.reason as { statusCode: number }).statusCode).toBeOneOf([409, 422]);
    }
    const taken = accepted.reduce((sum, a) => sum + a.gift_card, 0);
    expect(taken).toBeLessThanOrEqual(5000);
    expect(accepted.length).toBeGreaterThan(0);
    for (const a of accepted) expect(a.gift_card + a.amount_due).toBe(a.total);
    const balance = await cardBalance(card.gift_card.id);
    expect(balance).toBe(5000 - taken);
    expect(balance).toBeGreaterThanOrEqual(0);
    const entries = await giftCards.ledgerOf(ctx.db, tenantId, card.gift_card.id);
    const redeems = entries.filter((e) => e.kind === 'redeem');
    expect(redeems.map((e) => e.order_id).sort()).toEqual(accepted.map((a) => a.orderId).sort());
    expect(redeems.map((e) => -e.amount).sort()).toEqual(accepted.map((a) => a.gift_card).sort());
    expect(await ledgerSum(ctx.db, card.gift_card.id)).toBe(balance);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
  });

  it('a $12 order with 100 points and a $50 card: $5 off, the card pays $7; a failed payment gives both back', async () => {
    const { userId } = await signUp(ctx.app, ctx.db, 'split@example.com').then((s) => ({ userId: s.user.id }));
    await ctx.db.transaction().execute((trx) => earnForOrderOnce(trx, userId, 8000, 20_000)); // 200 points
    const card = await issue(5000);
    const now = new Date();
    const split = await ctx.db.transaction().execute((trx) =>
      reserveForOrder(trx, {
        tenantId,
        userId,
        orderId: 8001,
        orderNumber: '1801',
        totalCents: 1200,
        giftCardCode: card.code,
        loyaltyPoints: 100,
        now,
      }),
    );
    expect(split).toMatchObject({
      loyalty: 500,
      loyalty_points: 100,
      total: 700,
      gift_card: 700,
      amount_due: 0,
      fully_paid: true,
    });
    expect(await cardBalance(card.gift_card.id)).toBe(4300);
    expect(await ctx.db.transaction().execute((trx) => releaseForOrder(trx, { tenantId, orderId: 8001, now }))).toEqual(
      {
        gift_card: 700,
        points: 100,
      },
    );
    expect(await cardBalance(card.gift_card.id)).toBe(5000);
  });

  it('a failed payment releases, a refund restores, each once; the balance stays the ledger sum', async () => {
    const card = await issue(5000);
    const now = new Date();
    const id = card.gift_card.id;
    await ctx.db.transaction().execute(async (trx) => {
      expect(await giftCards.redeem(trx, { tenantId, giftCardId: id, orderId: 501, amount: 1800, now })).toBe(true);
      expect(await giftCards.redeem(trx, { tenantId, giftCardId: id, orderId: 502, amount: 1200, now })).toBe(true);
    });
    expect(await cardBalance(id)).toBe(2000);
    expect(await ctx.db.transaction().execute((trx) => giftCards.release(trx, { tenantId, orderId: 501, now }))).toBe(
      1800,
    );
    expect(await ctx.db.transaction().execute((trx) => giftCards.release(trx, { tenantId, orderId: 501, now }))).toBe(
      0,
    );
    expect(await ctx.db.transaction().execute((trx) => giftCards.refund(trx, { tenantId, orderId: 502, now }))).toBe(
      1200,
    );
    expect(await ctx.db.transaction().execute((trx) => giftCards.refund(trx, { tenantId, orderId: 502, now }))).toBe(0);
    // Another business's order ids never touch this card.
    expect(
      await ctx.db
        .transaction()
        .execute((trx) => giftCards.refund(trx, { tenantId: otherTenantId, orderId: 502, now })),
    ).toBe(0);
    expect(await cardBalance(id)).toBe(5000);
    expect(await ledgerSum(ctx.db, id)).toBe(5000);
    expect((await giftCards.ledgerOf(ctx.db, tenantId, id)).map((e) => e.kind)).toEqual([
      'issue',
      'redeem',
      'redeem',
      'release',
      'refund',
    ]);
  });
});

describe('loyalty points', () => {
  async function customer(email: string) {
    const session = await signUp(ctx.app, ctx.db, email);
    return { token: session.token, userId: session.user.id };
  }

  const earn = (userId: number, orderId: number, spentCents: number) =>
    ctx.db
      .transaction()
      .execute((trx) =>
        loyalty.earn(trx, { tenantId, userId, orderId, orderNumber: String(orderId), spentCents, now: new Date() }),
      );

  it('guests get 401; a new customer has no points and sees the rules', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/loyalty' })).statusCode).toBe(401);
    const { token } = await customer('points-new@example.com');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/loyalty', headers: bearer(token) });
    expect(res.json().data).toMatchObject({
      balance: 0,
      value: 0,
      can_redeem: false,
      history: [],
      rules: {
        points_per_dollar: 1,
        redeem_points: 100,
        redeem_value_cents: 500,
        min_redeem_points: 100,
        expiry_months: 12,
      },
    });
  });

  it('a completed $64.50 order earns 64 points once, even when completion is reported twice', async () => {
    const { token, userId } = await customer('points-earn@example.com');
    expect(await earn(userId, 7001, 6450)).toBe(64);
    expect(await earn(userId, 7001, 6450)).toBe(0);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/loyalty', headers: bearer(token) });
    expect(res.json().data).toMatchObject({
      balance: 64,
      value: 320,
      can_redeem: false,
      history: [{ kind: 'earn', points: 64, balance_after: 64, order_id: 7001, order_number: '7001' }],
    });
  });

  it('100 parallel redemptions of 100 points from 1,000 never overdraw: exactly 10 succeed', async () => {
    const { userId } = await customer('points-race@example.com');
    await earn(userId, 7100, 100_000);
    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ctx.db.transaction().execute((trx) =>
          loyalty.reserve(trx, {
            tenantId,
            userId,
            orderId: 7200 + i,
            points: 100,
            orderCents: 5000,
            now: new Date(),
          }),
        ),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled');
    expect(ok).toHaveLength(10);
    for (const a of attempts) {
      if (a.status === 'rejected') expect((a.reason as { statusCode: number }).statusCode).toBeOneOf([409, 422]);
    }
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect(balance).toBe(0);
    expect(entries.reduce((s, e) => s + e.points, 0)).toBe(0);
    expect(entries.filter((e) => e.kind === 'redeem')).toHaveLength(10);
  });

  it('points below the minimum or beyond the balance are refused; a discount is capped at the order', async () => {
    const { userId } = await customer('points-rules@example.com');
    await earn(userId, 7300, 30_000);
    const reserve = (orderId: number, points: number, orderCents: number) =>
      ctx.db
        .transaction()
        .execute((trx) => loyalty.reserve(trx, { tenantId, userId, orderId, points, orderCents, now: new Date() }));
    await expect(reserve(7301, 50, 5000)).rejects.toMatchObject({ statusCode: 422 });
    await expect(reserve(7302, 400, 5000)).rejects.toMatchObject({ statusCode: 422 });
    expect(await reserve(7303, 300, 1000)).toEqual({ points: 200, cents: 1000 });
  });

  it('a refund reverses earned points and gives back redeemed ones, once', async () => {
    const { token, userId } = await customer('points-refund@example.com');
    const now = new Date();
    await earn(userId, 7400, 20_000); // 200
    await ctx.db
      .transaction()
      .execute((trx) => loyalty.reserve(trx, { tenantId, userId, orderId: 7401, points: 100, orderCents: 3000, now }));
    await earn(userId, 7401, 2500); // order 7401 paid $25 after points: +25
    expect(await ctx.db.transaction().execute((trx) => loyalty.reverse(trx, { tenantId, orderId: 7401, now }))).toEqual(
      {
        reversed: 25,
        released: 100,
      },
    );
    expect(await ctx.db.transaction().execute((trx) => loyalty.reverse(trx, { tenantId, orderId: 7401, now }))).toEqual(
      {
        reversed: 0,
        released: 0,
      },
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/loyalty', headers: bearer(token) });
    expect(res.json().data.balance).toBe(200);
    expect(res.json().data.history.map((e: { kind: string }) => e.kind)).toEqual([
      'release',
      'reverse',
      'earn',
      'redeem',
      'earn',
    ]);
  });

  it('points expire after 12 months without activity', async () => {
    const { token, userId } = await customer('points-expire@example.com');
    await earn(userId, 7500, 15_000);
    await ctx.db
      .updateTable('loyalty_accounts')
      .set({ last_activity_at: new Date(Date.now() - 367 * 86_400_000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/loyalty', headers: bearer(token) });
    expect(res.json().data).toMatchObject({
      balance: 0,
      history: [{ kind: 'expire', points: -150 }, { kind: 'earn' }],
    });
  });
});
