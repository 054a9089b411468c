import { type Order, orderStatusSchema } from '@storefront/core';

export interface SseEvent {
  event: string;
  data: string;
}

/** Splits server-sent-event text into whole events and the unfinished rest. */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalised.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: SseEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * The order after a streamed event: a whole order replaces it; a status change
 * ({status, at?, note?}, possibly wrapped as {order}) moves it on and joins its history.
 */
export function applyOrderEvent(order: Order, payload: unknown): Order {
  if (!payload || typeof payload !== 'object') return order;
  const value = payload as Record<string, unknown>;
  if (value.order && typeof value.order === 'object') return applyOrderEvent(order, value.order);
  if (Array.isArray(value.lines) && value.id === order.id) return value as unknown as Order;
  const status = orderStatusSchema.safeParse(value.status);
  if (!status.success) return order;
  if (value.id !== undefined && value.id !== order.id && value.order_id !== order.id) return order;
  const at = typeof value.at === 'string' ? value.at : new Date().toISOString();
  const note = typeof value.note === 'string' ? value.note : null;
  const seen = order.status_history.some((h) => h.status === status.data && h.at === at);
  return {
    ...order,
    status: status.data,
    ready_at: typeof value.ready_at === 'string' ? value.ready_at : order.ready_at,
    payment_status:
      typeof value.payment_status === 'string'
        ? (value.payment_status as Order['payment_status'])
        : order.payment_status,
    status_history: seen ? order.status_history : [...order.status_history, { status: status.data, at, note }],
  };
}
