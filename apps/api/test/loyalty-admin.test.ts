import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, tenantId } from './support/auth.js';
import { pointsAccount } from './support/gift-cards.js';
import { call, newKey, userWithRole } from './support/orders.js';
import { addAustralianTenant } from './support/tenants.js';

let ctx: TestContext;
const staff: Record<'staff' | 'manager' | 'owner' | 'customer' | 'otherOwner', string> = {} as never;
const otherTenant = 9101;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const role of ['staff', 'manager', 'owner', 'customer'] as const) {
    staff[role] = (await userWithRole(ctx, role)).token;
  }
  // Another business on the same server, with no loyalty programme of its own.
  await addAustralianTenant(ctx.db, otherTenant);
  staff.otherOwner = (await userWithRole(ctx, 'owner', { tenant: otherTenant })).token;
});

afterAll(async () => {
  await ctx?.close();
});

let n = 0;
/** A customer of the demo business (or `tenant`) with its own email. */
async function newCustomer(options: { tenant?: number; email?: string } = {}) {
  const email = options.email ?? `points-${++n}-${Date.now()}@example.test`;
  const caller = await userWithRole(ctx, 'customer', { ...options, email });
  return { token: caller.token, userId: (caller.ids as { user_id: number }).user_id, email };
}

const find = (email: string, token = staff.staff) =>
  call(ctx, 'GET', `/v2/admin/loyalty?email=${encodeURIComponent(email)}`, token);

const adjust = (userId: number, payload: unknown, options: { token?: string; key?: string | null } = {}) =>
  call(
    ctx,
    'POST',
    `/v2/admin/loyalty/${userId}/adjust`,
    options.token ?? staff.manager,
    payload,
    options.key === null ? {} : { 'idempotency-key': options.key ?? newKey() },
  );

/** Gives a customer points the way a manager would; fails the test unless it is made. */
async function give(userId: number, points: number) {
  const res = await adjust(userId, { points, reason: 'Opening balance' });
  if (res.statusCode !== 201) throw new Error(`adjust: ${res.statusCode} ${res.body}`);
}

async function tenantLedgerCount() {
  const row = await ctx.db
    .selectFrom('loyalty_ledger')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const sumOf = (entries: { points: number }[]) => entries.reduce((s, e) => s + e.points, 0);

describe('who may look up and adjust points', () => {
  it('lookup: guests 401, customers 403, staff, managers and owners 200', async () => {
    const { email } = await newCustomer();
    expect((await find(email, '')).statusCode).toBe(401);
    expect((await find(email, staff.customer)).statusCode).toBe(403);
    for (const role of ['staff', 'manager', 'owner'] as const) {
      expect((await find(email, staff[role])).statusCode, role).toBe(200);
    }
  });

  it('adjust: guests 401, customers and staff 403 (even with a bad body), managers and owners 201; nothing else changes', async () => {
    const { userId } = await newCustomer();
    const before = await tenantLedgerCount();
    const body = { points: 25, reason: 'Cold pizza' };
    expect((await adjust(userId, body, { token: '' })).statusCode).toBe(401);
    expect((await adjust(userId, body, { token: staff.customer })).statusCode).toBe(403);
    const denied = await adjust(userId, body, { token: staff.staff });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      data: null,
      error: { code: 'forbidden', message: 'Your role does not allow this', request_id: expect.any(String) },
    });
    expect((await adjust(userId, { points: 0 }, { token: staff.staff })).statusCode).toBe(403);
    expect(await tenantLedgerCount()).toBe(before);
    expect((await adjust(userId, body, { token: staff.manager })).statusCode).toBe(201);
    expect((await adjust(userId, body, { token: staff.owner })).statusCode).toBe(201);
    expect((await pointsAccount(ctx.db, userId)).balance).toBe(50);
  });
});

