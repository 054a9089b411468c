import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';

describe('GET /api/v2/pages/:slug', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it.each([
    ['terms', 'Terms and Conditions'],
    ['privacy', 'Privacy Policy'],
    ['refund-policy', 'Refund Policy'],
  ])("answers the demo business's seeded %s page as plain text", async (slug, title) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/pages/${slug}?tenant_id=139` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ slug, title });
    expect(data.body).toContain('Bella Nonna Pizzeria & Grill');
    expect(data.body).toContain('hello@bellanonna.example');
  });

  it('serves what the business wrote, scoped to its tenant', async () => {
    await ctx.db
      .updateTable('content_pages')
      .set({ body: 'Our own terms.' })
      .where('tenant_id', '=', 139)
      .where('slug', '=', 'terms')
      .execute();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v2/pages/terms?tenant_id=139' });
    expect(res.json().data.body).toBe('Our own terms.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/pages/terms?tenant_id=7' })).statusCode).toBe(404);
  });

  it('answers 400 for an unknown page or a missing tenant', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v2/pages/secrets?tenant_id=139' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('slug');
    const noTenant = await ctx.app.inject({ method: 'GET', url: '/api/v2/pages/terms' });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().error.fields).toHaveProperty('tenant_id');
  });
});
