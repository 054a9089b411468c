import { errorEnvelopeSchema } from '@orderfront/core';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { type Guard, guardOf } from '../lib/guards.js';

/**
 * What the OpenAPI description says of each operation beyond its schemas, derived from the route as
 * declared (decision 029): its error answers, who may call it, its operationId. A route adds only
 * what cannot be derived: `errors` for statuses its service answers (409, 422…) and `events` for a
 * server-sent events stream.
 */
declare module 'fastify' {
  interface FastifySchema {
    /** Error statuses beyond the derived ones, each with when it is answered. */
    errors?: Partial<Record<ErrorStatus, string>>;
    /** A `text/event-stream` answer: each event's name, the component name and schema of its JSON data. */
    events?: Record<string, { name: string; schema: z.ZodType }>;
    /** Answers carry an ETag, and a request whose If-None-Match has it gets 304 with no body. */
    etag?: true;
    /** A raw (non-JSON) request body: the media types accepted. */
    upload?: readonly string[];
    /** A file answered instead of JSON (a CSV table, a PDF): its media type and what it is. */
    download?: { type: string; description: string };
  }
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** Shared error answers (components.responses), by status. */
export const errorResponses: Record<ErrorStatus, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Invalid input; `error.fields` names each wrong field by its path' },
  401: { name: 'Unauthorized', description: 'No valid bearer token of the kind this call needs' },
  403: { name: 'Forbidden', description: "The caller's role does not allow this, or an id sent is not the caller's" },
  404: { name: 'NotFound', description: 'No such resource for this business (another tenant’s ids too)' },
  409: { name: 'Conflict', description: 'The resource is not in a state that allows this' },
  413: { name: 'PayloadTooLarge', description: 'The request body is larger than 1 MiB' },
  415: { name: 'UnsupportedMediaType', description: 'The request body is not `application/json`' },
  422: { name: 'Unprocessable', description: 'Well-formed, but the business rules refuse it' },
  429: { name: 'TooManyRequests', description: 'Rate limit reached; retry after the time given' },
  503: { name: 'ServiceUnavailable', description: 'Not ready to serve (starting, draining or a dependency down)' },
};

const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return rest as Record<string, unknown>;
};

const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };

/** The components operations refer to: the error envelope and a response per error status in `used`. */
export function sharedComponents(used: Set<ErrorStatus>) {
  return {
    schemas: { ErrorEnvelope: jsonSchemaOf(errorEnvelopeSchema) },
    responses: {
      ...Object.fromEntries(
        [...used].map((status) => [
          errorResponses[status].name,
          { description: errorResponses[status].description, content: { 'application/json': { schema: envelopeRef } } },
        ]),
      ),
      ServerError: {
        description: 'Something failed on the server (`internal`, or `service_unavailable`)',
        content: { 'application/json': { schema: envelopeRef } },
      },
    },
  };
}

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) =>
    hook === undefined ? [] : Array.isArray(hook) ? hook : [hook],
  );

/** The strictest guard among the route's hooks (a user role over a plain user over any caller). */
export function guardsOf(route: RouteOptions): Guard[] {
  return hooksOf(route).flatMap((hook) => guardOf(hook) ?? []);
}

type Properties = { properties?: Record<string, unknown> };
const fieldNames = (schema: unknown) => {
  if (!(schema instanceof z.ZodType)) return [];
  const json = jsonSchemaOf(schema, 'input') as Properties & { anyOf?: Properties[]; oneOf?: Properties[] };
  return [json, ...(json.anyOf ?? []), ...(json.oneOf ?? [])].flatMap((s) => Object.keys(s.properties ?? {}));
};