describe('looking up a customer', () => {
  it('finds by exact email in any case: name, balance, value, expiry and the latest entries with who adjusted', async () => {
    const { userId, email } = await newCustomer();
    await give(userId, 150);
    const res = await find(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const [found, ...more] = res.json().data;
    expect(more).toEqual([]);
    expect(found).toMatchObject({
      user_id: userId,
      name: 'Test customer',
      email,
      balance: 150,
      value: 750,
      currency: 'AUD',
      history: [
        { kind: 'adjust', points: 150, balance_after: 150, note: 'Opening balance', adjusted_by: 'Test manager' },
      ],
    });
    // The demo's points last 12 months from the account's first points.
    const months = (Date.parse(found.expires_at) - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.5);
    expect(months).toBeLessThan(12.5);
    // A prefix or a near miss is not the same email.
    expect((await find(email.replace('@', 'x@'))).json().data).toEqual([]);
  });

  it('a customer without points yet shows 0, and looking does not open an account', async () => {
    const { userId, email } = await newCustomer();
    expect((await find(email)).json().data).toEqual([
      {
        user_id: userId,
        name: 'Test customer',
        email,
        balance: 0,
        value: 0,
        currency: 'AUD',
        expires_at: null,
        history: [],
      },
    ]);
    const account = await ctx.db.selectFrom('loyalty_accounts').select('id').where('user_id', '=', userId).execute();
    expect(account).toEqual([]);
  });

  it('an unknown email, a staff member and another business’s customer are an empty list; a malformed email is 400', async () => {
    expect((await find('nobody-here@example.test')).json()).toEqual({ data: [], error: null });
    const manager = await userWithRole(ctx, 'manager', { email: 'a-manager@example.test' });
    expect(manager.token).toBeTruthy();
    expect((await find('a-manager@example.test')).json().data).toEqual([]);

    // The same email at both businesses: each sees only its own customer.
    const shared = `shared-${Date.now()}@example.test`;
    const ours = await newCustomer({ email: shared });
    const theirs = await newCustomer({ email: shared, tenant: otherTenant });
    expect((await find(shared)).json().data.map((c: { user_id: number }) => c.user_id)).toEqual([ours.userId]);
    expect((await find(shared, staff.otherOwner)).json().data.map((c: { user_id: number }) => c.user_id)).toEqual([
      theirs.userId,
    ]);

    const bad = await find('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('email');
    const extra = await call(
      ctx,
      'GET',
      `/v2/admin/loyalty?email=${encodeURIComponent(shared)}&tenant_id=7`,
      staff.staff,
    );
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('tenant_id');
  });
});

describe('adjusting points', () => {
  it('adds and deducts with a reason: one entry each with the author, the balance always the ledger sum', async () => {
    const { userId } = await newCustomer();
    const added = await adjust(userId, { points: 120, reason: '  Birthday treat  ' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      entry: { kind: 'adjust', points: 120, balance_after: 120, note: 'Birthday treat', adjusted_by: 'Test manager' },
      customer: { user_id: userId, balance: 120, value: 600 },
    });
    const deducted = await adjust(userId, { points: -20, reason: 'Counted an order twice' }, { token: staff.owner });
    expect(deducted.json().data).toMatchObject({
      entry: { points: -20, balance_after: 100, note: 'Counted an order twice', adjusted_by: 'Test owner' },
      customer: { balance: 100 },
    });
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect(balance).toBe(100);
    expect(sumOf(entries)).toBe(100);
    expect(entries.map((e) => [e.kind, e.points, e.note, e.created_by_user_id !== null])).toEqual([
      ['adjust', 120, 'Birthday treat', true],
      ['adjust', -20, 'Counted an order twice', true],
    ]);
  });

  it('a deduction below zero is 409 with the balance in the message, and changes nothing', async () => {
    const { userId } = await newCustomer();
    await give(userId, 40);
    const res = await adjust(userId, { points: -50, reason: 'Mistake' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      data: null,
      error: {
        code: 'conflict',
        message: 'Cannot deduct 50 points: the balance is only 40 points.',
        fields: { points: 'Cannot deduct 50 points: the balance is only 40 points.' },
        request_id: expect.any(String),
      },
    });
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect(balance).toBe(40);
    expect(entries).toHaveLength(1);
    // …and a customer with no account cannot go below zero either: not even an empty account is left.
    const fresh = await newCustomer();
    expect((await adjust(fresh.userId, { points: -1, reason: 'Mistake' })).statusCode).toBe(409);
    const accounts = await ctx.db
      .selectFrom('loyalty_accounts')
      .select('id')
      .where('user_id', '=', fresh.userId)
      .execute();
    expect(accounts).toEqual([]);
  });

  it.each([
    ['zero points', { points: 0, reason: 'x' }, 'points'],
    ['fractional points', { points: 1.5, reason: 'x' }, 'points'],
    ['too many points', { points: 100_001, reason: 'x' }, 'points'],
    ['too many points off', { points: -100_001, reason: 'x' }, 'points'],
    ['points as text', { points: '10', reason: 'x' }, 'points'],
    ['no reason', { points: 10 }, 'reason'],
    ['a blank reason', { points: 10, reason: '   ' }, 'reason'],
    ['a reason over 300 characters', { points: 10, reason: 'x'.repeat(301) }, 'reason'],
    ['an extra field', { points: 10, reason: 'x', user_id: 1 }, 'user_id'],
  ])('%s is 400 on the field and changes nothing', async (_name, payload, field) => {
    const { userId } = await newCustomer();
    await give(userId, 100);
    const res = await adjust(userId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, error: { code: 'bad_request' } });
    expect(res.json().error.fields).toHaveProperty([field]);
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect([balance, entries.length]).toEqual([100, 1]);
  });

  it('malformed JSON, a missing or malformed Idempotency-Key and a bad user id are 400 and change nothing', async () => {
    const { userId } = await newCustomer();
    await give(userId, 100);
    const before = await tenantLedgerCount();
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/admin/loyalty/${userId}/adjust`,
      headers: { ...bearer(staff.manager), 'content-type': 'application/json', 'idempotency-key': newKey() },
      payload: '{"points": 10, "reason":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('bad_request');
    for (const key of [null, 'short', 'has spaces in it']) {
      const res = await adjust(userId, { points: 10, reason: 'x' }, { key });
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(['Idempotency-Key']);
    }
    const badId = await call(ctx, 'POST', '/v2/admin/loyalty/abc/adjust', staff.manager, { points: 10, reason: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('userId');
    expect(await tenantLedgerCount()).toBe(before);
    expect((await pointsAccount(ctx.db, userId)).balance).toBe(100);
  });

  it('another business’s customer, a staff member and an unknown user are 404 and get nothing', async () => {
    const before = await tenantLedgerCount();
    const theirs = await newCustomer({ tenant: otherTenant });
    const manager = await userWithRole(ctx, 'manager');
    const managerId = (manager.ids as { user_id: number }).user_id;
    for (const userId of [theirs.userId, managerId, 2_000_000_000]) {
      const res = await adjust(userId, { points: 10, reason: 'x' });
      expect(res.statusCode, String(userId)).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // …and the other business's owner cannot adjust ours.
    const ours = await newCustomer();
    expect((await adjust(ours.userId, { points: 10, reason: 'x' }, { token: staff.otherOwner })).statusCode).toBe(404);
    expect(await tenantLedgerCount()).toBe(before);
  });

  it('with loyalty points turned off, adjusting is 422', async () => {
    const theirs = await newCustomer({ tenant: otherTenant });
    const res = await adjust(theirs.userId, { points: 10, reason: 'x' }, { token: staff.otherOwner });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('Loyalty points are turned off for this business.');
  });
});

describe('retries and races', () => {
  it('a retried click with the same key adjusts once and answers the same entry; the key for another change is 409', async () => {
    const { userId } = await newCustomer();
    const key = newKey();
    const body = { points: 30, reason: 'Late delivery' };
    const first = await adjust(userId, body, { key });
    const again = await adjust(userId, body, { key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.entry).toEqual(first.json().data.entry);
    expect(again.json().data.customer.balance).toBe(30);
    const other = await adjust(userId, { ...body, points: 31 }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.fields).toHaveProperty(['Idempotency-Key']);
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect([balance, entries.length]).toEqual([30, 1]);
  });

  it('ten copies of one request sent at once adjust once', async () => {
    const { userId } = await newCustomer();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => adjust(userId, { points: 15, reason: 'Double-clicked' }, { key })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(9);
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect([balance, entries.length]).toEqual([15, 1]);
  });

  it('50 parallel deductions of 10 from 100 points: exactly 10 succeed, never below 0, the balance is the ledger sum', async () => {
    const { userId } = await newCustomer();
    await give(userId, 100);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => adjust(userId, { points: -10, reason: `Correction ${i}` })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect(balance).toBe(0);
    expect(sumOf(entries)).toBe(0);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    expect(entries.filter((e) => e.kind === 'adjust' && e.points === -10)).toHaveLength(10);
  });
});

describe('what the customer sees', () => {
  it('their /loyalty history shows the adjustment with its reason, never who made it', async () => {
    const { userId, token } = await newCustomer();
    await adjust(userId, { points: 75, reason: 'Sorry about the wait' });
    const res = await call(ctx, 'GET', `/v2/loyalty?tenant_id=${tenantId}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      balance: 75,
      history: [{ kind: 'adjust', points: 75, balance_after: 75, note: 'Sorry about the wait', order_id: null }],
    });
    expect(res.json().data.history[0]).not.toHaveProperty('adjusted_by');
    expect(res.body).not.toContain('Test manager');
  });
});

