import nodeModule from 'node:module';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, Kysely, SqliteDialect, SqliteDriver, sql } from 'kysely';
import pg from 'pg';
import { type DatabaseTarget, defaultPoolMax } from '../config.js';
import { metrics } from '../lib/metrics.js';
import { backstopPages, startCheckpointer } from './checkpointer.js';
import { withNamedStatements } from './named-statements.js';
import { PipelinedPostgresDialect, pipelined, pipelines } from './pipeline.js';
import { runsDirectly } from './precompiled.js';
import type { Database } from './schema.js';
import { withStatementCache } from './statement-cache.js';
import { forgetUnchanged } from './unchanged.js';

/**
 * The few places where SQLite and PostgreSQL differ at run time. Everything else is plain Kysely.
 * Values are made to look the same on both: timestamps come back as ISO strings, counts as numbers,
 * booleans are stored as 0/1 integers.
 */

const pgTypes = {
  INT8: 20,
  TIMESTAMPTZ: 1184,
  TIMESTAMP: 1114,
} as const;

function pgTypeParsers() {
  const parsers = new Map<number, (value: string) => unknown>([
    [pgTypes.INT8, (value) => Number(value)],
    [pgTypes.TIMESTAMPTZ, (value) => new Date(value).toISOString()],
    [pgTypes.TIMESTAMP, (value) => new Date(`${value}Z`).toISOString()],
  ]);
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      parsers.get(oid) ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
}

const requireModule = nodeModule.createRequire(import.meta.url);

/**
 * better-sqlite3 12 is built for each Node version and crashes on Node 24 when the garbage collector
 * frees a statement; 13, a Node-API addon with prebuilt binaries, fixes that but needs Node 22. Both
 * are installed (13 under the alias `better-sqlite3-napi`), and the running Node picks (decision 030).
 */
export const sqliteModule = () =>
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';
export function sqliteDriver(): typeof SQLite {
  return requireModule(sqliteModule());
}

export function createDialect(target: DatabaseTarget) {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax ?? defaultPoolMax(),
      types: pgTypeParsers(),
      // Lets a restore see that a server still uses the schema (db/backup/restore.ts).
      application_name: applicationName(target.schema),
      // A schema per test run keeps parallel runs apart (see test/support).
      options: target.schema ? `-c search_path=${target.schema}` : undefined,
      ...pipelined,
    } as pg.PoolConfig);
    if (target.namedStatements !== false) pool.on('connect', (client) => withNamedStatements(client));
    // The server ending an idle connection (a restart, an administrator, a dropped database) is an
    // 'error' on the pool, which has already let that client go; unheard, it would end the process.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`));
    metrics.trackPool(pool);
    return new PipelinedPostgresDialect({ pool });
  }
  const Driver = sqliteDriver();
  const database = new Driver(target.file);
  // An OLTP web app on one file (decision 034): readers never wait for the writer (WAL); a commit
  // is durable at the next checkpoint rather than fsynced each time (NORMAL, safe in WAL); a
  // writer waits for the lock rather than failing; reads come from memory-mapped pages.
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma('mmap_size = 268435456');
  database.pragma('cache_size = -8000');
  database.pragma('temp_store = MEMORY');
  // Checkpoints run on another thread; the connection's own is a backstop (decision 067).
  database.pragma(`wal_autocheckpoint = ${backstopPages}`);
  const checkpointer = startCheckpointer(target.file, requireModule.resolve(sqliteModule()));
  return new ImmediateSqliteDialect({ database: withStatementCache(database), checkpointer });
}

/**
 * Write transactions take SQLite's write lock when they begin (decision 053). Kysely begins them
 * DEFERRED: the lock is then taken at the first write, and a transaction that read first fails with
 * SQLITE_BUSY at once, without waiting out busy_timeout, when another process (WORKERS > 1) wrote
 * since its read. IMMEDIATE waits for the lock up front, so writers queue instead of failing.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #checkpointer: Checkpointer;
  readonly #database: SQLite.Database;
  constructor(config: SqliteConfig) {
    super(config);
    this.#checkpointer = config.checkpointer;
    this.#database = config.database;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /**
   * The WAL index stops being read and the checkpointing thread ends first, so the connection's close
   * is the file's last (its WAL removed).
   */
  override async destroy() {
    forgetUnchanged(this.#database);
    await this.#checkpointer.stop();
    await super.destroy();
  }
}

type Checkpointer = ReturnType<typeof startCheckpointer>;
type SqliteConfig = ConstructorParameters<typeof SqliteDialect>[0] & {
  database: SQLite.Database;
  checkpointer: Checkpointer;
};

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteConfig;
  constructor(config: SqliteConfig) {
    super(config);
    this.#config = config;
    this.database = config.database;
  }
  /** The connection itself, for the hot reads that run on it directly (db/precompiled.ts). */
  readonly database: SQLite.Database;
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** How the server's connections to PostgreSQL name themselves (at most 63 characters are kept). */
export function applicationName(schema?: string): string {
  return schema && schema !== 'public' ? `storefront ${schema}`.slice(0, 63) : 'storefront';
}

export function createKysely(target: DatabaseTarget): Kysely<Database> {
  const dialect = createDialect(target);
  const db = new Kysely<Database>({
    dialect,
    // Every query's time (and failure) feeds the metrics (decision 028); nothing is logged here.
    log: (event) => metrics.query(target.dialect, event.query.sql, event.queryDurationMillis, event.level === 'error'),
  });
  if (dialect instanceof ImmediateSqliteDialect) runsDirectly(db, dialect.database);
  if (dialect instanceof PipelinedPostgresDialect) pipelines(db, dialect);
  return db;
}

/** A unique index refused the write (another row already has the value). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
