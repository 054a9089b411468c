import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/app.js';
import { exampleOf, type Operation, operationsOf, type Schema, urlOf } from '../support/openapi.js';
import { userWithRole } from '../support/orders.js';

/**
 * Decision 026: every operation of the OpenAPI description, sent malformed input derived from its
 * own request schema (wrong types, missing and extra fields, huge and negative numbers, control
 * characters, broken JSON), answers a 4xx or a success in the `{data, error}` envelope: never a 5xx.
 * Deterministic (a seeded generator) and bounded (a few cases per operation).
 */

/** A small seeded generator (mulberry32), so every run sends the same cases. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const nasty: unknown[] = [
  'nul\u0000byte',
  'bell\u0007\u001b[2J',
  '\u202eright-to-left',
  'x'.repeat(20_000),
  -1,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  0.5,
  true,
  null,
  [],
  {},
  '../../etc/passwd',
  "' or 1=1 --",
];

/** Server-sent event streams: an open one never ends, so they are fuzzed without a token. */
const streams = new Set(['GET /api/v2/orders/{id}/events', 'GET /api/v2/admin/orders/events']);

describe('OpenAPI-driven fuzz: no 5xx and always the envelope', () => {
  let ctx: TestContext;
  let operations: Operation[];
  let resolve: (s: Schema) => Schema;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '100000', GIFT_CARD_CHECK_RATE_LIMIT_MAX: '100000' } });
    ({ operations, resolve } = await operationsOf(ctx));
    token = (await userWithRole(ctx, 'owner')).token;
  }, 180_000);
  afterAll(async () => ctx?.close());

  /** The cases of one operation: its example body broken in several ways, and broken parameters. */
  function casesOf(op: Operation, random: () => number): { url: string; payload?: string; label: string }[] {
    const pickNasty = () => nasty[Math.floor(random() * nasty.length)];
    const path = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, 1]));
    const query = Object.fromEntries(
      op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, exampleOf(p.schema ?? {}, resolve)]),
    );
    const cases: { url: string; payload?: string; label: string }[] = [];
    // Path and query parameters: each replaced by something nasty once.
    for (const name of [...Object.keys(path), ...Object.keys(query)].slice(0, 3)) {
      const value = String(pickNasty());
      const inPath = name in path;
      cases.push({
        url: urlOf(op, inPath ? { ...path, [name]: value } : path, inPath ? query : { ...query, [name]: value }),
        label: `${name}=${JSON.stringify(value).slice(0, 20)}`,
      });
    }
    const url = urlOf(op, path, query);
    if (!op.body) return cases.length ? cases : [{ url, label: 'as is' }];
    const example = exampleOf(op.body, resolve) as Record<string, unknown>;
    const fields = example && typeof example === 'object' && !Array.isArray(example) ? Object.keys(example) : [];
    const body = (value: unknown) => JSON.stringify(value);
    cases.push({ url, payload: '{"unterminated": ', label: 'malformed JSON' });
    cases.push({ url, payload: body({ ...example, unexpected_field: 'x' }), label: 'extra field' });
    cases.push({ url, payload: body([example]), label: 'an array' });
    for (const field of fields.slice(0, 4)) {
      const { [field]: _gone, ...missing } = example;
      cases.push({ url, payload: body(missing), label: `missing ${field}` });
      const value = pickNasty();
      cases.push({
        url,
        payload: body({ ...example, [field]: value }),
        label: `${field}=${JSON.stringify(value)?.slice(0, 20)}`,
      });
    }
    return cases;
  }

  it('answers every case with a 4xx or a success, in the envelope', async () => {
    const random = seeded(20261126);
    const problems: string[] = [];
    let sent = 0;
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      for (const c of casesOf(op, random)) {
        const headers: Record<string, string> = {
          authorization: `Bearer ${token}`,
          'idempotency-key': `fuzz_${sent}`,
          ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }),
        };
        // A stream opened by its owner would never end: streams are asked without a token (refused at once).
        if (streams.has(key)) delete headers.authorization;
        const res = await ctx.app.inject({
          method: op.method,
          url: c.url,
          headers,
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        sent++;
        let envelope = false;
        try {
          const parsed = JSON.parse(res.body);
          envelope = parsed !== null && typeof parsed === 'object' && 'data' in parsed && 'error' in parsed;
        } catch {
          envelope = res.statusCode === 204 || res.statusCode === 304;
        }
        if (res.statusCode >= 500 || !envelope) {
          problems.push(`${key} (${c.label}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(problems).toEqual([]);
  }, 120_000);
});
