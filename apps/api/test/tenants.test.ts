import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/crypto.js';
import { tenantCommand } from '../src/modules/tenants/command.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signIn, signInAs, tenantId } from './support/auth.js';
import { type SmtpCapture, startSmtpCapture } from './support/smtp.js';
import { addAustralianTenant, addPonsonby } from './support/tenants.js';

/** The token of the invitation link in a mail (`…/accept-invite#token=…`). */
function tokenIn(text: string) {
  const match = /\/accept-invite#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return { token: match[1], link: match[0] };
}

describe('businesses and the people who run them', () => {
  let smtp: SmtpCapture;
  let ctx: TestContext;
  const run = (...args: string[]) => tenantCommand(ctx.config, ctx.db, args);
  const create = (overrides: Record<string, string> = {}) => {
    const values = {
      name: 'Harbour Sushi',
      host: 'harbour.example',
      currency: 'AUD',
      locale: 'en-AU',
      timezone: 'Australia/Sydney',
      'owner-email': 'kenji@harbour.example',
      ...overrides,
    };
    return run('create', ...Object.entries(values).flatMap(([k, v]) => [`--${k}`, v]));
  };
  const accept = (tenant: number, token: string, name = 'Kenji Sato', password = 'harbour-owner-1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/accept-invitation',
      payload: { tenant_id: tenant, token, name, password },
    });

  /** The accounts of `tenant` with this email: none, or one. */
  const accountsOf = (tenant: number, email: string) =>
    ctx.db.selectFrom('users').select('id').where('tenant_id', '=', tenant).where('email', '=', email).execute();

  /** A customer account of `tenant`, signed in (mail goes over SMTP here, so no sign-up codes). */
  async function addCustomer(tenant: number, email: string) {
    const { id } = await ctx.db
      .insertInto('users')
      .values({ tenant_id: tenant, email, name: 'Cass Customer', password_hash: await hashPassword('customer-pass-1') })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, token: await signIn(ctx.app, email, 'customer-pass-1', tenant) };
  }

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ctx = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://shop.example:8443' } });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  let harbour: number;
  let ownerToken: string;

  it('creates a business with its host and default settings, and mails the owner a one-time link', async () => {
    const out = await create();
    harbour = Number(/Created tenant (\d+)/.exec(out)?.[1]);
    expect(harbour).toBeGreaterThan(139);
    const tenant = await ctx.db.selectFrom('tenants').selectAll().where('id', '=', harbour).executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({
      name: 'Harbour Sushi',
      host: 'harbour.example',
      currency: 'AUD',
      disabled_at: null,
    });
    const settings = await ctx.db.selectFrom('app_settings').selectAll().where('tenant_id', '=', harbour).execute();
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({ restaurant_id: null, web_config: '{}', is_online_order_enabled: 1 });

    const mail = await smtp.waitFor('kenji@harbour.example');
    expect(mail.subject).toContain('Harbour Sushi');
    const { token, link } = tokenIn(mail.text);
    expect(mail.text).toContain(`https://harbour.example:8443${link}`);
    const stored = await ctx.db.selectFrom('invitations').selectAll().where('tenant_id', '=', harbour).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.role).toBe('owner');

    const res = await accept(harbour, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ email: 'kenji@harbour.example', role: 'owner', tenant_id: harbour });
    ownerToken = res.json().data.token;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/me', headers: bearer(ownerToken) });
    expect(me.json().data.user.role).toBe('owner');

    // Once only: the same link again is refused and changes nothing.
    const again = await accept(harbour, token, 'Someone Else', 'another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields.token).toBeDefined();
    const user = await ctx.db
      .selectFrom('users')
      .select('name')
      .where('tenant_id', '=', harbour)
      .where('email', '=', 'kenji@harbour.example')
      .executeTakeFirstOrThrow();
    expect(user.name).toBe('Kenji Sato');
    // The token works only with its own tenant.
    expect((await accept(tenantId, token)).statusCode).toBe(400);
  });

  it('refuses bad input with clear messages and stores nothing', async () => {
    const before = await ctx.db.selectFrom('tenants').select('id').execute();
    await expect(create({ host: 'harbour.example', name: 'Copycat' })).rejects.toThrow(/harbour\.example is taken/);
    await expect(create({ currency: 'XYZ', host: 'a.example' })).rejects.toThrow(/--currency: .*ISO 4217/);
    await expect(create({ locale: 'english', host: 'b.example' })).rejects.toThrow(/--locale: .*en-AU/);
    await expect(create({ timezone: 'Mars/Olympus', host: 'c.example' })).rejects.toThrow(/--timezone: .*IANA/);
    await expect(create({ host: 'https://d.example/x' })).rejects.toThrow(/--host/);
    await expect(create({ 'owner-email': 'nobody' })).rejects.toThrow(/--owner-email/);
    await expect(run('create', '--name')).rejects.toThrow(/--name needs a value/);
    expect(await ctx.db.selectFrom('tenants').select('id').execute()).toEqual(before);
  });

  it('lists, moves the host, disables and enables; a disabled business answers 503, not an error', async () => {
    expect(await run('list')).toMatch(new RegExp(`${harbour}\\tHarbour Sushi\\tharbour.example`));
    await expect(run('set-host', String(harbour), 'bella.example')).resolves.toContain('bella.example');
    await addAustralianTenant(ctx.db, 50, { host: 'other.example' });
    await expect(run('set-host', String(harbour), 'other.example')).rejects.toThrow(/taken by tenant 50/);
    await expect(run('disable', '99999')).rejects.toThrow(/no tenant 99999/);

    await run('disable', String(harbour));
    await new Promise((r) => setTimeout(r, 5_100)); // each process trusts what it read for 5 s
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/me', headers: bearer(ownerToken) });
    expect(page.statusCode).toBe(503);
    expect(page.json().error.message).toMatch(/not taking orders online/);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { tenant_id: harbour, email: 'kenji@harbour.example', password: 'harbour-owner-1' },
    });
    expect(login.statusCode).toBe(503);
    // Other businesses carry on.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v2/settings?tenant_id=${tenantId}` })).statusCode,
    ).not.toBe(503);
    await run('enable', String(harbour));
    await new Promise((r) => setTimeout(r, 5_100));
    const back = await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/me', headers: bearer(ownerToken) });
    expect(back.statusCode).toBe(200);
    await run('set-host', String(harbour), 'harbour.example');
  }, 20_000);

  it('shows the owner what is missing before the storefront can take orders', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/going-live', headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ready: false,
      items: [
        { key: 'restaurant', done: false },
        { key: 'hours', done: false },
        { key: 'menu', done: false },
        { key: 'payments', done: false },
      ],
    });
    // The demo business has restaurants, hours, a menu and its chosen (sandbox) provider.
    const demo = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/admin/going-live',
      headers: bearer(await signInAs(ctx.app, 'staff')),
    });
    expect(demo.json().data.items.map((i: { done: boolean }) => i.done)).toEqual([true, true, true, true]);
    expect(demo.json().data.ready).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/going-live' })).statusCode).toBe(401);
  });

  it('lets an owner invite staff to chosen restaurants; the link expires and works once', async () => {
    const restaurant = await addPonsonby(ctx.db, { tenant_id: harbour, name: 'Harbour Circular Quay', slug: 'quay' });
    const invite = (body: object, token = ownerToken) =>
      ctx.app.inject({ method: 'POST', url: '/api/v2/admin/invitations', headers: bearer(token), payload: body });

    const made = await invite({ email: 'Yuki@Harbour.example', role: 'staff', restaurant_ids: [restaurant] });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      email: 'yuki@harbour.example',
      role: 'staff',
      restaurant_ids: [restaurant],
    });
    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/admin/invitations',
      headers: bearer(ownerToken),
    });
    expect(pending.json().data.map((i: { email: string }) => i.email)).toContain('yuki@harbour.example');

    // Another business's restaurant, no restaurant, customers and staff: refused.
    expect((await invite({ email: 'x@harbour.example', role: 'staff', restaurant_ids: [1] })).statusCode).toBe(403);
    const none = await invite({ email: 'x@harbour.example', role: 'manager', restaurant_ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.restaurant_ids).toBeDefined();
    expect(
      (await invite({ email: 'x@x.example', role: 'staff', restaurant_ids: [1] }, await signInAs(ctx.app, 'staff')))
        .statusCode,
    ).toBe(403);
    const customer = await addCustomer(harbour, 'cust-invite@harbour.example');
    expect(
      (await invite({ email: 'x@x.example', role: 'staff', restaurant_ids: [1] }, customer.token)).statusCode,
    ).toBe(403);

    const { token } = tokenIn((await smtp.waitFor('yuki@harbour.example')).text);
    const res = await accept(harbour, token, 'Yuki Tanaka', 'yuki-password-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('staff');
    const yuki = res.json().data.user.id as number;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/me', headers: bearer(res.json().data.token) });
    expect(me.json().data.restaurants.map((r: { id: number }) => r.id)).toEqual([restaurant]);
    expect((await accept(harbour, token, 'Yuki Again', 'yuki-password-2')).statusCode).toBe(400);

    // An expired link is refused and creates no account.
    await invite({ email: 'late@harbour.example', role: 'staff', restaurant_ids: [restaurant] });
    const late = tokenIn((await smtp.waitFor('late@harbour.example')).text).token;
    await ctx.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('tenant_id', '=', harbour)
      .where('email', '=', 'late@harbour.example')
      .execute();
    expect((await accept(harbour, late)).statusCode).toBe(400);
    expect(await accountsOf(harbour, 'late@harbour.example')).toEqual([]);

    // Roles: the owner promotes and removes; never across businesses, never by staff or customers.
    const setRole = (id: number, role: string, token = ownerToken) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v2/admin/staff/${id}/role`,
        headers: bearer(token),
        payload: { role },
      });
    const promoted = await setRole(yuki, 'manager');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ role: 'manager', restaurant_ids: [restaurant] });
    const demoStaff = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('email', '=', 'staff@bellanonna.example')
      .executeTakeFirstOrThrow();
    expect((await setRole(demoStaff.id, 'manager')).statusCode).toBe(404);
    expect((await setRole(yuki, 'customer')).statusCode).toBe(400);
    expect((await setRole(yuki, 'owner', await signInAs(ctx.app, 'staff'))).statusCode).toBe(403);
    expect((await setRole(yuki, 'owner', customer.token)).statusCode).toBe(403);
    expect((await setRole(customer.id, 'staff')).statusCode).toBe(404);
    const staffOfDemo = await ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', demoStaff.id)
      .executeTakeFirstOrThrow();
    expect(staffOfDemo.role).toBe('staff');

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/admin/staff/${yuki}`,
      headers: bearer(ownerToken),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ role: 'customer', restaurant_ids: [] });
    const yukiLogin = await signIn(ctx.app, 'yuki@harbour.example', 'yuki-password-1', harbour);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v2/admin/me', headers: bearer(yukiLogin) })).statusCode,
    ).toBe(403);
  });

  it('lets the owner resend a pending invitation (a new link, the old one dead) or withdraw it', async () => {
    const call = (method: 'POST' | 'DELETE', url: string, token = ownerToken) =>
      ctx.app.inject({ method, url: `/api/v2/admin/invitations${url}`, headers: bearer(token) });
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/admin/invitations',
      headers: bearer(ownerToken),
      payload: { email: 'ren@harbour.example', role: 'owner' },
    });
    const id = made.json().data.id as number;
    const first = tokenIn((await smtp.waitFor('ren@harbour.example')).text).token;
    const mailsToRen = () => smtp.messages.filter((m) => m.to.includes('ren@harbour.example'));

    // Another business's owner, staff and customers cannot touch it; nothing changes or is mailed.
    const demoOwner = await signInAs(ctx.app, 'owner');
    const staff = await signInAs(ctx.app, 'staff');
    const customer = await addCustomer(harbour, 'cust-resend@harbour.example');
    for (const token of [demoOwner, staff, customer.token]) {
      expect([403, 404]).toContain((await call('POST', `/${id}/resend`, token)).statusCode);
      expect([403, 404]).toContain((await call('DELETE', `/${id}`, token)).statusCode);
    }
    expect((await call('POST', `/${id}/resend`, demoOwner)).statusCode).toBe(404);
    expect(mailsToRen()).toHaveLength(1);
    expect((await call('POST', '/nope/resend')).statusCode).toBe(400);

    const resent = await call('POST', `/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data).toMatchObject({ id, email: 'ren@harbour.example', role: 'owner' });
    const mails = mailsToRen();
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[1]?.text ?? '').token;
    expect(second).not.toBe(first);
    expect((await accept(harbour, first, 'Ren Old', 'ren-password-1')).statusCode).toBe(400);

    const withdrawn = await call('DELETE', `/${id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toEqual({ id });
    expect((await accept(harbour, second, 'Ren New', 'ren-password-1')).statusCode).toBe(400);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call('POST', `/${id}/resend`)).statusCode).toBe(404);
    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/v2/admin/invitations',
      headers: bearer(ownerToken),
    });
    expect(pending.json().data.map((i: { id: number }) => i.id)).not.toContain(id);
    expect(await accountsOf(harbour, 'ren@harbour.example')).toEqual([]);
  });

  it('keeps the last owner: they cannot step down or remove themself until another owner exists', async () => {
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', harbour)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    const demote = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/admin/staff/${owner.id}/role`,
      headers: bearer(ownerToken),
      payload: { role: 'manager' },
    });
    expect(demote.statusCode).toBe(422);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v2/admin/staff/${owner.id}`,
      headers: bearer(ownerToken),
    });
    expect(remove.statusCode).toBe(422);
    expect(
      (await ctx.db.selectFrom('users').select('role').where('id', '=', owner.id).executeTakeFirstOrThrow()).role,
    ).toBe('owner');

    // With a second owner (invited and accepted), the first may step down.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/admin/invitations',
      headers: bearer(ownerToken),
      payload: { email: 'aiko@harbour.example', role: 'owner' },
    });
    const { token } = tokenIn((await smtp.waitFor('aiko@harbour.example')).text);
    expect((await accept(harbour, token, 'Aiko Mori', 'aiko-password-1')).statusCode).toBe(200);
    const stepDown = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/admin/staff/${owner.id}/role`,
      headers: bearer(ownerToken),
      payload: { role: 'manager' },
    });
    expect(stepDown.statusCode).toBe(200);
  });
});
