import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, errorCodes, errorEnvelopeSchema } from '../src/index.js';

describe('the response envelope', () => {
  it('accepts { data, error: null } for a successful answer', () => {
    const schema = envelope(z.object({ id: z.number() }));
    expect(schema.parse({ data: { id: 1 }, error: null })).toEqual({ data: { id: 1 }, error: null });
    expect(() => schema.parse({ data: { id: 1 }, error: { code: 'internal', message: 'x' } })).toThrow();
  });

  it('accepts { data: null, error } with a known code only', () => {
    expect(errorEnvelopeSchema.safeParse({ data: null, error: { code: 'not_found', message: 'No' } }).success).toBe(
      true,
    );
    expect(errorEnvelopeSchema.safeParse({ data: null, error: { code: 'teapot', message: 'No' } }).success).toBe(false);
  });

  it('maps each code to the status DESIGN.md §3 gives it', () => {
    expect(errorCodes).toMatchObject({
      bad_request: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      unprocessable: 422,
      rate_limited: 429,
    });
  });
});
