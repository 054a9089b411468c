import type { Compilable, CompiledQuery, InferResult } from 'kysely';
import type { Db } from './database.js';

const slot = Symbol('precompiled parameter');
type Placeholder = { readonly [slot]: number };
const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === 'object' && value !== null && slot in value;

/**
 * A hot query built and compiled once per dialect, then run with each call's values (decision 050):
 * Kysely builds and compiles a query anew on every call, a few percent of a cart request. `build`
 * must give the same SQL whatever its arguments (no branching on them): each argument is a
 * placeholder while it is built, and every value that varies must be an argument. It runs on the
 * handle it is given, so inside an order's transaction it reads through that transaction.
 */
export function precompiled<Args extends unknown[], Q extends Compilable<unknown>>(
  build: (db: Db, ...args: Args) => Q,
) {
  // Keyed by the dialect's adapter, which a transaction shares with its database.
  const byAdapter = new WeakMap<object, { compiled: CompiledQuery; from: (number | { value: unknown })[] }>();
  const compiledFor = (db: Db) => {
    const adapter = db.getExecutor().adapter;
    let entry = byAdapter.get(adapter);
    if (!entry) {
      const placeholders = Array.from({ length: build.length - 1 }, (_, i) => ({ [slot]: i }));
      const compiled = build(db, ...(placeholders as unknown as Args)).compile();
      const from = compiled.parameters.map((p) => (isPlaceholder(p) ? p[slot] : { value: p }));
      if (new Set(from.filter((f) => typeof f === 'number')).size !== placeholders.length) {
        throw new Error(`precompiled: every argument must be a parameter of the query (${compiled.sql})`);
      }
      entry = { compiled, from };
      byAdapter.set(adapter, entry);
    }
    return entry;
  };
  return async (db: Db, ...args: Args): Promise<InferResult<Q>> => {
    const { compiled, from } = compiledFor(db);
    const parameters = from.map((f) => (typeof f === 'number' ? args[f] : f.value));
    const result = await db.executeQuery<InferResult<Q>[number]>({ ...compiled, parameters });
    return result.rows as InferResult<Q>;
  };
}
