import {
  CompiledQuery,
  type DatabaseConnection,
  type Kysely,
  PostgresDialect,
  PostgresDriver,
  Transaction,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema.js';

/**
 * PostgreSQL connections run in pg's pipeline mode (decision 077): a statement is written as soon
 * as it is asked for, without waiting for the answers to those ahead of it, and the server answers
 * them in order. Each statement keeps its own sync point, so outside a transaction one's failure
 * is only its own; inside one, the statements behind a failed one fail as an aborted transaction
 * does anyway. What a caller awaits, and in which order, is unchanged.
 */
export const pipelined = { pipeline: true } as const;

type Config = ConstructorParameters<typeof PostgresDialect>[0];

/**
 * `begin` is written without waiting for its answer, so the transaction's first statement follows
 * it at once (decision 077). A `begin` fails only with its connection, and every statement behind
 * it then fails too; the commit still waits for it, so nothing is committed after a failed begin.
 */
class PipelinedDriver extends PostgresDriver {
  readonly #begins = new WeakMap<DatabaseConnection, Promise<unknown>>();
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (settings.isolationLevel || settings.accessMode) return super.beginTransaction(connection, settings);
    const begun = connection.executeQuery(CompiledQuery.raw('begin'));
    begun.catch(() => undefined);
    this.#begins.set(connection, begun);
  }
  override async commitTransaction(connection: DatabaseConnection) {
    await this.#begins.get(connection);
    const sent = commitsSent.get(connection);
    commitsSent.delete(connection);
    await (sent ?? super.commitTransaction(connection));
  }
  override async rollbackTransaction(connection: DatabaseConnection) {
    const sent = commitsSent.get(connection);
    commitsSent.delete(connection);
    // The statement ahead of a commit already sent failed (or the code after it did): the server
    // ended the aborted transaction at that commit, as a rollback; nothing is left to roll back.
    if (sent) return void (await sent.catch(() => undefined));
    await super.rollbackTransaction(connection);
  }
}

/** The `commit` that `withCommitBehind` sent on a connection, for its transaction's end to await. */
const commitsSent = new WeakMap<DatabaseConnection, Promise<unknown>>();

export class PipelinedPostgresDialect extends PostgresDialect {
  readonly #config: Config;
  constructor(config: Config) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new PipelinedDriver(this.#config);
  }
}

/** The dialect and a driver of each pipelined database, for the transactions `concurrently` makes. */
type Pipelined = { dialect: PipelinedPostgresDialect; driver: PostgresDriver };
const dialects = new WeakMap<object, Pipelined>();

/** Lets `concurrently` make transactions of `db` that pipeline (below). */
export function pipelines(db: Kysely<Database>, dialect: PipelinedPostgresDialect) {
  // Never initialised or used: a Transaction refuses what a driver would do (begin, destroy).
  dialects.set(db.getExecutor().adapter, { dialect, driver: dialect.createDriver() });
}

/** The connection a transaction holds, once its statements in flight are answered. */
const connectionOf = (trx: Transaction<Database>) => trx.getExecutor().provideConnection(async (c) => c);

/** A transaction of `trx`'s database on `connection`, each statement sent when it is asked for. */
function unserialized(known: Pipelined, trx: Transaction<Database>, connection: DatabaseConnection) {
  return new Transaction<Database>({
    config: { dialect: known.dialect },
    dialect: known.dialect,
    driver: known.driver,
    executor: trx.getExecutor().withConnectionProvider({ provideConnection: (consume) => consume(connection) }),
  });
}

/**
 * The transaction `trx` again, but each statement is sent when it is asked for: Kysely waits for
 * a transaction's statement to be answered before it sends the next (a driver that cannot
 * pipeline needs that); pg in pipeline mode does not, and answers them in order. On SQLite, whose
 * statements run at once when asked for, `trx` itself.
 */
export async function concurrently(trx: Transaction<Database>): Promise<Transaction<Database>> {
  const known = dialects.get(trx.getExecutor().adapter);
  return known ? unserialized(known, trx, await connectionOf(trx)) : trx;
}

/**
 * Sends the transaction's last statement with `commit` written right behind it (decision 079):
 * the server commits as soon as the statement is done, so the row locks it takes are held for no
 * round trip to this process. `last` sends one statement; whatever it awaits after is not in the
 * transaction (it has committed), and nothing the callback does after it is rolled back. If the
 * statement fails, the server ends the aborted transaction at that commit, as a rollback, and the
 * transaction's end (Kysely's rollback) awaits it. On SQLite, `last(trx)`: its transaction commits
 * when the callback returns.
 */
export async function withCommitBehind<T>(
  trx: Transaction<Database>,
  last: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const known = dialects.get(trx.getExecutor().adapter);
  if (!known) return last(trx);
  const connection = await connectionOf(trx);
  let committing = false;
  const committed: DatabaseConnection = {
    executeQuery<R>(query: CompiledQuery) {
      // pg writes the queries of a connection in the order they are asked for, so `commit`,
      // asked for in the same turn, is written right behind the statement.
      const answer = connection.executeQuery<R>(query);
      if (!committing) {
        committing = true;
        const sent = connection.executeQuery(CompiledQuery.raw('commit'));
        sent.catch(() => undefined);
        commitsSent.set(connection, sent);
      }
      return answer;
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
  return last(unserialized(known, trx, committed));
}

/**
 * Awaits statements sent together in the order they were sent. The first failure is the one
 * thrown; the others' (an aborted transaction's) are already handled, so none goes unheard.
 */
export async function inOrder<T extends readonly unknown[]>(...sent: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  for (const promise of sent) promise.catch(() => undefined);
  const answers: unknown[] = [];
  for (const promise of sent) answers.push(await promise);
  return answers as unknown as T;
}
