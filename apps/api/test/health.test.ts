import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './support/app.js';
import { testDialect } from './support/database.js';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it(`reports the ${testDialect} database as up`, async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { status: 'ok', database: 'up', dialect: testDialect, version: expect.any(String) },
      error: null,
    });
  });

  it('answers 503 in the error envelope when the database is unreachable', async () => {
    await ctx.db.destroy();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'service_unavailable', message: 'Database is unreachable', request_id: expect.any(String) },
    });
  });
});
