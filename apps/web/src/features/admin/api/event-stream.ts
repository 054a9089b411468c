export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events. Feed it chunks as they arrive; it answers the complete
 * events and keeps the unfinished tail for the next chunk. Comments (`: keep-alive`) and `retry:`
 * lines are skipped.
 */
export function eventStreamParser() {
  let buffer = '';
  return (chunk: string): StreamEvent[] => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    const events: StreamEvent[] = [];
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
      end = buffer.indexOf('\n\n');
    }
    return events;
  };
}

/**
 * Follows a server-sent events URL with fetch, so the bearer header can be sent (EventSource cannot
 * send headers), reconnecting after a drop until `signal` aborts. `onOpen` runs on every
 * (re)connection, so callers can catch up on what they missed.
 */
export async function followEventStream(
  url: string,
  options: {
    headers: Record<string, string>;
    signal: AbortSignal;
    onEvent(event: StreamEvent): void;
    onOpen?(): void;
    retryMs?: number;
  },
) {
  const retryMs = options.retryMs ?? 3000;
  while (!options.signal.aborted) {
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...options.headers },
        signal: options.signal,
      });
      // A refusal (signed out, role changed) will not get better by retrying at once.
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`event stream: ${response.status}`);
      options.onOpen?.();
      const parse = eventStreamParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parse(value)) options.onEvent(event);
      }
    } catch (error) {
      if (options.signal.aborted) return;
      void error; // dropped connection: try again after a pause
    }
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
}
