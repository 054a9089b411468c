import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { type ErrorCode, type ErrorEnvelope, errorCodes } from '@orderfront/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from '../lib/errors.js';

const genericMessages: Partial<Record<ErrorCode, string>> = {
  bad_request: 'Bad request',
  unauthorized: 'Authentication required',
  forbidden: 'Not allowed',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Request body is too large',
  unsupported_media_type: 'Content-Type must be application/json',
  rate_limited: 'Too many requests; please slow down',
  headers_too_large: 'Request headers are too large',
  internal: 'Something went wrong on our side',
  service_unavailable: 'Service unavailable',
};

const codeByStatus = new Map<number, ErrorCode>(
  Object.entries(errorCodes).map(([code, status]) => [status, code as ErrorCode]),
);

/** fastify-type-provider-zod's shape: `keyword` is the zod issue code, `params` the rest of the issue. */
type ValidationIssue = { keyword?: string; instancePath?: string; message?: string; params?: { keys?: string[] } };

/** `/items/0/quantity` → `items.0.quantity`; unknown keys are reported one field each. */
function validationFields(context: string | undefined, issues: ValidationIssue[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) fields[base ? `${base}.${key}` : key] = 'Unknown field';
      continue;
    }
    fields[base || context || 'request'] = issue.message ?? 'Invalid value';
  }
  return fields;
}

/** Turns any error into the contract's envelope and status (DESIGN.md §3). */
export function toErrorResponse(error: FastifyError | AppError | Error): { status: number; body: ErrorEnvelope } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.fields) };
  }
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError) || fastifyError.validation) {
    const fields = validationFields(
      fastifyError.validationContext,
      (fastifyError.validation ?? []) as ValidationIssue[],
    );
    return { status: 400, body: errorBody('bad_request', 'Invalid request', fields) };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: errorBody('bad_request', 'Request body is empty') };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: errorBody('bad_request', 'Malformed JSON body') };
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = codeByStatus.get(status) ?? 'bad_request';
    return { status, body: errorBody(code, genericMessages[code] ?? 'Bad request') };
  }
  return { status: 500, body: errorBody('internal', genericMessages.internal as string) };
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error as FastifyError);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.error.code, status }, body.error.message);
    return reply.status(status).send(body);
  });
});

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers, garbage bytes):
 * answered on the raw socket, still in the envelope.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return void socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const requestId = randomUUID();
  const envelope = tooLarge
    ? errorBody('headers_too_large', genericMessages.headers_too_large as string)
    : errorBody('bad_request', 'Malformed request');
  const body = JSON.stringify({ ...envelope, error: { ...envelope.error, request_id: requestId } });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Errors Fastify's router raises before any route runs (a URL that does not decode). */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message = error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request';
  const body = errorBody('bad_request', message);
  reply.header('x-request-id', request.id);
  return reply.status(400).send({ ...body, error: { ...body.error, request_id: request.id } });
}

export function sendNotFound(reply: { status(code: number): { send(body: unknown): unknown } }, message = 'Not found') {
  return reply.status(404).send(errorBody('not_found', message));
}
