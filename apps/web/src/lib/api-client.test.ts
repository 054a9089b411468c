import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiMessage, onApiError } from './api-client';
import { storageKeys } from './storage';

function respond(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function sentHeaders(fetch: ReturnType<typeof respond>): Record<string, string> {
  const init = fetch.mock.calls[0]?.at(1) as RequestInit | undefined;
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('returns the data of a successful envelope and sends JSON to the API base', async () => {
    const fetch = respond(200, { data: { ok: true }, error: null });
    await expect(
      api('/v2/cart', { method: 'POST', body: { quantity: 1 }, query: { guest_id: 1234567, coupon_code: undefined } }),
    ).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v2/cart?guest_id=1234567',
      expect.objectContaining({ method: 'POST', body: '{"quantity":1}' }),
    );
    expect(sentHeaders(fetch)['content-type']).toBe('application/json');
  });

  it('throws the error of the envelope with its status, code and fields', async () => {
    respond(400, {
      data: null,
      error: { code: 'bad_request', message: 'Invalid request', fields: { quantity: 'Too big' } },
    });
    const error = await api('/v2/cart').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'bad_request',
      message: 'Invalid request',
      fields: { quantity: 'Too big' },
    });
  });

  it("keeps the request id of a failure, and quotes it to the customer when the fault is the server's", async () => {
    respond(500, {
      data: null,
      error: { code: 'internal', message: 'Something went wrong on our side', request_id: 'req-5d0f2c1e' },
    });
    const internal = await api('/v2/orders').catch((e: unknown) => e);
    expect(internal).toMatchObject({ status: 500, requestId: 'req-5d0f2c1e' });
    expect(apiMessage(internal, 'fallback')).toBe('Something went wrong on our side (reference req-5d0f2c1e)');
    respond(422, { data: null, error: { code: 'unprocessable', message: 'Your cart is empty', request_id: 'req-1' } });
    expect(apiMessage(await api('/v2/orders').catch((e: unknown) => e), 'fallback')).toBe('Your cart is empty');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'x-request-id': 'edge-77' } }),
      ),
    );
    expect(await api('/v2/orders').catch((e: unknown) => e)).toMatchObject({ status: 502, requestId: 'edge-77' });
  });

  it('turns a non-JSON failure such as a proxy 502 into an ApiError and tells listeners', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const seen: number[] = [];
    const off = onApiError((e) => seen.push(e.status));
    await expect(api('/v2/cart')).rejects.toMatchObject({ status: 502, code: 'internal' });
    off();
    expect(seen).toEqual([502]);
  });

  it('authorises with the registered token first, else the guest token, else none (spec §7)', async () => {
    let fetch = respond(200, { data: null, error: null });
    await api('/x');
    expect(sentHeaders(fetch).authorization).toBeUndefined();

    localStorage.setItem(storageKeys.guestToken, 'guest-token');
    fetch = respond(200, { data: null, error: null });
    await api('/x');
    expect(sentHeaders(fetch).authorization).toBe('Bearer guest-token');

    localStorage.setItem(storageKeys.token, 'user-token');
    fetch = respond(200, { data: null, error: null });
    await api('/x');
    expect(sentHeaders(fetch).authorization).toBe('Bearer user-token');
  });
});
