import type SQLite from 'better-sqlite3';
import type { Compilable, CompiledQuery, InferResult, Kysely } from 'kysely';
import { metrics } from '../lib/metrics.js';
import type { Db } from './database.js';
import { committedHere, whileUnchanged } from './unchanged.js';

/** The SQLite connection behind each SQLite database's adapter (shared with its transactions). */
const sqliteOf = new WeakMap<object, SQLite.Database>();

/** Lets the precompiled statements of `db` run on its SQLite connection directly (see below). */
export function runsDirectly(db: Kysely<never> | Db, database: SQLite.Database) {
  sqliteOf.set(db.getExecutor().adapter, database);
}

/**
 * A precompiled statement run on the SQLite connection itself rather than through Kysely's executor
 * (decisions 057, 063): SQLite's statements are synchronous, and Kysely's connection lock, logging
 * and promises around one cost as much as the indexed read. `inTransaction` says which handle runs
 * it: the database, only while no transaction is open on the connection (an order's, begun by
 * Kysely: the statement then waits its turn through Kysely as before, so it never sees that
 * transaction's uncommitted rows); a transaction, only while one is open. Kysely gives its one
 * SQLite connection to one transaction at a time, so the one open is the handle's own. Timed into
 * the query metrics as Kysely's log does; answers the rows Kysely's driver would (none for a write
 * without `returning`).
 */
function runDirectly(database: SQLite.Database, sql: string, parameters: readonly unknown[], inTransaction: boolean) {
  if (database.inTransaction !== inTransaction) return undefined;
  const statement = database.prepare(sql);
  const started = performance.now();
  try {
    const values = parameters as unknown[];
    let rows: unknown[] = [];
    if (statement.reader) rows = statement.all(...values);
    else statement.run(...values);
    metrics.query('sqlite', sql, performance.now() - started, false);
    return rows;
  } catch (error) {
    metrics.query('sqlite', sql, performance.now() - started, true);
    throw error;
  }
}

/** A write waiting for its database's next group commit. */
interface Waiting {
  sql: string;
  parameters: readonly unknown[];
  /** The same write through Kysely, when a transaction holds the connection at the commit. */
  alone: () => Promise<unknown[]>;
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

const waitingOf = new WeakMap<SQLite.Database, Waiting[]>();

/**
 * Writes asked for in one turn of the event loop, committed together (decision 066): each SQLite
 * commit appends its pages to the WAL, and every thousand pages a checkpoint writes them back with
 * an fsync on this thread, so a commit per cart add costs more than the add's own statement. Each
 * write is still its own statement with its own condition, run in the order asked; one that fails
 * (a constraint) fails alone, as SQLite undoes that statement only. Nobody is answered before the
 * commit; if the transaction itself fails, every write of it fails and none is kept. While a
 * transaction begun through Kysely holds the connection (an order's), each write waits its turn
 * through Kysely instead, alone.
 */
function commitTogether(database: SQLite.Database, waiting: Waiting) {
  let queue = waitingOf.get(database);
  if (!queue) {
    queue = [];
    waitingOf.set(database, queue);
    setImmediate(() => commitWaiting(database));
  }
  queue.push(waiting);
}

function commitWaiting(database: SQLite.Database) {
  const queue = waitingOf.get(database) ?? [];
  waitingOf.delete(database);
  if (database.inTransaction) {
    for (const w of queue) w.alone().then(w.resolve, w.reject);
    return;
  }
  const outcomes: ({ rows: unknown[] } | { error: unknown })[] = [];
  try {
    database.prepare('begin immediate').run();
    for (const w of queue) {
      try {
        outcomes.push({ rows: runDirectly(database, w.sql, w.parameters, true) ?? [] });
      } catch (error) {
        // SQLite ended the transaction (out of space, I/O): nothing of it is kept.
        if (!database.inTransaction) throw error;
        outcomes.push({ error });
      }
    }
    database.prepare('commit').run();
    committedHere(database);
  } catch (error) {
    if (database.inTransaction) database.prepare('rollback').run();
    for (const w of queue) w.reject(error);
    return;
  }
  queue.forEach((w, i) => {
    const outcome = outcomes[i] as { rows: unknown[] } | { error: unknown };
    if ('rows' in outcome) w.resolve(outcome.rows);
    else w.reject(outcome.error);
  });
}

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
  return compiledOnce<Args, Q>(build, build.length - 1);
}

