import { describe, expect, it } from 'vitest';
import { order } from '@/testing/orders';
import { applyOrderEvent, parseSse } from './events';

describe('server-sent events', () => {
  it('splits whole events from the unfinished rest, joining data lines and skipping comments', () => {
    const { events, rest } = parseSse(': keep-alive\n\nevent: status\ndata: {"a":\ndata: 1}\n\ndata: {"b"');
    expect(events).toEqual([{ event: 'status', data: '{"a":\n1}' }]);
    expect(rest).toBe('data: {"b"');
  });

  it('reads CRLF line ends', () => {
    expect(parseSse('data: x\r\n\r\n').events).toEqual([{ event: 'message', data: 'x' }]);
  });
});

describe('applying an order event', () => {
  const placed = order();

  it('a status change moves the order on and joins its history once', () => {
    const event = { status: 'accepted', at: '2026-11-23T07:05:00.000Z', note: 'Ready in about 20 min' };
    const next = applyOrderEvent(placed, event);
    expect(next.status).toBe('accepted');
    expect(next.status_history.at(-1)).toEqual(event);
    expect(applyOrderEvent(next, event).status_history).toHaveLength(2);
  });

  it("the server's order event sets status, ready time and the whole history", () => {
    const history = [
      { status: 'placed', at: '2026-11-23T07:00:00.000Z', note: null },
      { status: 'accepted', at: '2026-11-23T07:05:00.000Z', note: null },
    ] as const;
    const next = applyOrderEvent(placed, {
      order_id: placed.id,
      order_number: placed.order_number,
      method: 'pickup',
      status: 'accepted',
      ready_at: '2026-11-23T07:25:00.000Z',
      status_history: history,
    });
    expect(next).toMatchObject({ status: 'accepted', ready_at: '2026-11-23T07:25:00.000Z', status_history: history });
  });

  it('a whole order (or one wrapped as {order}) replaces it', () => {
    const whole = order({ status: 'ready' });
    expect(applyOrderEvent(placed, whole)).toBe(whole);
    expect(applyOrderEvent(placed, { order: whole })).toBe(whole);
  });

  it("ignores unknown statuses and another order's events", () => {
    expect(applyOrderEvent(placed, { status: 'teleported' })).toBe(placed);
    expect(applyOrderEvent(placed, { order_id: 99, id: 99, status: 'accepted' })).toBe(placed);
    expect(applyOrderEvent(placed, 'ping')).toBe(placed);
  });
});
