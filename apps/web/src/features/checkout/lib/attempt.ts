import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * One checkout attempt = one Idempotency-Key, kept in sessionStorage so a retry, a double click
 * or a reload of the payment page sends the same key and the server answers the same order.
 * A different order (another method, time or address) is another attempt with a new key.
 */
const attemptKey = 'checkoutAttempt';
const lastOrderKey = 'lastOrder';

interface Attempt {
  key: string;
  fingerprint: string;
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not write "${key}" to session storage`, error);
  }
}

// crypto.randomUUID exists only on https and localhost; a storefront on its own plain-http host
// (the e2e tenants) must still be able to check out.
const newKey = newIdempotencyKey;

/** The key for this order body: the stored one while the body is the same, else a new one. */
export function idempotencyKeyFor(body: unknown): string {
  const fingerprint = JSON.stringify(body);
  const current = read<Attempt>(attemptKey);
  if (current && current.fingerprint === fingerprint) return current.key;
  const attempt = { key: newKey(), fingerprint };
  write(attemptKey, attempt);
  return attempt.key;
}

/** The attempt ended in an order: the next checkout is a new attempt. */
export function endAttempt() {
  write(attemptKey, null);
}

/** What /checkout/success shows of the order just placed. */
export interface LastOrder {
  id: number;
  orderNumber: string;
  method: 'pickup' | 'delivery' | 'dine_in';
  /** A guest's access token for the confirmation link; null for signed-in users. */
  token: string | null;
}

export function saveLastOrder(order: LastOrder) {
  write(lastOrderKey, order);
}

export function readLastOrder(): LastOrder | null {
  return read<LastOrder>(lastOrderKey);
}
