import { cartResponseSchema, menuResponseSchema } from '@orderfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { directionFree } from '../src/lib/response-serializer.js';
import { createTestApp, type TestContext } from './support/app.js';

const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

describe('answers checked against their schema (decision 050)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      extend: (app) =>
        app.register(
          async (scope) => {
            const plain = { 200: z.strictObject({ data: z.strictObject({ n: z.number().int() }), error: z.null() }) };
            scope.get('/plain', { schema: { response: plain } }, async () => ({ data: { n: 1 }, error: null }));
            scope.get('/stray', { schema: { response: plain } }, async () => ({
              data: { n: 1, secret: 'x' },
              error: null,
            }));
            scope.get('/wrong', { schema: { response: plain } }, async () => ({ data: { n: 1.5 }, error: null }));
            scope.get(
              '/encoded',
              {
                schema: {
                  response: { 200: z.strictObject({ data: z.strictObject({ at: isoDate }), error: z.null() }) },
                },
              },
              async () => ({ data: { at: new Date('2026-11-27T01:00:00.000Z') }, error: null }),
            );
          },
          { prefix: '/api/test' },
        ),
    });
  });
  afterAll(() => ctx.close());

  it('parses a schema where parse and encode agree, and encodes any other', () => {
    expect(directionFree(cartResponseSchema)).toBe(true);
    expect(directionFree(menuResponseSchema)).toBe(true);
    expect(directionFree(z.object({ at: isoDate }))).toBe(false);
    expect(directionFree(z.object({ n: z.number().default(1) }))).toBe(false);
    expect(directionFree(z.array(z.string().transform((s) => s.trim())))).toBe(false);
    expect(directionFree(z.object({ n: z.coerce.number() }))).toBe(false);
  });

  it('sends an answer that matches its schema as it is', async () => {
    const res = await ctx.app.inject({ url: '/api/test/plain' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { n: 1 }, error: null });
  });

  it('never sends an answer that strays from its schema: a 500 in the error shape instead', async () => {
    for (const url of ['/api/test/stray', '/api/test/wrong']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('secret');
      expect(res.json()).toMatchObject({ data: null, error: { code: 'internal' } });
    }
  });

  it('still encodes a schema with a codec (a Date sent as its ISO text)', async () => {
    const res = await ctx.app.inject({ url: '/api/test/encoded' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { at: '2026-11-27T01:00:00.000Z' }, error: null });
  });
});
