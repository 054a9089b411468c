import { defaultTheme } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsService } from '../src/modules/settings/service.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signIn, signUp } from './support/auth.js';
import { addAustralianTenant, addPonsonby, addTenant } from './support/tenants.js';

describe('GET /api/v2/restaurants/app-settings', () => {
  let ctx: TestContext;
  let surryHills: number;
  let parramatta: number;
  let otherTenantRestaurant: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const rows = await ctx.db.selectFrom('restaurants').select(['id', 'slug']).where('tenant_id', '=', 139).execute();
    surryHills = rows.find((r) => r.slug === 'surry-hills')?.id as number;
    parramatta = rows.find((r) => r.slug === 'parramatta')?.id as number;
    // Parramatta overrides the hero title, its payment account and switches online ordering off.
    await ctx.db
      .insertInto('app_settings')
      .values({
        tenant_id: 139,
        restaurant_id: parramatta,
        web_config: JSON.stringify({ hero: { title: 'Parramatta is open late' } }),
        payment_gateway_config: JSON.stringify({ provider: 'stripe', mode: 'live', publishable_key: 'pk_live_parra' }),
        payment_gateway_secrets: JSON.stringify({ secret_key: 'sk_live_TOPSECRET', webhook_secret: 'whsec_HIDDEN' }),
        is_online_order_enabled: 0,
      })
      .execute();
    // The tenant row gains a secret too, and a stray private field in the public column.
    await ctx.db
      .updateTable('app_settings')
      .set({
        payment_gateway_secrets: JSON.stringify({ secret_key: 'sk_test_TENANTSECRET' }),
        payment_gateway_config: JSON.stringify({
          provider: 'sandbox',
          mode: 'test',
          publishable_key: 'pk_sandbox_bella_nonna',
          secret_key: 'sk_MISPLACED',
        }),
      })
      .where('tenant_id', '=', 139)
      .where('restaurant_id', 'is', null)
      .execute();
    await addTenant(ctx.db);
    otherTenantRestaurant = await addPonsonby(ctx.db);
  });
  afterAll(() => ctx.close());

  const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/app-settings${query}` });

  it("answers the tenant's settings as a list whose first element has web_config, payment_gateway_config and is_online_order_enabled", async () => {
    const res = await get('?tenant_id=139');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toBeNull();
    expect(Array.isArray(body.data)).toBe(true);
    const [first] = body.data;
    expect(first.is_online_order_enabled).toBe(1);
    expect(first.payment_gateway_config).toEqual({
      provider: 'sandbox',
      mode: 'test',
      publishable_key: 'pk_sandbox_bella_nonna',
    });
    // Spec §9 defaults, with the tenant's saved values over them.
    expect(first.web_config.colors.primary).toBe(defaultTheme.colors.primary);
    expect(first.web_config.hero.title).toBe('Delicious Food, Delivered to Your Door');
    expect(first.web_config.general.businessFullName).toBe('Bella Nonna Pizzeria & Grill');
    expect(first.web_config.general.tenantId).toBe(139);
  });

  it("merges a restaurant's overrides over the tenant's settings", async () => {
    const res = await get(`?tenant_id=139&restaurant_id=${parramatta}`);
    expect(res.statusCode).toBe(200);
    const [first] = res.json().data;
    expect(first.restaurant_id).toBe(parramatta);
    expect(first.web_config.hero.title).toBe('Parramatta is open late');
    expect(first.web_config.general.businessFullName).toBe('Bella Nonna Pizzeria & Grill');
    expect(first.is_online_order_enabled).toBe(0);
    expect(first.payment_gateway_config).toEqual({
      provider: 'stripe',
      mode: 'live',
      publishable_key: 'pk_live_parra',
    });
  });

  it('falls back to the tenant settings for a restaurant without overrides', async () => {
    const [first] = (await get(`?tenant_id=139&restaurant_id=${surryHills}`)).json().data;
    expect(first.web_config.hero.title).toBe('Delicious Food, Delivered to Your Door');
    expect(first.is_online_order_enabled).toBe(1);
    expect(first.payment_gateway_config.provider).toBe('sandbox');
  });

  it('never lets a secret out', async () => {
    for (const query of ['?tenant_id=139', `?tenant_id=139&restaurant_id=${parramatta}`]) {
      const body = (await get(query)).body;
      for (const secret of ['sk_live_TOPSECRET', 'whsec_HIDDEN', 'sk_test_TENANTSECRET', 'sk_MISPLACED', 'secret']) {
        expect(body).not.toContain(secret);
      }
    }
  });

  it('answers 404 for an unknown tenant and for another tenant’s restaurant', async () => {
    const unknown = await get('?tenant_id=999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      data: null,
      error: { code: 'not_found', message: 'No settings for this tenant', request_id: expect.any(String) },
    });
    const foreign = await get(`?tenant_id=139&restaurant_id=${otherTenantRestaurant}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Restaurant not found');
    expect((await get('?tenant_id=139&restaurant_id=987654')).statusCode).toBe(404);
  });

  it.each([
    ['', 'tenant_id'],
    ['?tenant_id=abc', 'tenant_id'],
    ['?tenant_id=-1', 'tenant_id'],
    ['?tenant_id=1.5', 'tenant_id'],
    ['?tenant_id=139&restaurant_id=x', 'restaurant_id'],
    ['?tenant_id=139&colour=red', 'colour'],
  ])('answers 400 naming the bad parameter for %s', async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.data).toBeNull();
    expect(body.error.code).toBe('bad_request');
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it('ignores a stored theme that fails validation instead of serving it', async () => {
    await ctx.db
      .updateTable('app_settings')
      .set({ web_config: JSON.stringify({ colors: { primary: 'red;}</style><script>' } }) })
      .where('tenant_id', '=', 139)
      .where('restaurant_id', '=', parramatta)
      .execute();
    const [first] = (await get(`?tenant_id=139&restaurant_id=${parramatta}`)).json().data;
    expect(first.web_config.colors.primary).toBe(defaultTheme.colors.primary);
  });

  it('refuses online ordering with a clear 422 where the business switched it off', async () => {
    const settings = settingsService(ctx.db);
    await expect(settings.assertOnlineOrdering(139, surryHills)).resolves.toBeUndefined();
    await expect(settings.assertOnlineOrdering(139, parramatta)).rejects.toMatchObject({
      statusCode: 422,
      code: 'unprocessable',
      message: "We're not accepting online orders at the moment.",
    });
  });
});

