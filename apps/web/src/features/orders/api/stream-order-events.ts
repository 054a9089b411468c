import { runtimeConfig } from '@/config/runtime';
import { bearerToken } from '@/lib/api-client';
import { orderAccessHeaders } from '@/lib/order-access';
import { parseSse } from '../lib/events';

/**
 * GET /v2/orders/:id/events (server-sent events) read with fetch streaming, so the bearer
 * and order access headers can be sent (EventSource cannot): no token in the address.
 * Resolves when the stream ends; rejects when it cannot be opened.
 */
export async function streamOrderEvents(
  orderId: number,
  onData: (payload: unknown) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream', ...orderAccessHeaders(orderId) };
  const bearer = bearerToken();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(`${runtimeConfig.apiBase}/v2/orders/${orderId}/events`, { headers, signal });
  if (!response.ok || !response.body) throw new Error(`Order events failed (${response.status})`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const { events, rest } = parseSse(buffer);
    buffer = rest;
    for (const event of events) {
      try {
        onData(JSON.parse(event.data));
      } catch {
        // A keep-alive or a line we do not understand: nothing to apply.
      }
    }
  }
}