describe('expiry (decision 021: an adjustment is not the customer’s activity)', () => {
  const monthsAgo = (months: number) => new Date(Date.now() - months * 30.5 * 86_400_000).toISOString();
  const setLastActivity = (userId: number, at: string) =>
    ctx.db.updateTable('loyalty_accounts').set({ last_activity_at: at }).where('user_id', '=', userId).execute();
  const lastActivity = async (userId: number) =>
    (
      await ctx.db
        .selectFrom('loyalty_accounts')
        .select('last_activity_at')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).last_activity_at;

  it('adding to points already held keeps their expiry date; a deduction too', async () => {
    const { userId } = await newCustomer();
    await give(userId, 100);
    const at = monthsAgo(6);
    await setLastActivity(userId, at);
    await give(userId, 50);
    await adjust(userId, { points: -10, reason: 'Fix' });
    expect(new Date(await lastActivity(userId)).toISOString()).toBe(at);
  });

  it('on a long-idle account, held points expire first; the goodwill then starts a new 12 months', async () => {
    const { userId, email } = await newCustomer();
    await give(userId, 100);
    await setLastActivity(userId, monthsAgo(13));
    const res = await adjust(userId, { points: 40, reason: 'Welcome back' });
    expect(res.json().data.customer).toMatchObject({
      balance: 40,
      history: [{ kind: 'adjust', points: 40 }, { kind: 'expire', points: -100 }, { kind: 'adjust' }],
    });
    // The next read does not expire the goodwill.
    const found = (await find(email)).json().data[0];
    expect(found.balance).toBe(40);
    expect(Date.parse(found.expires_at)).toBeGreaterThan(Date.now() + 11 * 30 * 86_400_000);
    const { balance, entries } = await pointsAccount(ctx.db, userId);
    expect(balance).toBe(sumOf(entries));
  });

  it('a staff lookup expires what is due, as the customer’s own read does', async () => {
    const { userId, email } = await newCustomer();
    await give(userId, 60);
    await setLastActivity(userId, monthsAgo(13));
    expect((await find(email)).json().data[0]).toMatchObject({
      balance: 0,
      expires_at: null,
      history: [{ kind: 'expire', points: -60 }, { kind: 'adjust' }],
    });
  });
});

describe('contract', () => {
  it('the staff points calls are in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths).toHaveProperty(['/api/v2/admin/loyalty']);
    expect(doc.paths).toHaveProperty(['/api/v2/admin/loyalty/{userId}/adjust']);
  });
});
