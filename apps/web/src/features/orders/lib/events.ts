import { type Order, orderStatusChangeSchema, orderStatusSchema } from '@orderfront/core';

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
 * The order after a streamed event. The server's `order` event carries
 * {order_id, order_number, method, status, ready_at, status_history}; a whole order (or one wrapped
 * as {order}) replaces it; a bare status change ({status, at?, note?}) joins the history once.
 */
export function applyOrderEvent(order: Order, payload: unknown): Order {
  if (!payload || typeof payload !== 'object') return order;
  const value = payload as Record<string, unknown>;
  if (value.order && typeof value.order === 'object') return applyOrderEvent(order, value.order);
  if (Array.isArray(value.lines)) return value.id === order.id ? (value as unknown as Order) : order;
  if (value.order_id !== undefined && value.order_id !== order.id) return order;
  const status = orderStatusSchema.safeParse(value.status);
  if (!status.success) return order;
  const readyAt = typeof value.ready_at === 'string' || value.ready_at === null ? value.ready_at : order.ready_at;
  const history = orderStatusChangeSchema.array().safeParse(value.status_history);
  if (history.success) return { ...order, status: status.data, ready_at: readyAt, status_history: history.data };
  const at = typeof value.at === 'string' ? value.at : new Date().toISOString();
  const note = typeof value.note === 'string' ? value.note : null;
  const seen = order.status_history.some((h) => h.status === status.data && h.at === at);
  return {
    ...order,
    status: status.data,
    ready_at: readyAt,
    status_history: seen ? order.status_history : [...order.status_history, { status: status.data, at, note }],
  };
}