/**
 * A statement of one record with always the same `fields`, built once (decisions 053, 067): each
 * field is a parameter, so a record must give each (null where empty). The order's and the cart's
 * rows have dozens of columns, and Kysely's building of their values costs more than SQLite's
 * writing them; an order's settlement is one record on either dialect, so its two statements take
 * the same fields.
 */
export function precompiledRecord<Row extends object, Q extends Compilable<unknown>>(
  fields: readonly (keyof Row & string)[],
  build: (db: Db, row: Row) => Q,
) {
  const run = compiledOnce<unknown[], Q>(
    (db, ...values) => build(db, Object.fromEntries(fields.map((c, i) => [c, values[i]])) as Row),
    fields.length,
  );
  const values = (row: Row) =>
    fields.map((c) => {
      // Left out, a column would take its default in Kysely's insert but null here: refused instead.
      if (row[c] === undefined) throw new Error(`precompiled: no value for ${c}`);
      return row[c];
    });
  return Object.assign((db: Db, row: Row) => run(db, ...values(row)), {
    together: (db: Db, row: Row) => run.together(db, ...values(row)),
  });
}

/** An insert of one row with always the same `columns` (decision 053): `precompiledRecord`. */
export const precompiledInsert = precompiledRecord;

let statements = 0;

function compiledOnce<Args extends unknown[], Q extends Compilable<unknown>>(
  build: (db: Db, ...args: Args) => Q,
  arity: number,
) {
  // Keyed by the dialect's adapter, which a transaction shares with its database.
  const byAdapter = new WeakMap<object, { compiled: CompiledQuery; from: (number | { value: unknown })[] }>();
  const compiledFor = (db: Db) => {
    const adapter = db.getExecutor().adapter;
    let entry = byAdapter.get(adapter);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, i) => ({ [slot]: i }));
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
  /** The rows at once when the statement can run on the SQLite connection directly, else undefined. */
  const now = (db: Db, ...args: Args): InferResult<Q> | undefined => {
    const sqlite = sqliteOf.get(db.getExecutor().adapter);
    if (!sqlite) return undefined;
    const { compiled, from } = compiledFor(db);
    const parameters = from.map((f) => (typeof f === 'number' ? args[f] : f.value));
    return runDirectly(sqlite, compiled.sql, parameters, db.isTransaction) as InferResult<Q> | undefined;
  };
  const statement = statements++;
  /**
   * `now`, answered from memory while the SQLite file is unchanged since the same arguments' last
   * read (decision 072); undefined where `now` is, and inside a transaction. The rows are frozen.
   */
  const nowUnchanged = (db: Db, ...args: Args): InferResult<Q> | undefined => {
    const sqlite = sqliteOf.get(db.getExecutor().adapter);
    if (!sqlite || db.isTransaction) return undefined;
    // No argument we give holds a NUL (hosts, token hashes, ids), so the key is unambiguous.
    return whileUnchanged(sqlite, `${statement}\0${args.join('\0')}`, () => {
      const rows = now(db, ...args);
      return rows && (Object.freeze(rows.map((row) => Object.freeze(row))) as InferResult<Q>);
    });
  };
  const run = async (db: Db, ...args: Args): Promise<InferResult<Q>> => {
    const rows = now(db, ...args);
    if (rows) return rows;
    const { compiled, from } = compiledFor(db);
    const parameters = from.map((f) => (typeof f === 'number' ? args[f] : f.value));
    const result = await db.executeQuery<InferResult<Q>[number]>({ ...compiled, parameters });
    return result.rows as InferResult<Q>;
  };
  /**
   * A write committed with the others asked for in the same turn (see commitTogether): on SQLite
   * outside a transaction; anywhere else as `run`.
   */
  const together = (db: Db, ...args: Args): Promise<InferResult<Q>> => {
    const sqlite = sqliteOf.get(db.getExecutor().adapter);
    if (!sqlite || db.isTransaction) return run(db, ...args);
    const { compiled, from } = compiledFor(db);
    const parameters = from.map((f) => (typeof f === 'number' ? args[f] : f.value));
    return new Promise((resolve, reject) =>
      commitTogether(sqlite, {
        sql: compiled.sql,
        parameters,
        alone: () => run(db, ...args),
        resolve: resolve as (rows: unknown[]) => void,
        reject,
      }),
    );
  };
  // `now`: for a hot path that answers without a promise when it can (the cached menu, decision 064).
  return Object.assign(run, { now, nowUnchanged, together });
}

/** Whether `db`'s precompiled statements run on a SQLite connection directly (no round trips). */
export const runsOnSqlite = (db: Db) => sqliteOf.has(db.getExecutor().adapter);
