import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * The request a piece of work belongs to, so that a log line written through the app's logger deep
 * in a service (not the request's own logger) still names the request id (decision 028).
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export const requestContext = {
  run: <T>(requestId: string, fn: () => T): T => storage.run({ requestId }, fn),
  requestId: (): string | undefined => storage.getStore()?.requestId,
};

/** `TRUST_PROXY`: comma-separated addresses and CIDR ranges of the reverse proxies in front of us. */
export function parseTrustedProxies(list: string): { ok: true; blocks: BlockList } | { ok: false; bad: string } {
  const blocks = new BlockList();
  for (const entry of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) return { ok: false, bad: entry };
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, type);
    else {
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) return { ok: false, bad: entry };
      blocks.addSubnet(address, prefix, type);
    }
  }
  return { ok: true, blocks };
}

/** Whether an address is one of the trusted proxies (IPv4-mapped IPv6 counts as its IPv4). */
export function proxyTrust(blocks: BlockList | undefined): (address: string | undefined) => boolean {
  if (!blocks) return () => false;
  return (address) => {
    if (!address) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    return blocks.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

const acceptableId = /^[A-Za-z0-9._:@-]{8,128}$/;

/**
 * The request's id: a trusted proxy's `X-Request-Id` when it looks like one (so its logs and ours
 * agree), else a new UUID. A client that reaches us directly cannot choose it.
 */
export function requestIdFor(request: IncomingMessage, trusted: (address: string | undefined) => boolean): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && acceptableId.test(given) && trusted(request.socket.remoteAddress)) return given;
  return randomUUID();
}
