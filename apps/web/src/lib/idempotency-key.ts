/** A fresh Idempotency-Key for one intended change; works on plain http too, where crypto.randomUUID is not available. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
