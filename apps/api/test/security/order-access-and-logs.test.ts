import { orderAccessHeader, sandboxTestCards } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMail, signUp, tenantId } from '../support/auth.js';
import { call, confirmSandbox, guestOrder, type Shop, startShop } from '../support/orders.js';

/**
 * Decision 026: an order's link token is exchanged once for a header-borne credential; no log line
 * at info or debug holds a token, a code or a password.
 */
describe('order access tokens stay out of URLs and logs', () => {
  let shop: Shop;
  const lines: string[] = [];
  beforeAll(async () => {
    shop = await startShop({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line) => void lines.push(line) } });
  }, 180_000);
  afterAll(async () => shop?.ctx.close());

  /** The confirmation link a guest's order mail carries: its order id and token. */
  async function mailedLink(email: string) {
    const { body_text } = await lastMail(shop.ctx.db, email);
    const link = /\/order-confirmation\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(body_text);
    if (!link) throw new Error(`no confirmation link in: ${body_text}`);
    return { id: Number(link[1]), token: link[2] as string, url: link[0] };
  }

  it('exchanges the mailed token once for a credential that opens the order in a header, never in a URL', async () => {
    const email = `link-${Date.now()}@example.test`;
    const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' }, { email });
    const link = await mailedLink(email);
    expect(link.id).toBe(placed.order.id);

    const inUrl = await call(shop.ctx, 'GET', `/v2/orders/${link.id}?token=${link.token}`, null);
    expect(inUrl.statusCode).toBe(400);
    expect(inUrl.body).not.toContain('Grace Guest');

    const exchanged = await call(shop.ctx, 'POST', `/v2/orders/${link.id}/access`, null, { token: link.token });
    expect(exchanged.statusCode).toBe(200);
    const { access, expires_at } = exchanged.json().data;
    expect(access).not.toContain(link.token);
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now());

    const read = await call(shop.ctx, 'GET', `/v2/orders/${link.id}`, null, undefined, { [orderAccessHeader]: access });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.id).toBe(link.id);
    // The link's token itself opens nothing in the header; a wrong token is no order at all.
    const raw = await call(shop.ctx, 'GET', `/v2/orders/${link.id}`, null, undefined, {
      [orderAccessHeader]: link.token,
    });
    expect(raw.statusCode).toBe(404);
    const wrong = await call(shop.ctx, 'POST', `/v2/orders/${link.id}/access`, null, { token: `${link.token}x` });
    expect(wrong.statusCode).toBe(404);
    // Another order's credential does not open this one.
    const other = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    const foreign = { [orderAccessHeader]: other.placed.access_token };
    expect((await call(shop.ctx, 'GET', `/v2/orders/${link.id}`, null, undefined, foreign)).statusCode).toBe(404);
  });

  it('sends Referrer-Policy on the pages an order link opens, so the address never leaves the site', async () => {
    const res = await shop.ctx.app.inject({ method: 'GET', url: '/order-confirmation/5?token=abc' });
    expect(['same-origin', 'no-referrer', 'strict-origin']).toContain(res.headers['referrer-policy']);
  });

  it('writes no token, code or password at info or debug after a full order, a sign-up and a reset', async () => {
    lines.length = 0;
    const secrets: string[] = [];
    // A guest's card order, its mailed link opened (by an old client too) and followed.
    const email = `logs-${Date.now()}@example.test`;
    const { guest, placed } = await guestOrder(shop, {}, { email });
    secrets.push(placed.access_token, guest.token);
    const paid = await confirmSandbox(shop.ctx, guest, placed.payment?.payment_id as string, sandboxTestCards.success);
    expect(paid.statusCode).toBe(200);
    const link = await mailedLink(email);
    secrets.push(link.token);
    await shop.ctx.app.inject({ method: 'GET', url: link.url });
    await call(shop.ctx, 'GET', `/v2/orders/${link.id}?token=${link.token}`, null);
    await call(shop.ctx, 'GET', `/v2/orders/${link.id}/events?token=${link.token}`, null);
    const { access } = (
      await call(shop.ctx, 'POST', `/v2/orders/${link.id}/access`, null, { token: link.token })
    ).json().data;
    secrets.push(access);
    await call(shop.ctx, 'GET', `/v2/orders/${link.id}`, null, undefined, { [orderAccessHeader]: access });
    await call(shop.ctx, 'GET', `/v2/orders/${link.id}/payment`, null, undefined, { [orderAccessHeader]: access });
    // A sign-up with its mailed code, and a reset by code and by link.
    const user = `signup-${Date.now()}@example.test`;
    const password = 'Sup3r-secret-passw0rd';
    const session = await signUp(shop.ctx.app, shop.ctx.db, user, { password });
    secrets.push(password, session.token);
    const signupCode = /\b(\d{6})\b/.exec((await lastMail(shop.ctx.db, user)).subject)?.[1] as string;
    secrets.push(signupCode);
    await call(shop.ctx, 'POST', '/v2/auth/forgot-password', null, { tenant_id: tenantId, email: user });
    const reset = await lastMail(shop.ctx.db, user);
    const resetCode = /\b(\d{6})\b/.exec(reset.subject)?.[1] as string;
    const resetToken = new URLSearchParams(
      new URL(/https?:\/\/\S+/.exec(reset.body_text)?.[0] ?? '').hash.slice(1),
    ).get('token') as string;
    secrets.push(resetCode, resetToken);
    const newPassword = 'An0ther-secret-passw0rd';
    const byCode = await call(shop.ctx, 'POST', '/v2/auth/reset-password', null, {
      tenant_id: tenantId,
      email: user,
      code: resetCode,
      password: newPassword,
    });
    expect(byCode.statusCode).toBe(200);
    secrets.push(newPassword);
    // A client that puts secrets in a query string anyway.
    await call(
      shop.ctx,
      'GET',
      `/v2/auth/me?code=${resetCode}&password=${newPassword}&reset_token=${resetToken}`,
      null,
    );

    expect(lines.length).toBeGreaterThan(10);
    const logged = lines.filter((line) => [20, 30].includes(JSON.parse(line).level));
    expect(logged.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      const leaks = logged.filter((line) => line.includes(secret));
      expect(leaks, `a log line holds ${secret}`).toEqual([]);
    }
    expect(logged.some((line) => line.includes('token=[redacted]'))).toBe(true);
  });
});
