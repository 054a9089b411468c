import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Answers for the Accept-Encoding values seen last (browsers send a handful), at most 64 kept. */
const seen = new Map<string, Encoding | undefined>();

/** The compression the client accepts, preferring brotli; undefined: send the body as it is. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (seen.has(header)) return seen.get(header);
  const encoding = parsedEncoding(header);
  // Decision 065: parsing it on every menu request was a measurable share; a client sending ever new
  // values only empties the map.
  if (seen.size >= 64) seen.clear();
  seen.set(header, encoding);
  return encoding;
}

function parsedEncoding(header: string): Encoding | undefined {
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (q && Number(q.trim().slice(2)) === 0) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/** The body compressed at `quality`: brotli's 0–11, gzip's level 1–9 (above 9 counts as 9). */
export function encode(body: string | Buffer, encoding: Encoding, quality: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: Math.max(1, Math.min(9, quality)) });
}
