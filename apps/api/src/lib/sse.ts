import type { FastifyReply, FastifyRequest } from 'fastify';
import { metrics } from './metrics.js';

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Runs once when the client goes away (or the server closes the stream). */
  onClose(cleanup: () => void): void;
  /** Ends the stream from the server side (shutdown). */
  end(): void;
}

/**
 * Turns the reply into a server-sent events stream (text/event-stream): the reply is taken over
 * from Fastify, comments keep proxies from timing the connection out, and every registered
 * clean-up runs once when the connection ends.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { keepAliveMs?: number; open?: Set<EventStream> } = {},
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  const headers = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  };
  // Set one by one so that they stay readable (getHeader) to the hooks that run when it ends.
  for (const [name, value] of Object.entries(headers)) raw.setHeader(name, value);
  raw.writeHead(200);
  metrics.streamOpened();
  raw.write('retry: 3000\n\n');
  const cleanups: (() => void)[] = [];
  let closed = false;
  const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), options.keepAliveMs ?? 15_000);
  keepAlive.unref();
  const close = () => {
    if (closed) return;
    closed = true;
    metrics.streamClosed();
    clearInterval(keepAlive);
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  request.raw.on('close', close);
  raw.on('close', close);
  const stream: EventStream = {
    send(event, data) {
      if (closed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    onClose(cleanup) {
      if (closed) cleanup();
      else cleanups.push(cleanup);
    },
    end() {
      close();
      // Shutdown: the client reconnects at once, to a process still serving.
      raw.end('retry: 500\n\n');
    },
  };
  // Open streams are ended when the server shuts down, which would otherwise wait for them.
  options.open?.add(stream);
  stream.onClose(() => options.open?.delete(stream));
  return stream;
}
