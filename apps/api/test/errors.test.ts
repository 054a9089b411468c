import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/lib/errors.js';
import { createTestApp, type TestContext } from './support/app.js';

const json = { 'content-type': 'application/json' };

describe('the error envelope', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      extend: (app) =>
        app.register(
          async (scope) => {
            scope.post(
              '/echo',
              {
                schema: {
                  body: z.strictObject({
                    name: z.string().min(1).max(50),
                    quantity: z.number().int().min(1).max(99),
                  }),
                },
              },
              async (request) => ({ data: request.body, error: null }),
            );
            scope.get('/conflict', async () => {
              throw new AppError('conflict', 'That slot is full');
            });
            scope.get('/boom', async () => {
              throw new Error('connection string postgres://secret@db/prod');
            });
          },
          { prefix: '/api/test' },
        ),
    });
  });
  afterAll(() => ctx.close());

  const post = (payload: string, headers: Record<string, string> = json) =>
    ctx.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload });

  it('passes a valid body through', async () => {
    const res = await post(JSON.stringify({ name: 'Margherita', quantity: 2 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { name: 'Margherita', quantity: 2 }, error: null });
  });

  it('answers malformed JSON with 400 "Malformed JSON body"', async () => {
    const res = await post('{"name": "Margherita",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'bad_request', message: 'Malformed JSON body', request_id: expect.any(String) },
    });
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await post('');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: 'Request body is empty',
      request_id: expect.any(String),
    });
  });

  it.each([
    ['a wrong type', { name: 'Margherita', quantity: '2' }, 'quantity'],
    ['a missing field', { quantity: 2 }, 'name'],
    ['a negative number', { name: 'Margherita', quantity: -1 }, 'quantity'],
    ['a huge number', { name: 'Margherita', quantity: 1e12 }, 'quantity'],
    ['a fractional quantity', { name: 'Margherita', quantity: 1.5 }, 'quantity'],
    ['a huge string', { name: 'x'.repeat(10_000), quantity: 1 }, 'name'],
  ])('names the field for %s', async (_case, body, field) => {
    const res = await post(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    const { data, error } = res.json();
    expect(data).toBeNull();
    expect(error.code).toBe('bad_request');
    expect(error.message).toBe('Invalid request');
    expect(Object.keys(error.fields)).toEqual([field]);
  });

  it('rejects unknown fields, naming each', async () => {
    const res = await post(JSON.stringify({ name: 'Margherita', quantity: 1, price: 0, is_admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ price: 'Unknown field', is_admin: 'Unknown field' });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const res = await post('name=Margherita', { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const res = await post(JSON.stringify({ name: 'x'.repeat(1_100_000), quantity: 1 }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('shows an AppError with its status and message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'conflict', message: 'That slot is full', request_id: expect.any(String) },
    });
  });

  it('hides the details of an unexpected error behind a generic 500', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      data: null,
      error: { code: 'internal', message: 'Something went wrong on our side', request_id: expect.any(String) },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const)(
    'answers %s on an unknown /api route with 404',
    async (method) => {
      const res = await ctx.app.inject({ method, url: '/api/v2/nothing-here?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        data: null,
        error: { code: 'not_found', message: 'Not found', request_id: expect.any(String) },
      });
    },
  );
});

describe('rate limiting', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
  });
  afterAll(() => ctx.close());

  it('answers 429 in the envelope once a client exceeds the limit', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last?.json().error.code).toBe('rate_limited');
    expect(last?.json().data).toBeNull();
    expect(last?.headers['retry-after']).toBeDefined();
  });
});

describe('errors raised before a route runs', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it.each(['/%E0%A4%A', '/api/%zz', '/menu/%E0%A4%A'])(
    'answers the undecodable URL %s with 400 in the envelope',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        data: null,
        error: { code: 'bad_request', message: 'Malformed URL', request_id: expect.any(String) },
      });
    },
  );

  /** Raw bytes over a real socket: these never reach Fastify's router. */
  function rawRequest(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers oversized headers with 431 in the envelope', async () => {
    const answer = await rawRequest(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      data: null,
      error: { code: 'headers_too_large', message: 'Request headers are too large', request_id: expect.any(String) },
    });
  });

  it('answers bytes that are not HTTP with 400 in the envelope', async () => {
    const answer = await rawRequest('HELLO THERE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      data: null,
      error: { code: 'bad_request', message: 'Malformed request', request_id: expect.any(String) },
    });
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => ctx.close());

  it('record each request and never its bearer token, cookie or idempotency key', async () => {
    const secret = 'tok_5f1c2e9a8b7d6c5e4f3a2b1c';
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${secret}`, cookie: `session=${secret}`, 'idempotency-key': secret },
    });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('"url":"/api/health"');
    expect(log).toContain('"statusCode":200');
    expect(log).not.toContain(secret);
  });
});
