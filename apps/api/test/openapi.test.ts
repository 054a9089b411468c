import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './support/app.js';
import { type Description, descriptionChecker } from './support/openapi-check.js';
import {
  addToCart,
  call,
  guestOrder,
  newGuest,
  type Shop,
  simpleProduct,
  startShop,
  userWithRole,
} from './support/orders.js';
import { eventReader } from './support/sse.js';
import { whileOnlineOrderingOff } from './support/tenants.js';

/**
 * Decision 029: the description a client generates code from. Every operation states its
 * operationId, tags, security, error replies and success schema; every `inject` of the API suite is
 * checked against it by test/support (createTestApp), and this file makes a representative call of
 * each kind of answer, including the event streams.
 */

type Reply = { $ref?: string; description?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type Op = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, Reply>;
};
type Doc = Description & {
  info: { license?: { name?: string }; contact?: { url?: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, Record<string, unknown>>; responses: Record<string, Reply> };
};

let shop: Shop;
let ctx: TestContext;
let doc: Doc;
const methods = ['get', 'post', 'put', 'patch', 'delete'];

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, op })),
  );

const byId = (operationId: string) => {
  const found = operations().find(({ op }) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found.op;
};

beforeAll(async () => {
  shop = await startShop();
  ctx = shop.ctx;
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
}, 60_000);
afterAll(async () => ctx?.close());

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1 with a server, a licence and a contact', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.contact?.url).toMatch(/\/contact$/);
  });

  it('describes every operation for a client: operationId, tags, security, error replies and a success schema', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    expect(operations().length).toBeGreaterThan(100);
    for (const { key, op } of operations()) {
      const problem = (what: string) => problems.push(`${key}: ${what}`);
      const id = op.operationId ?? '';
      if (!/^[a-z][A-Za-z0-9]*$/.test(id)) problem(`operationId ${JSON.stringify(id)} is not camelCase`);
      if (ids.has(id)) problem(`operationId ${id} is used twice`);
      ids.add(id);
      if (!op.tags?.length) problem('no tags');
      if (!op.summary) problem('no summary');
      if (!Array.isArray(op.security)) problem('no security');
      const responses = op.responses ?? {};
      if (!responses.default) problem('no default (5xx) reply');
      if (!responses['429']) problem('no 429 reply');
      const inputs = op.requestBody || op.parameters?.some((p) => p.in !== 'header');
      if (inputs && !responses['400']) problem('takes input but lists no 400');
      if (op.parameters?.some((p) => p.in === 'path') && !responses['404']) problem('has path parameters, no 404');
      const bearerOnly = op.security?.length && op.security.every((requirement) => 'bearer' in requirement);
      if (bearerOnly && !responses['401']) problem('needs a bearer token but lists no 401');
      const successes = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      if (!successes.length) problem('no 2xx reply');
      for (const [status, reply] of successes) {
        const schema = Object.values(reply.content ?? {})[0]?.schema;
        if (!schema || Object.keys(schema).length === 0) problem(`${status} has no schema`);
      }
      for (const [status, reply] of Object.entries(responses).filter(([s]) => /^[45]|default/.test(s))) {
        const schema = reply.$ref
          ? doc.components.responses[reply.$ref.split('/').pop() ?? '']?.content?.['application/json']?.schema
          : reply.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ErrorEnvelope') problem(`${status} is not the error envelope`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes a null as `type: "null"`, never the 3.0 form with a redundant enum', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"nullable"');
    expect(text).not.toContain('"enum":[null]');
    const envelope = doc.components.schemas.ErrorEnvelope as { properties: { data: unknown } };
    expect(envelope.properties.data).toEqual({ type: 'null' });
  });

  it("states who may call: the public, any caller's token, a signed-in user, or staff roles", () => {
    expect(byId('getHealth').security).toEqual([]);
    expect(byId('getOrdersById').security).toEqual([{ bearer: [] }, { orderAccess: [] }]);
    expect(byId('getCart').security).toEqual([{ bearer: [] }]);
    expect(byId('getCart').description).toMatch(/guest's or a signed-in customer's bearer token/);
    expect(byId('getOrders').description).toMatch(/signed-in user's bearer token/);
    expect(byId('getAdminMenu').description).toMatch(/Staff only: .*role `\w+`/);
    expect(byId('getAdminMenu').responses?.['403']).toBeDefined();
    expect(byId('postCart').responses?.['409']?.description).toMatch(/another restaurant/);
  });

  it("describes the cart: the add body as the contract's variants, the priced cart as its lines", () => {
    const body = byId('postCart').requestBody?.content?.['application/json']?.schema as { anyOf?: unknown[] };
    const variants = JSON.stringify(body);
    expect(body.anyOf?.length).toBeGreaterThanOrEqual(3);
    for (const field of ['restaurant_product_id', 'is_half_and_half', 'portions', 'deal_id', 'combo_product_id']) {
      expect(variants).toContain(`"${field}"`);
    }
    const cart = byId('getCart').responses?.['200']?.content?.['application/json']?.schema as {
      properties: { data: { properties: Record<string, unknown> } };
    };
    expect(Object.keys(cart.properties.data.properties)).toEqual(
      expect.arrayContaining(['items', 'item_count', 'total', 'totals', 'adjustments']),
    );
  });

  it('describes both event streams as text/event-stream with each event and its JSON data', () => {
    for (const [operationId, schema] of [
      ['getOrdersByIdEvents', 'OrderEvent'],
      ['getAdminOrdersEvents', 'AdminOrderEvent'],
    ] as const) {
      const stream = byId(operationId).responses?.['200']?.content?.['text/event-stream']?.schema as {
        items: { properties: { event: unknown; data: { contentSchema: unknown } } };
      };
      expect(stream.items.properties.event).toEqual({ const: 'order' });
      expect(stream.items.properties.data.contentSchema).toEqual({ $ref: `#/components/schemas/${schema}` });
      expect(doc.components.schemas[schema]).toMatchObject({ type: 'object' });
    }
  });
});

