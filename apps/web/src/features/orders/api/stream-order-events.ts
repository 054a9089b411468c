import { runtimeConfig } from '@/config/runtime';
import { bearerToken } from '@/lib/api-client';
import { parseSse } from '../lib/events';

/**
 * GET /v2/orders/:id/events (server-sent events) read with fetch streaming, so the bearer
 * header can be sent (EventSource cannot); a guest's link token goes as ?token=.
 * Resolves when the stream ends; rejects when it cannot be opened.
 */
export async function streamOrderEvents(
  orderId: number,
  token: string | null,
  onData: (payload: unknown) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  const bearer = bearerToken();
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const response = await fetch(`${runtimeConfig.apiBase}/v2/orders/${orderId}/events${query}`, { headers, signal });
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
