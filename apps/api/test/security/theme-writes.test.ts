import { defaultTheme, themeSchema } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { call, userWithRole } from '../support/orders.js';

/** Decision 026: a theme write stores a complete, valid theme or nothing. */
describe('theme writes never store part of a theme', () => {
  let ctx: TestContext;
  let owner: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = (await userWithRole(ctx, 'owner')).token;
  }, 180_000);
  afterAll(async () => ctx?.close());

  const theme = async () =>
    (await call(ctx, 'GET', '/v2/restaurants/app-settings?tenant_id=139', null)).json().data[0].web_config;
  const storedRow = async () =>
    (
      await ctx.db
        .selectFrom('app_settings')
        .select('web_config')
        .where('tenant_id', '=', 139)
        .where('restaurant_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).web_config;

  it('refuses a PUT of part of a theme with 400 and keeps the whole theme', async () => {
    const before = await theme();
    const row = await storedRow();
    const res = await call(ctx, 'PUT', '/v2/restaurants/app-settings', owner, {
      tenant_id: 139,
      web_config: { general: { tenantId: 2 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ data: null, error: { code: 'bad_request' } });
    expect(await theme()).toEqual(before);
    expect(await storedRow()).toBe(row);
  });

  it('stores a complete theme from a PUT, with the tenant id left to the server', async () => {
    const res = await call(ctx, 'PUT', '/v2/restaurants/app-settings', owner, {
      tenant_id: 139,
      web_config: { ...defaultTheme, colors: { ...defaultTheme.colors, primary: '#0f766e' } },
    });
    expect(res.statusCode).toBe(200);
    const stored = JSON.parse(await storedRow());
    expect(themeSchema.safeParse(stored).success).toBe(true);
    expect(stored.general.tenantId).toBeUndefined();
    expect((await theme()).colors.primary).toBe('#0f766e');
  });

  it('merges a PATCH over the stored theme and stores the complete result', async () => {
    const before = await theme();
    const res = await call(ctx, 'PATCH', '/v2/restaurants/app-settings', owner, {
      tenant_id: 139,
      web_config: { hero: { title: 'Open late on Fridays' }, general: { tenantId: 2 } },
    });
    expect(res.statusCode).toBe(200);
    const after = await theme();
    expect(after).toEqual({ ...before, hero: { ...before.hero, title: 'Open late on Fridays' } });
    expect(after.general.tenantId).toBe(139);
    expect(themeSchema.safeParse(JSON.parse(await storedRow())).success).toBe(true);
  });

  it('refuses an invalid PATCH with 400 and changes nothing', async () => {
    const row = await storedRow();
    const res = await call(ctx, 'PATCH', '/v2/restaurants/app-settings', owner, {
      tenant_id: 139,
      web_config: { colors: { primary: 'red;}</style>' } },
    });
    expect(res.statusCode).toBe(400);
    expect(await storedRow()).toBe(row);
  });
});
