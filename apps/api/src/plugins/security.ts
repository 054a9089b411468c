import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

type NoncedResponse = ServerResponse & { scriptNonce?: string; [withNonce]?: (nonce: string) => string };

const withNonce = Symbol('CSP with a nonce');

/**
 * The nonce of this response's inline scripts (the runtime config in index.html), made on first use:
 * only a page has inline scripts, so only a page pays for the random bytes and carries a nonce in
 * its CSP (decision 055). Every other answer's CSP allows no inline script at all.
 */
export function scriptNonce(raw: ServerResponse): string {
  const res = raw as NoncedResponse;
  if (res.scriptNonce === undefined) {
    res.scriptNonce = randomBytes(16).toString('base64');
    const csp = res[withNonce];
    if (csp) res.setHeader('content-security-policy', csp(res.scriptNonce));
  }
  return res.scriptNonce;
}

/** Stands for the response's nonce in the headers computed once; never sent. */
const nonceMark = 'nonce-mark-7f3a';

/**
 * Helmet's headers for the given options, computed once (decision 034): helmet builds them anew on
 * every call, so it is run once here against a response that only records them. The CSP nonce is
 * left as a mark to put each response's own nonce in.
 */
function headersOf(options: Parameters<typeof helmet>[0]) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return { set, removed };
}

/**
 * Puts helmet's headers on a response (computed once at start); the request path's first hook calls
 * it for every answer (plugins/request-path.ts).
 */
export function securityHeaders(app: FastifyInstance): (raw: ServerResponse) => void {
  // Google's sign-in script, button frame and styles, only when Google sign-in is configured.
  const google = app.config.google.clientId ? ['https://accounts.google.com/gsi/'] : [];
  // Stripe.js and its card iframes (decision 015): any tenant may switch Stripe on at run time.
  const stripe = {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  };
  const { set, removed } = headersOf({
    crossOriginEmbedderPolicy: false,
    // An order link's address (its token) never goes to another site as a referrer (decision 026).
    referrerPolicy: { policy: 'same-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${nonceMark}'`, ...google, ...stripe.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...google, ...stripe.connect],
        frameSrc: ["'self'", ...google, ...stripe.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
  });
  const [before, after] = (set.find(([name]) => name === 'Content-Security-Policy')?.[1] ?? '').split(nonceMark);
  // Names in lower case, as Node keeps them: setHeader then lowers nothing anew on every answer (decision 065).
  const fixed = set
    .filter(([name]) => name !== 'Content-Security-Policy')
    .map(([name, value]) => [name.toLowerCase(), value] as const);
  // Until a page asks for a nonce, the CSP names none: the mark goes with its quotes and space.
  const csp = after === undefined ? undefined : (nonce: string) => `${before}${nonce}${after}`;
  const withoutNonce =
    after === undefined ? undefined : `${(before ?? '').replace(/ 'nonce-$/, '')}${after.replace(/^'/, '')}`;
  // Only scripts get a nonce: a style nonce would disable 'unsafe-inline', which toasts need.
  return (response) => {
    const raw = response as NoncedResponse;
    for (const name of removed) raw.removeHeader(name);
    for (const [name, value] of fixed) raw.setHeader(name, value);
    if (csp && withoutNonce !== undefined) {
      raw[withNonce] = csp;
      raw.setHeader('content-security-policy', withoutNonce);
    }
  };
}
