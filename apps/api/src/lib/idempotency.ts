import { idempotencyKeySchema } from '@orderfront/core';
import { AppError } from './errors.js';

/** The Idempotency-Key a request sent, checked: 400 on the header when it is missing or malformed. */
export function checkedIdempotencyKey(value: string | undefined): string {
  const key = idempotencyKeySchema.safeParse(value ?? '');
  if (!key.success) {
    throw new AppError('bad_request', 'Send an Idempotency-Key header (8 to 128 letters, digits, - or _)', {
      'Idempotency-Key': 'Required: 8 to 128 letters, digits, - or _',
    });
  }
  return key.data;
}

/** Keys sorted, so the same body always has the same fingerprint. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
