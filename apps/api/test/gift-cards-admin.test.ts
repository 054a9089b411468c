import {
  type AdminGiftCard,
  type AdminGiftCardSummary,
  adminGiftCardPageSize,
  errorEnvelopeSchema,
  type PlacedOrder,
  sandboxTestCards,
  startOfLastDays,
} from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import {
  buyGiftCard,
  expireGiftCard,
  issueGiftCard,
  otherBusinessCard,
  otherTenantId,
  soldGiftCard,
} from './support/gift-cards.js';
import { type Caller, call, confirmSandbox, guestOrder, type Shop, startShop, userWithRole } from './support/orders.js';

let shop: Shop;
let ctx: TestContext;
let staff: Caller;
let manager: Caller;

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  staff = await userWithRole(ctx, 'staff');
  manager = await userWithRole(ctx, 'manager');
});
afterAll(async () => ctx?.close());

const list = (token: string | null, query = '') => call(ctx, 'GET', `/v2/admin/gift-cards${query}`, token);

async function summary(token = staff.token): Promise<AdminGiftCardSummary> {
  const res = await call(ctx, 'GET', '/v2/admin/gift-cards/summary', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Every card of the caller's list, page after page, as staff would load them. */
async function allPages(token: string) {
  const pages: AdminGiftCard[][] = [];
  let before = '';
  // Bounded: a broken cursor must fail the test, not loop until the timeout.
  for (let i = 0; i < 10; i++) {
    const res = await list(token, before);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as AdminGiftCard[];
    pages.push(page);
    if (page.length < adminGiftCardPageSize) return pages;
    before = `?before=${page.at(-1)?.id}`;
  }
  throw new Error('the list did not end after 10 pages');
}

/** Σ of the ledger of the business's usable cards (active, not expired), straight from the tables. */
async function ledgerOfUsableCards(tenant = tenantId) {
  const now = new Date().toISOString();
  const row = await ctx.db
    .selectFrom('gift_card_ledger as l')
    .innerJoin('gift_cards as c', 'c.id', 'l.gift_card_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount'), eb.lit(0)).as('sum'))
    .where('c.tenant_id', '=', tenant)
    .where('c.status', '=', 'active')
    .where((eb) => eb.or([eb('c.expires_at', 'is', null), eb('c.expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

const soldCard = (amount: number) => soldGiftCard(ctx, amount);

const move = async (id: number, status: string) => {
  const res = await call(ctx, 'PATCH', `/v2/admin/orders/${id}/status`, staff.token, { status });
  expect(res.statusCode, res.body).toBe(200);
};

describe('who may read the gift card list and summary', () => {
  it('no token 401, a customer 403, staff 200, each in the contract’s shape', async () => {
    const customer = await userWithRole(ctx, 'customer');
    for (const url of ['/v2/admin/gift-cards', '/v2/admin/gift-cards/summary']) {
      const guest = await call(ctx, 'GET', url, null);
      expect(guest.statusCode).toBe(401);
      expect(errorEnvelopeSchema.parse(guest.json()).error.code).toBe('unauthorized');
      const forbidden = await call(ctx, 'GET', url, customer.token);
      expect(forbidden.statusCode).toBe(403);
      expect(errorEnvelopeSchema.parse(forbidden.json()).error.code).toBe('forbidden');
      expect((await call(ctx, 'GET', url, staff.token)).statusCode).toBe(200);
    }
  });

  it('the summary is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths).toHaveProperty(['/api/v2/admin/gift-cards/summary']);
    expect(JSON.stringify(doc.paths['/api/v2/admin/gift-cards'].get.parameters)).toContain('before');
  });
});

describe('the list of recent gift cards', () => {
  it('newest first, 50 a page; ?before= the last id gives the next page, with no card twice or left out', async () => {
    const issued: number[] = [];
    for (let i = 0; i < adminGiftCardPageSize + 5; i++) {
      issued.push((await issueGiftCard(ctx, manager.token, 1000 + i)).gift_card.id);
    }
    const pages = await allPages(staff.token);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages[0]).toHaveLength(adminGiftCardPageSize);
    expect(pages[0]?.[0]?.id).toBe(issued.at(-1));
    const ids = pages.flat().map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const everyCard = await ctx.db.selectFrom('gift_cards').select('id').where('tenant_id', '=', tenantId).execute();
    expect(ids.length).toBe(everyCard.length);
    for (const id of issued) expect(ids).toContain(id);

    const oldest = ids.at(-1) as number;
    expect((await list(staff.token, `?before=${oldest}`)).json().data).toEqual([]);
    // A search pages the same way.
    const two = (await list(staff.token, `?before=${issued[2]}`)).json().data as AdminGiftCard[];
    expect(two.map((c) => c.id).slice(0, 2)).toEqual([issued[1], issued[0]]);
  });

  it('bad `before` values and unknown parameters are 400 in the contract’s shape and list nothing', async () => {
    for (const query of [
      '?before=0',
      '?before=-3',
      '?before=1.5',
      '?before=1e3',
      '?before=abc',
      '?before=',
      '?before=%2012',
      '?before=0x10',
      '?before=99999999999',
      '?before=3000000000',
      '?before=1&before=2',
      '?page=2',
    ]) {
      const res = await list(staff.token, query);
      expect(res.statusCode, query).toBe(400);
      const { error } = errorEnvelopeSchema.parse(res.json());
      expect(error.code, query).toBe('bad_request');
      if (query.startsWith('?before')) expect(Object.keys(error.fields ?? {}), query).toEqual(['before']);
    }
    expect((await call(ctx, 'GET', '/v2/admin/gift-cards/summary?days=7', staff.token)).statusCode).toBe(400);
  });

  it('another business’s cards are never in the list or the summary, and its own staff see only theirs', async () => {
    const other = await otherBusinessCard(ctx.db);
    const ids = (await allPages(staff.token)).flat().map((c) => c.id);
    expect(ids).not.toContain(other.id);
    expect((await list(staff.token, `?last4=${other.code.slice(-4)}`)).json().data).toEqual([]);
    expect((await summary()).outstanding_balance).toBe(await ledgerOfUsableCards());

    const otherOwner = await userWithRole(ctx, 'owner', { tenant: otherTenantId });
    const theirs = (await list(otherOwner.token)).json().data as AdminGiftCard[];
    expect(theirs.map((c) => c.id)).toEqual([other.id]);
    expect(await summary(otherOwner.token)).toMatchObject({
      outstanding_balance: 9000,
      active_cards: 1,
      expired_balance: 0,
      redeemed: { count: 0, amount: 0 },
      refunded: { count: 0, amount: 0 },
    });
  });
});

describe('the summary', () => {
  it('counts the last 30 days from the business’s local midnight, in its currency', async () => {
    const s = await summary();
    expect(s.currency).toBe('AUD');
    expect(s.days).toBe(30);
    expect(s.since).toBe(startOfLastDays(new Date(), 30, 'Australia/Sydney'));
  });

  it('after purchases, orders paid by gift card, a cancellation, order and card refunds, a void and an expiry: the liability is the ledger sum of the usable cards', async () => {
    const before = await summary();
    expect(before.outstanding_balance).toBe(await ledgerOfUsableCards());

    // Sold: two paid purchases; a third never paid counts nowhere.
    const a = await soldCard(20_000);
    const b = await soldCard(8_000);
    await buyGiftCard(ctx, 4_000);
    // Staff-issued: a $5 card (spent on an order that is then cancelled) and a $30 one that expires.
    const c = await issueGiftCard(ctx, manager.token, 500);
    const expiring = await issueGiftCard(ctx, manager.token, 3_000);

    // Order 1 is paid wholly by card A and kept.
    const kept = (await guestOrder(shop, { gift_card_code: a.code })).placed.order;
    expect(kept.status).toBe('placed');
    // Order 2 is paid by card A too, completed, then refunded: the money goes back onto A.
    const refunded = (await guestOrder(shop, { gift_card_code: a.code }, { quantity: 3 })).placed.order;
    for (const status of ['accepted', 'ready', 'completed', 'refunded']) await move(refunded.id, status);
    // Order 3 is paid by card B, which a manager then voids: what is left leaves with a void entry.
    const onB = (await guestOrder(shop, { gift_card_code: b.code }, { quantity: 1 })).placed.order;
    const voided = await call(ctx, 'POST', `/v2/admin/gift-cards/${b.id}/void`, manager.token, {
      reason: 'Reported stolen',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    // Card D is bought, partly spent, and what is left refunded to its buyer: it leaves the liability.
    const d = await soldCard(6_000);
    const onD = (await guestOrder(shop, { gift_card_code: d.code }, { quantity: 1 })).placed.order;
    const refundD = await call(ctx, 'POST', `/v2/admin/gift-cards/${d.id}/refund`, manager.token, {
      reason: 'Asked by the buyer',
    });
    expect(refundD.statusCode, refundD.body).toBe(200);
    // Card E's refund is refused by the provider: it stays owed, and nothing counts as refunded.
    const e = await soldCard(2_500);
    await ctx.db.updateTable('sandbox_payments').set({ refunded_cents: 2_500 }).where('id', '=', e.paymentId).execute();
    const refundE = await call(ctx, 'POST', `/v2/admin/gift-cards/${e.id}/refund`, manager.token, { reason: 'Test' });
    expect(refundE.statusCode).toBe(503);
    // Order 4 takes card C's $5, the card payment is declined, the guest cancels: the $5 is released.
    const { guest, placed } = await guestOrder(shop, { gift_card_code: c.code });
    expect(placed.order.totals.gift_card).toBe(500);
    await confirmSandbox(ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.declined);
    const cancelled = await call(ctx, 'POST', `/v2/orders/${placed.order.id}/cancel`, guest.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expireGiftCard(ctx.db, expiring.gift_card.id);

    const kinds = await ctx.db
      .selectFrom('gift_card_ledger')
      .select('kind')
      .distinct()
      .where('gift_card_id', 'in', [a.id, b.id, c.gift_card.id, d.id, e.id])
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['issue', 'redeem', 'refund', 'release', 'void']);

    const after = await summary();
    const paidBy = (order: PlacedOrder['order']) => order.totals.gift_card;
    expect(paidBy(kept)).toBe(kept.totals.total);
    // A keeps what order 1 did not spend (order 2 came back); B is void; C has its $5 again; D was
    // refunded; E's refund did not go through.
    expect(after.outstanding_balance - before.outstanding_balance).toBe(20_000 - paidBy(kept) + 500 + 2_500);
    expect(after.outstanding_balance).toBe(await ledgerOfUsableCards());
    expect(after.active_cards - before.active_cards).toBe(3);
    expect(after.expired_balance - before.expired_balance).toBe(3_000);
    // A refunded purchase stays sold (its money came in); what went back is shown apart.
    expect(after.sold.count - before.sold.count).toBe(4);
    expect(after.sold.amount - before.sold.amount).toBe(36_500);
    expect(after.refunded.count - before.refunded.count).toBe(1);
    expect(after.refunded.amount - before.refunded.amount).toBe(6_000 - paidBy(onD));
    expect(after.issued.count - before.issued.count).toBe(2);
    expect(after.issued.amount - before.issued.amount).toBe(3_500);
    expect(after.redeemed.count - before.redeemed.count).toBe(3);
    expect(after.redeemed.amount - before.redeemed.amount).toBe(paidBy(kept) + paidBy(onB) + paidBy(onD));

    // A sale and a redemption from before the window drop out of it; the liability stays.
    const old = new Date(Date.parse(after.since) - 86_400_000).toISOString();
    await ctx.db
      .updateTable('gift_card_ledger')
      .set({ created_at: old })
      .where('gift_card_id', '=', b.id)
      .where('kind', 'in', ['issue', 'redeem'])
      .execute();
    const later = await summary();
    expect(later.sold).toEqual({ count: after.sold.count - 1, amount: after.sold.amount - 8_000 });
    expect(later.redeemed).toEqual({
      count: after.redeemed.count - 1,
      amount: after.redeemed.amount - paidBy(onB),
    });
    expect(later.outstanding_balance).toBe(after.outstanding_balance);
  });
});
