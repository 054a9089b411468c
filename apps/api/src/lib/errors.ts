import { type ErrorCode, type ErrorEnvelope, errorCodes } from '@orderfront/core';

/** An error whose code and message are safe to show the caller. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = errorCodes[code];
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorEnvelope {
  return { data: null, error: fields ? { code, message, fields } : { code, message } };
}
