import { z } from 'zod';

/** Error codes of the API contract (DESIGN.md §3); each maps to one HTTP status. */
export const errorCodes = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const apiErrorSchema = z.object({
  code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** Which input field is wrong, keyed by its path (`items.0.quantity`). */
  fields: z.record(z.string(), z.string()).optional(),
  /** The request's id (also its `x-request-id` header): what support looks the failure up by. */
  request_id: z.string().optional(),
});

export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorEnvelopeSchema = z.object({
  data: z.null(),
  error: apiErrorSchema,
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** `{ data, error: null }`: the shape of every successful answer. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, error: z.null() });
}

export type Envelope<T> = { data: T; error: null };
