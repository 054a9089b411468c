import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../src/config.js';
import { createKysely } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { withNamedStatements } from '../src/db/named-statements.js';
import type { Database } from '../src/db/schema.js';
import { createTestDatabase, type TestDatabase, testDialect } from './support/database.js';

// Statements are reused on both dialects (decisions 034, 054): SQLite's by its statement cache,
// PostgreSQL's as named statements of each connection. Either way a query must answer as if it were
// prepared anew: after a schema change under it, a migration and a reconnect.
let database: TestDatabase;
let target: DatabaseTarget;
beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so that every query of a test meets the statements the earlier ones left.
  target = database.target.dialect === 'postgres' ? { ...database.target, poolMax: 1 } : database.target;
});
afterAll(async () => database?.drop());

type Db = Kysely<Database>;
const onPostgres = testDialect === 'postgres';

/** A parameterised `select *`: the kind of statement a new column changes the result of. */
const rowsFrom = async (db: Db, table: string, min: number) =>
  (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where a >= ${min} order by a`.execute(db)).rows;

/** A table holding one row (a = 1), read once through a prepared `select *` so its plan is cached. */
async function preparedTable(db: Db, table: string) {
  await sql`create table ${sql.table(table)} (a integer)`.execute(db);
  await sql`insert into ${sql.table(table)} (a) values (${1})`.execute(db);
  expect(await rowsFrom(db, table, 0)).toEqual([{ a: 1 }]);
}

/** The named statements of the session (PostgreSQL only): their SQL texts, oldest first. */
const preparedTexts = async (db: Db) =>
  (
    await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)
  ).rows.map((r) => r.statement);

describe('statement reuse', () => {
  it('prepares each SQL text once per connection and runs it with each call’s values', async () => {
    const db = createKysely(target);
    await sql`create table reuse (a integer)`.execute(db);
    for (const a of [1, 2, 3]) await sql`insert into reuse (a) values (${a})`.execute(db);
    expect(await rowsFrom(db, 'reuse', 2)).toEqual([{ a: 2 }, { a: 3 }]);
    expect(await rowsFrom(db, 'reuse', 3)).toEqual([{ a: 3 }]);
    if (onPostgres) {
      const texts = await preparedTexts(db);
      expect(texts.filter((t) => t.startsWith('insert into reuse'))).toHaveLength(1);
      expect(texts.filter((t) => t.startsWith('select * from "reuse"'))).toHaveLength(1);
    }
    await db.destroy();
  });

  it('answers with the new columns after a schema change under a prepared `select *`', async () => {
    const db = createKysely(target);
    await preparedTable(db, 'altered');
    await sql`alter table altered add column b integer not null default 2`.execute(db);
    expect(await rowsFrom(db, 'altered', 0)).toEqual([{ a: 1, b: 2 }]);
    await sql`alter table altered drop column b`.execute(db);
    await sql`alter table altered add column c text not null default 'x'`.execute(db);
    expect(await rowsFrom(db, 'altered', 0)).toEqual([{ a: 1, c: 'x' }]);
    await db.destroy();
  });

  it('inside a transaction, a stale statement fails that transaction only; the connection goes on', async () => {
    const db = createKysely(target);
    await preparedTable(db, 'stale');
    await sql`alter table stale add column b integer not null default 2`.execute(db);
    const inTransaction = db.transaction().execute((trx) => rowsFrom(trx, 'stale', 0));
    // PostgreSQL aborts the transaction that meets the changed result; SQLite prepares anew.
    if (onPostgres) await expect(inTransaction).rejects.toThrow(/cached plan must not change result type/);
    else expect(await inTransaction).toEqual([{ a: 1, b: 2 }]);
    expect(await db.transaction().execute((trx) => rowsFrom(trx, 'stale', 0))).toEqual([{ a: 1, b: 2 }]);
    expect(await rowsFrom(db, 'stale', 0)).toEqual([{ a: 1, b: 2 }]);
    await db.destroy();
  });

  it('serves migrations, then a reconnect to the same database starts afresh', async () => {
    const first = createKysely(target);
    const applied = await migrateToLatest(first);
    expect(applied.length).toBeGreaterThan(10);
    const tenant = async (db: Db) =>
      (await db.selectFrom('tenants').select(['id', 'slug']).where('id', '=', 139).execute()).length;
    expect(await tenant(first)).toBe(0);
    await first.destroy();

    const again = createKysely(target);
    expect(await migrateToLatest(again)).toEqual([]);
    expect(await tenant(again)).toBe(0);
    if (onPostgres) expect((await preparedTexts(again)).some((t) => t.includes('"tenants"'))).toBe(true);
    await again.destroy();
  });
});

describe.runIf(onPostgres)('PostgreSQL named statements (decision 054)', () => {
  const url = process.env.TEST_DATABASE_URL as string;

  /** One pooled connection with named statements, at most `max` of them. */
  async function connection(max: number) {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('connect', (client) => withNamedStatements(client, max));
    const client = await pool.connect();
    const prepared = async () =>
      (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements'))
        .rows;
    return {
      client,
      prepared,
      async end() {
        client.release();
        await pool.end();
      },
    };
  }

  it('never runs an old plan for a changed SQL text: each text has a name of its own, never reused', async () => {
    const c = await connection(10);
    expect((await c.client.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
    expect((await c.client.query('select $1::int + 2 as n', [1])).rows).toEqual([{ n: 3 }]);
    expect((await c.client.query('select $1::int + 1 as n', [5])).rows).toEqual([{ n: 6 }]);
    const prepared = await c.prepared();
    expect(prepared.map((p) => p.statement).sort()).toEqual(['select $1::int + 1 as n', 'select $1::int + 2 as n']);
    expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
    await c.end();
  });

  it('keeps at most `max` statements per connection, deallocating the least recently used', async () => {
    const c = await connection(2);
    // The evicted statement is deallocated before the next named query (here the last one).
    for (const k of [1, 2, 1, 3, 1]) await c.client.query(`select $1::int + ${k} as n`, [0]);
    const prepared = await c.prepared();
    expect(prepared.map((p) => p.statement).sort()).toEqual(['select $1::int + 1 as n', 'select $1::int + 3 as n']);
    // The text evicted comes back under a new name.
    expect((await c.client.query('select $1::int + 2 as n', [0])).rows).toEqual([{ n: 2 }]);
    const names = (await c.prepared()).map((p) => p.name);
    expect(names).not.toContain(prepared.find((p) => p.statement.includes('+ 2'))?.name ?? 'none');
    await c.end();
  });

  it('keeps a query in its place when an eviction is sent ahead of it (decision 079)', async () => {
    const c = await connection(1);
    await c.client.query('create temporary table kept (a integer)');
    await c.client.query('begin');
    await c.client.query('select $1::int as n', [1]);
    // The first insert evicts the select's statement, whose deallocation goes ahead of the next
    // named query; the rollback, asked for at once, must still go after that query, or the second
    // insert would run on its own and be kept.
    await c.client.query('insert into kept (a) values ($1)', [1]);
    const inserted = c.client.query('insert into kept (a) values ($1)', [2]);
    const rolledBack = c.client.query('rollback');
    await Promise.all([inserted, rolledBack]);
    expect((await c.client.query('select a from kept')).rows).toEqual([]);
    expect((await c.prepared()).map((p) => p.statement)).toEqual(['insert into kept (a) values ($1)']);
    await c.end();
  });

  it('leaves statements without parameters (DDL, BEGIN, COMMIT) unnamed', async () => {
    const c = await connection(10);
    await c.client.query('begin');
    await c.client.query('select 1 as one');
    await c.client.query('commit');
    expect(await c.prepared()).toEqual([]);
    await c.end();
  });

  it('is off with DATABASE_NAMED_STATEMENTS=false: nothing is prepared', async () => {
    if (target.dialect !== 'postgres') throw new Error('PostgreSQL only');
    const db = createKysely({ ...target, namedStatements: false });
    await sql`select ${1}::int as n`.execute(db);
    expect(await preparedTexts(db)).toEqual([]);
    await db.destroy();
  });
});
