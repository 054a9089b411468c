import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { orderAccessHeader } from '@orderfront/core';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../version.js';
import {
  accessOf,
  type ErrorStatus,
  errorResponses,
  errorStatusesOf,
  eventSchemasOf,
  eventStreamResponse,
  openapiPath,
  operationIdOf,
  sharedComponents,
} from './openapi-operations.js';

const successes: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

interface Derived {
  errors: Map<ErrorStatus, string | undefined>;
  events: NonNullable<RouteOptions['schema']>['events'];
  upload: readonly string[] | undefined;
  etag: boolean;
  download: { type: string; description: string } | undefined;
}

type Operation = { responses?: Record<string, unknown>; requestBody?: unknown };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
};

/**
 * OpenAPI 3.1 generated from the routes (decision 029): UI at /api/docs, JSON at /api/docs/json. The
 * zod schemas give bodies and answers; the route's hooks and inputs give its security and error
 * answers (openapi-operations.ts), so a route declared the usual way is described fully.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  const derived = new Map<string, Derived>();
  const base = app.config.publicBaseUrl.replace(/\/+$/, '');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Storefront API',
        version,
        description:
          'The online ordering API of one storefront (its restaurants, menu, cart, orders, back office). ' +
          'Every answer is `{ data, error: null }` or `{ data: null, error: { code, message, fields?, request_id? } }`; ' +
          'money is integer cents. Send `Authorization: Bearer <token>` from sign-in or a guest session where an ' +
          "operation's security asks for it.",
        contact: { name: 'Storefront support', url: `${base}/contact` },
        license: { name: 'Proprietary: use with the operator’s storefront only' },
      },
      servers: [{ url: base, description: 'This storefront' }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: "A guest's or a user's session token; staff calls need a user with a staff role",
          },
          orderAccess: {
            type: 'apiKey',
            in: 'header',
            name: orderAccessHeader,
            description: "The credential `POST /api/v2/orders/{id}/access` gives for an order's mailed link",
          },
        },
      },
    },
    transform(document) {
      const result = jsonSchemaTransform(document);
      const route = document.route as RouteOptions;
      const schema = result.schema as Record<string, unknown> | undefined;
      if (!schema || schema.hide) return result;
      const { errors: _errors, events: _events, upload: _upload, etag: _etag, download: _download, ...rest } = schema;
      const { security, access } = accessOf(route);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        derived.set(`${method.toLowerCase()} ${openapiPath(route.url)}`, {
          errors: errorStatusesOf(route),
          events: route.schema?.events,
          upload: route.schema?.upload,
          etag: route.schema?.etag === true,
          download: route.schema?.download,
        });
      }
      const description = [rest.description, access].filter(Boolean).join('\n\n');
      return {
        url: result.url,
        schema: {
          ...(rest as FastifySchema),
          operationId: (rest.operationId as string | undefined) ?? operationIdOf(methods[0] ?? 'get', route.url),
          security,
          ...(description ? { description } : {}),
        },
      };
    },
    transformObject(object) {
      const doc = (object as { openapiObject: Document }).openapiObject;
      const schemas: Record<string, unknown> = {};
      const used = new Set<ErrorStatus>();
      for (const [path, item] of Object.entries(doc.paths ?? {})) {
        for (const [method, operation] of Object.entries(item)) {
          const info = derived.get(`${method} ${path}`);
          if (!info) continue;
          const responses: Record<string, unknown> = { ...operation.responses };
          for (const [status, answer] of Object.entries(responses)) {
            const named = answer as { description?: string };
            if (named.description === 'Default Response') named.description = successes[status] ?? 'Success';
          }
          if (info.etag) {
            responses['304'] = {
              description: 'Not modified: the `If-None-Match` sent names the current `ETag`; no body',
            };
          }
          if (info.upload) {
            const binary = { schema: { type: 'string', contentEncoding: 'binary' } };
            operation.requestBody = {
              required: true,
              content: Object.fromEntries(info.upload.map((type) => [type, binary])),
            };
          }
          if (info.download) {
            const { type, description } = info.download;
            responses['200'] = { description, content: { [type]: { schema: { type: 'string' } } } };
          }
          if (info.events) {
            responses['200'] = eventStreamResponse(info.events);
            Object.assign(schemas, eventSchemasOf(info.events));
          }
          for (const [status, description] of [...info.errors].sort(([a], [b]) => a - b)) {
            const shared = errorResponses[status];
            if (!description) used.add(status);
            responses[status] = description
              ? {
                  description,
                  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
                }
              : { $ref: `#/components/responses/${shared.name}` };
          }
          responses.default = { $ref: '#/components/responses/ServerError' };
          operation.responses = responses;
        }
      }
      const shared = sharedComponents(used);
      return {
        ...doc,
        components: {
          ...doc.components,
          schemas: { ...doc.components?.schemas, ...shared.schemas, ...schemas },
          responses: shared.responses,
        },
      };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