/** Each error status the operation can answer, with a route-specific description where declared. */
export function errorStatusesOf(route: RouteOptions): Map<ErrorStatus, string | undefined> {
  const schema = route.schema ?? {};
  const guards = guardsOf(route);
  const inputs = [schema.body, schema.upload, schema.querystring, schema.params].filter(Boolean);
  const fields = [...fieldNames(schema.body), ...fieldNames(schema.querystring), ...fieldNames(schema.params)];
  const statuses = new Map<ErrorStatus, string | undefined>();
  if (inputs.length) statuses.set(400, undefined);
  if (guards.length) statuses.set(401, undefined);
  // DESIGN §3: a user_id, guest_id or tenant_id sent with a token must be the token's own, else 403.
  const ownIds = fields.some((f) => f === 'user_id' || f === 'guest_id' || f === 'tenant_id');
  if (guards.some((g) => g.roles || g.forbids) || ownIds) statuses.set(403, undefined);
  // Other tenants' ids, and ids that do not exist, are 404 (DESIGN §3).
  if (schema.params || fields.some((f) => f === 'id' || f.endsWith('_id'))) statuses.set(404, undefined);
  if (schema.body || schema.upload) {
    statuses.set(413, undefined);
    statuses.set(415, undefined);
  }
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.set(429, undefined);
  for (const [status, description] of Object.entries(schema.errors ?? {})) {
    statuses.set(Number(status) as ErrorStatus, description);
  }
  return statuses;
}

const roleList = (roles: readonly string[]) => roles.map((r) => `\`${r}\``).join(', ');

/** Who may call: the operation's `security` and a sentence for its description. */
export function accessOf(route: RouteOptions): { security: Record<string, string[]>[]; access: string } {
  const guards = guardsOf(route);
  if (!guards.length) {
    const declared = route.schema?.security;
    if (!declared) return { security: [], access: 'Public: no token needed.' };
    const names = declared.flatMap((requirement) => Object.keys(requirement)).map((name) => `\`${name}\``);
    return {
      security: [...declared] as Record<string, string[]>[],
      access: `Any one of ${names.join(', ')} (see the security schemes).`,
    };
  }
  const withRoles = guards.find((g) => g.roles);
  const bearer = [{ bearer: [] }];
  if (withRoles?.roles) {
    const ability = withRoles.ability ? ` (back-office area \`${withRoles.ability}\`)` : '';
    return {
      security: bearer,
      access: `Staff only: a signed-in user's bearer token with role ${roleList(withRoles.roles)}${ability}.`,
    };
  }
  if (guards.some((g) => g.caller === 'user')) {
    return { security: bearer, access: "A signed-in user's bearer token (a guest's is refused)." };
  }
  if (guards.some((g) => g.caller === 'guest')) return { security: bearer, access: "A guest's bearer token." };
  return { security: bearer, access: "A guest's or a signed-in customer's bearer token." };
}

const camel = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `GET /api/v2/orders/:id/events` → `getOrdersByIdEvents`: stable while the method and path are, and
 * unique because they are. `api` and the version segment are left out.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api' && !/^v\d+$/.test(segment))
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .flatMap((segment) => segment.split(/[-_.]/))
    .filter(Boolean)
    .map((word) => camel(word.toLowerCase()));
  return method.toLowerCase() + words.join('');
}

/** `/v2/orders/:id` → `/v2/orders/{id}`, as OpenAPI paths name their parameters. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The `text/event-stream` answer of a route declaring `events`. */
export function eventStreamResponse(events: NonNullable<RouteOptions['schema']>['events'] & object) {
  const names = Object.keys(events);
  return {
    description: `Server-sent events, each \`event:\` one of ${names.map((n) => `\`${n}\``).join(', ')}, its \`data:\` one line of JSON (see the item schema); comments keep the connection open`,
    content: {
      'text/event-stream': {
        schema: {
          type: 'array',
          description: 'The stream, read as the sequence of its events',
          items: oneOrChoice(
            Object.entries(events).map(([event, { name }]) => ({
              type: 'object',
              required: ['event', 'data'],
              properties: {
                event: { const: event },
                data: {
                  type: 'string',
                  contentMediaType: 'application/json',
                  contentSchema: { $ref: `#/components/schemas/${name}` },
                },
              },
            })),
          ),
        },
      },
    },
  };
}

const oneOrChoice = <T>(schemas: T[]) => (schemas.length === 1 ? schemas[0] : { oneOf: schemas });

export const eventSchemasOf = (events: NonNullable<RouteOptions['schema']>['events'] & object) =>
  Object.fromEntries(Object.values(events).map(({ name, schema }) => [name, jsonSchemaOf(schema)]));
