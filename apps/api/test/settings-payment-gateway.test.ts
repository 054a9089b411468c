import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, logIn, signUp, tenantId } from './support/auth.js';

const url = '/api/v2/restaurants/app-settings/payment-gateway';
const stripeTest = {
  tenant_id: tenantId,
  provider: 'stripe',
  mode: 'test',
  publishable_key: 'pk_test_51BellaNonnaPublic',
  secret_key: 'sk_test_51BellaNonnaSECRETVALUE',
  webhook_secret: 'whsec_BellaNonnaSIGNINGVALUE',
};

describe('PUT /api/v2/restaurants/app-settings/payment-gateway', () => {
  let ctx: TestContext;
  let owner: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const res = await logIn(ctx.app, 'owner@bellanonna.example', 'BellaNonna-Owner-2026');
    owner = res.json().data.token;
  });
  afterAll(() => ctx.close());

  const save = (payload: object, token = owner) =>
    ctx.app.inject({ method: 'PUT', url, payload, headers: bearer(token) });
  const tenantRow = () =>
    ctx.db
      .selectFrom('app_settings')
      .select(['payment_gateway_config', 'payment_gateway_secrets'])
      .where('tenant_id', '=', tenantId)
      .where('restaurant_id', 'is', null)
      .executeTakeFirstOrThrow();
  const publicSettings = async () =>
    (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/app-settings?tenant_id=${tenantId}` })).body;

  it('stores a Stripe account with its secrets server-side and answers only provider, mode and publishable key', async () => {
    const res = await save(stripeTest);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].payment_gateway_config).toEqual({
      provider: 'stripe',
      mode: 'test',
      publishable_key: 'pk_test_51BellaNonnaPublic',
    });
    const row = await tenantRow();
    expect(JSON.parse(row.payment_gateway_config)).toEqual({
      provider: 'stripe',
      mode: 'test',
      publishable_key: 'pk_test_51BellaNonnaPublic',
    });
    expect(JSON.parse(row.payment_gateway_secrets ?? '{}')).toEqual({
      secret_key: stripeTest.secret_key,
      webhook_secret: stripeTest.webhook_secret,
    });
    for (const body of [res.body, await publicSettings()]) {
      expect(body).not.toContain('SECRETVALUE');
      expect(body).not.toContain('SIGNINGVALUE');
      expect(body).not.toContain('whsec_');
      expect(body).not.toContain('sk_test_');
    }
  });

  it('keeps the stored secrets when the owner only changes the publishable key', async () => {
    await save(stripeTest);
    const res = await save({
      tenant_id: tenantId,
      provider: 'stripe',
      mode: 'test',
      publishable_key: 'pk_test_51Rotated',
    });
    expect(res.statusCode).toBe(200);
    const row = await tenantRow();
    expect(JSON.parse(row.payment_gateway_config).publishable_key).toBe('pk_test_51Rotated');
    expect(JSON.parse(row.payment_gateway_secrets ?? '{}').secret_key).toBe(stripeTest.secret_key);
  });

  it('refuses a key of the other mode with 400 naming it, and changes nothing', async () => {
    await save(stripeTest);
    const before = await tenantRow();
    const liveKeyInTest = await save({ ...stripeTest, secret_key: 'sk_live_51Whoops' });
    expect(liveKeyInTest.statusCode).toBe(400);
    expect(liveKeyInTest.json().error.fields).toEqual({ secret_key: 'Use a test key in test mode' });
    const testKeyInLive = await save({ ...stripeTest, mode: 'live', publishable_key: 'pk_live_51Fine' });
    expect(testKeyInLive.statusCode).toBe(400);
    expect(Object.keys(testKeyInLive.json().error.fields)).toEqual(['secret_key']);
    expect(await tenantRow()).toEqual(before);
  });

  it('refuses switching to live mode while the stored secret key is a test key (422)', async () => {
    await save(stripeTest);
    const res = await save({ tenant_id: tenantId, provider: 'stripe', mode: 'live', publishable_key: 'pk_live_51X' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe('A Stripe test secret key cannot be used in live mode');
    expect(JSON.parse((await tenantRow()).payment_gateway_config).mode).toBe('test');
  });

  it('refuses Stripe without a secret key or webhook secret when none is stored', async () => {
    await save({ tenant_id: tenantId, provider: 'sandbox', mode: 'test' });
    const noSecret = await save({ ...stripeTest, secret_key: undefined });
    expect(noSecret.statusCode).toBe(422);
    expect(noSecret.json().error.message).toBe('Stripe needs a secret key');
    const noWebhook = await save({ ...stripeTest, webhook_secret: undefined });
    expect(noWebhook.statusCode).toBe(422);
    expect(noWebhook.json().error.message).toMatch(/webhook signing secret/);
  });

  it('switches back to the sandbox (test mode only) and drops the Stripe secrets', async () => {
    await save(stripeTest);
    const liveSandbox = await save({ tenant_id: tenantId, provider: 'sandbox', mode: 'live' });
    expect(liveSandbox.statusCode).toBe(400);
    expect(liveSandbox.json().error.fields).toEqual({ mode: 'The sandbox runs in test mode only' });
    const res = await save({ tenant_id: tenantId, provider: 'sandbox', mode: 'test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].payment_gateway_config).toMatchObject({ provider: 'sandbox', mode: 'test' });
    expect((await tenantRow()).payment_gateway_secrets).toBeNull();
  });

  it('rejects unknown fields (a client cannot set api_base)', async () => {
    const res = await save({ ...stripeTest, api_base: 'http://169.254.169.254' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('api_base');
  });

  it('lets only the owner of this business do it: 401, 403 for a customer, staff and another tenant', async () => {
    const before = await tenantRow();
    expect((await ctx.app.inject({ method: 'PUT', url, payload: stripeTest })).statusCode).toBe(401);

    const customer = await logIn(ctx.app, 'customer@bellanonna.example', 'BellaNonna-Customer-2026');
    expect((await save(stripeTest, customer.json().data.token)).statusCode).toBe(403);

    const staff = await signUp(ctx.app, ctx.db, 'waiter@bellanonna.example');
    await ctx.db.updateTable('users').set({ role: 'manager' }).where('id', '=', staff.user.id).execute();
    expect((await save(stripeTest, staff.token)).statusCode).toBe(403);

    const otherTenant = await save({ ...stripeTest, tenant_id: 4242 });
    expect(otherTenant.statusCode).toBe(403);
    expect(await tenantRow()).toEqual(before);
  });
});
