import type { ApiError as ApiErrorBody, ErrorCode } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';
import { readStorage, storageKeys } from './storage';

/** A failed call: the contract's error (code, message, fields) and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly fields?: Record<string, string>,
    /** The server's id of the failed request (`X-Request-Id`): what support looks it up by. */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The bearer token for this call; by default the current one (bearerToken()). A call that belongs
   * to one identity passes that identity's token (null: none), so it never goes out as someone else.
   */
  token?: string | null;
}

type Listener = (error: ApiError) => void;
const errorListeners = new Set<Listener>();

/** Lets app-level code react to any failed call (spec §8: a 502 raises the server-down flag). */
export function onApiError(listener: Listener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/**
 * Where requests go: the network in the browser; the server's own routes, in-process, while it
 * renders a page (decision 035). Returns a function that restores the previous transport.
 */
export function setApiTransport(next: Transport): () => void {
  const previous = transport;
  transport = next;
  return () => {
    transport = previous;
  };
}

/** Spec §7: the registered token if stored, else the guest token, else none. */
export function bearerToken(): string | null {
  return readStorage(storageKeys.token) ?? readStorage(storageKeys.guestToken);
}

function urlFor(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${runtimeConfig.apiBase}${path}${qs ? `?${qs}` : ''}`;
}

async function parseBody(response: Response): Promise<{ data?: unknown; error?: ApiErrorBody | null } | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Calls the API and returns the envelope's `data`, or throws an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = options.token === undefined ? bearerToken() : options.token;
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(urlFor(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if ((cause as Error).name === 'AbortError') throw cause;
    throw notify(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.'));
  }

  const body = await parseBody(response);
  if (response.ok && body && body.error == null) return body.data as T;
  const error = body?.error;
  throw notify(
    new ApiError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'internal' : 'bad_request'),
      error?.message ?? `Request failed (${response.status})`,
      error?.fields,
      error?.request_id ?? response.headers.get('x-request-id') ?? undefined,
    ),
  );
}

function notify(error: ApiError): ApiError {
  for (const listener of errorListeners) listener(error);
  return error;
}

/** What to tell the customer about a failed call: the API's own words, else the caller's fallback. */
export function apiMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  // Our own failure: the customer can quote the reference and support finds the request's log lines.
  return error.status >= 500 && error.requestId ? `${error.message} (reference ${error.requestId})` : error.message;
}