describe('answers as described', () => {
  it('refuses, in every test, an answer whose status is not documented or whose body does not match', () => {
    const problemOf = descriptionChecker(doc);
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const health = { data: { status: 'ok', database: 'up', dialect: 'sqlite', version: '1' }, error: null };
    expect(problemOf('GET', '/api/health', { statusCode: 200, headers: json, body: JSON.stringify(health) })).toBe(
      undefined,
    );
    expect(problemOf('GET', '/api/health', { statusCode: 418, headers: json, body: '{}' })).toMatch(
      /getHealth.*answered 418/,
    );
    const wrong = { ...health, data: { ...health.data, status: 'fine' } };
    expect(problemOf('GET', '/api/health', { statusCode: 200, headers: json, body: JSON.stringify(wrong) })).toMatch(
      /does not match/,
    );
    const envelope = { data: null, error: { code: 'internal', message: 'x' } };
    expect(problemOf('GET', '/api/health', { statusCode: 503, headers: json, body: JSON.stringify(envelope) })).toBe(
      undefined,
    );
    const cart = (status: number, body: unknown) =>
      problemOf('GET', '/api/v2/cart?dine_in=true', { statusCode: status, headers: json, body: JSON.stringify(body) });
    expect(cart(401, { data: null, error: { code: 'unauthorized', message: 'Please log in' } })).toBe(undefined);
    expect(cart(401, { data: {}, error: null })).toMatch(/does not match/);
  });

  // Each answer below is also checked against the description by createTestApp's inject.
  it('answers the documented errors: 400 with fields, 401, 403, 404, 409 and 422', async () => {
    const guest = await newGuest(ctx);
    const customer = await userWithRole(ctx, 'customer');
    const bad = await call(ctx, 'POST', '/v2/cart', guest.token, { restaurant_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toBeTruthy();
    expect((await call(ctx, 'GET', '/v2/cart', null)).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/v2/admin/menu', customer.token)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/v2/restaurants/999999/menu', null)).statusCode).toBe(404);
    const { placed, guest: owner } = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    const staff = await userWithRole(ctx, 'owner');
    const done = await call(ctx, 'PATCH', `/v2/admin/orders/${placed.order.id}/status`, staff.token, {
      status: 'completed',
    });
    expect(done.statusCode).toBe(409);
    expect((await call(ctx, 'GET', `/v2/orders/${placed.order.id}`, owner.token)).statusCode).toBe(200);
    const unknown = await call(ctx, 'POST', '/v2/gift-cards/balance', null, {
      tenant_id: 139,
      code: 'ABCD-EFGH-JKLM-NPQR',
    });
    expect(unknown.statusCode).toBe(404);
    await whileOnlineOrderingOff(ctx.db, 139, async () => {
      await expect(addToCart(ctx, guest, shop.restaurantId, simpleProduct(shop.menu))).rejects.toThrow(/unprocessable/);
    });
  });

  it('sends the event stream of an order as described: `order` events whose data match OrderEvent', async () => {
    const { placed } = await guestOrder(shop, { payment_method: 'cash_on_delivery' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v2/orders/${placed.order.id}/events`, {
      headers: { 'x-order-access': placed.access_token },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = eventReader(response);
    const data = await events.next<unknown>('order');
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc as object, 'openapi.json');
    const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/OrderEvent' });
    expect(validate(data), ajv.errorsText(validate.errors)).toBe(true);
    controller.abort();
    await events.cancel().catch(() => undefined);
  });
});