/** The default theme with whole sections replaced: what the config editor saves. */
const themeWith = (sections: Partial<typeof defaultTheme>) => ({ ...defaultTheme, ...sections });

describe('PUT /api/v2/restaurants/app-settings input', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it.each([
    [{ tenant_id: 139, web_config: { colors: { primary: 'red' } } }, 'web_config.colors.primary'],
    [{ tenant_id: 139, web_config: { hero: { ctaLink: 'javascript:alert(1)' } } }, 'web_config.hero.ctaLink'],
    [{ tenant_id: 139, web_config: { hero: { title: 'x'.repeat(500) } } }, 'web_config.hero.title'],
    [{ tenant_id: 139, web_config: {}, extra: 1 }, 'extra'],
  ])('rejects an invalid theme with 400 naming the field', async (payload, field) => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/v2/restaurants/app-settings', payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });
});

describe('PUT /api/v2/restaurants/app-settings: who may save', () => {
  let ctx: TestContext;
  const ownerPassword = 'BellaNonna-Owner-2026';
  const customerPassword = 'BellaNonna-Customer-2026';
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const tokenOf = (email: string, password: string) => signIn(ctx.app, email, password);
  const save = (payload: object, token?: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v2/restaurants/app-settings',
      payload,
      headers: token ? bearer(token) : {},
    });
  const tenantTheme = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/api/v2/restaurants/app-settings?tenant_id=139' })).json().data[0]
      .web_config;

  it('lets the owner of the tenant save: 200, and every later visitor gets the new theme', async () => {
    const token = await tokenOf('owner@bellanonna.example', ownerPassword);
    const res = await save(
      {
        tenant_id: 139,
        web_config: themeWith({
          colors: { ...defaultTheme.colors, primary: '#0f766e' },
          hero: { ...defaultTheme.hero, title: '<b>New</b> season' },
        }),
      },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].web_config.colors.primary).toBe('#0f766e');
    const theme = await tenantTheme();
    expect(theme.colors.primary).toBe('#0f766e');
    expect(theme.hero.title).toBe('<b>New</b> season');
    expect(theme.general.tenantId).toBe(139);
  });

  it('refuses a customer with 403 and changes nothing', async () => {
    const before = await tenantTheme();
    const token = await tokenOf('customer@bellanonna.example', customerPassword);
    const res = await save(
      { tenant_id: 139, web_config: themeWith({ colors: { ...defaultTheme.colors, primary: '#123456' } }) },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await tenantTheme()).toEqual(before);
  });

  it('refuses staff of one business saving another business, with 403', async () => {
    await addAustralianTenant(ctx.db, 8);
    await ctx.db
      .insertInto('app_settings')
      .values({
        tenant_id: 8,
        restaurant_id: null,
        web_config: '{}',
        payment_gateway_config: '{}',
        payment_gateway_secrets: null,
        is_online_order_enabled: 1,
      })
      .execute();
    const token = await tokenOf('owner@bellanonna.example', ownerPassword);
    const res = await save(
      { tenant_id: 8, web_config: themeWith({ colors: { ...defaultTheme.colors, primary: '#123456' } }) },
      token,
    );
    expect(res.statusCode).toBe(403);
  });

  it("refuses a manager (the theme is the owner's) with 403 and changes nothing", async () => {
    const before = await tenantTheme();
    const email = 'manager-theme@bellanonna.example';
    await signUp(ctx.app, ctx.db, email, { password: 'manager password 1' });
    await ctx.db.updateTable('users').set({ role: 'manager' }).where('email', '=', email).execute();
    const res = await save(
      { tenant_id: 139, web_config: themeWith({ colors: { ...defaultTheme.colors, primary: '#123456' } }) },
      await tokenOf(email, 'manager password 1'),
    );
    expect(res.statusCode).toBe(403);
    expect(await tenantTheme()).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    const res = await save({
      tenant_id: 139,
      web_config: themeWith({ colors: { ...defaultTheme.colors, primary: '#123456' } }),
    });
    expect(res.statusCode).toBe(401);
  });
});
