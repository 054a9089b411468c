import { describe, expect, it } from 'vitest';
import { eventStreamParser } from './event-stream';

describe('event stream parser', () => {
  it('answers whole events across chunk boundaries and skips comments and retry lines', () => {
    const parse = eventStreamParser();
    expect(parse('retry: 3000\n\n: keep-alive\n\nevent: order\ndata: {"order_id":')).toEqual([]);
    expect(parse('1}\n\nevent: order\r\ndata: {"order_id":2}\r\n\r\n')).toEqual([
      { event: 'order', data: '{"order_id":1}' },
      { event: 'order', data: '{"order_id":2}' },
    ]);
  });

  it('joins multi-line data and defaults the event name to message', () => {
    const parse = eventStreamParser();
    expect(parse('data: a\ndata: b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
