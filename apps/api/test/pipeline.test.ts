import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely } from '../src/db/dialect.js';
import { concurrently, inOrder, withCommitBehind } from '../src/db/pipeline.js';
import type { Database } from '../src/db/schema.js';
import { createTestDatabase, type TestDatabase, testDialect } from './support/database.js';

// Statements sent together (decision 077): on PostgreSQL pipelined, `begin` not waited for, a last
// statement's commit sent right behind it (decision 079); on SQLite each runs when asked. Either way
// a transaction keeps its order, its atomicity and its first failure.
const onPostgres = testDialect === 'postgres';
let database: TestDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  database = await createTestDatabase();
  // One connection, so every transaction of a test meets what the earlier ones left on it.
  const target = database.target.dialect === 'postgres' ? { ...database.target, poolMax: 1 } : database.target;
  db = createKysely(target);
  await sql`create table sent (a integer primary key)`.execute(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

const rows = async (trx: Kysely<Database>) =>
  (await sql<{ a: number }>`select a from sent order by a`.execute(trx)).rows.map((r) => r.a);
const insert = (trx: Kysely<Database>, a: number) => sql`insert into sent (a) values (${a})`.execute(trx);

/**
 * Expects `failed` to fail on the duplicate key, and gives the rejections nobody handled meanwhile
 * (a statement sent behind the failed one whose failure went unheard).
 */
async function unheardAfter(failed: Promise<unknown>) {
  const unheard: unknown[] = [];
  const listen = (reason: unknown) => unheard.push(reason);
  process.on('unhandledRejection', listen);
  try {
    await expect(failed).rejects.toMatchObject({ code: onPostgres ? '23505' : 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', listen);
  }
  return unheard;
}

describe('statements sent together in a transaction', () => {
  it('run in the order they were asked for, each seeing the ones before it', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      const ahead = await concurrently(trx);
      const [, first, , second] = await inOrder(insert(ahead, 1), rows(ahead), insert(ahead, 2), rows(ahead));
      return { first, second };
    });
    expect(seen).toEqual({ first: [1], second: [1, 2] });
    expect(await rows(db)).toEqual([1, 2]);
    await sql`delete from sent`.execute(db);
  });

  it('throw the first failure, and the transaction keeps nothing', async () => {
    await insert(db, 5);
    const failed = db.transaction().execute(async (trx) => {
      const ahead = await concurrently(trx);
      // The second breaks the key; on PostgreSQL the third then fails as an aborted transaction.
      await inOrder(insert(ahead, 6), insert(ahead, 5), insert(ahead, 7));
    });
    expect(await unheardAfter(failed)).toEqual([]);
    expect(await rows(db)).toEqual([5]);
    // The connection is fit for the next transaction.
    await db.transaction().execute((trx) => insert(trx, 8));
    expect(await rows(db)).toEqual([5, 8]);
    await sql`delete from sent`.execute(db);
  });
});

describe('a transaction whose begin is not waited for', () => {
  it('runs its statements inside it: a rollback keeps none of them', async () => {
    const rolledBack = db.transaction().execute(async (trx) => {
      await insert(trx, 9);
      expect(await rows(trx)).toEqual([9]);
      throw new Error('changed my mind');
    });
    await expect(rolledBack).rejects.toThrow('changed my mind');
    expect(await rows(db)).toEqual([]);
  });

  it('commits one with no statements, and the connection serves the next', async () => {
    await db.transaction().execute(async () => undefined);
    await db.transaction().execute((trx) => insert(trx, 10));
    expect(await rows(db)).toEqual([10]);
    await sql`delete from sent`.execute(db);
  });
});

describe('a last statement with the commit sent behind it', () => {
  it('is kept with the statements before it', async () => {
    await db.transaction().execute(async (trx) => {
      await insert(trx, 11);
      await withCommitBehind(trx, (last) => insert(last, 12));
    });
    expect(await rows(db)).toEqual([11, 12]);
    await sql`delete from sent`.execute(db);
  });

  it.runIf(onPostgres)('releases its locks before the transaction callback returns', async () => {
    const other = createKysely(database.target);
    try {
      await insert(db, 13);
      await db.transaction().execute(async (trx) => {
        await withCommitBehind(trx, (last) => sql`update sent set a = 14 where a = 13`.execute(last));
        // Still inside the callback, another connection takes the row's lock: had the commit
        // waited for the callback to return, this would wait for it and time out.
        await other.transaction().execute(async (o) => {
          await sql`set local lock_timeout = '2s'`.execute(o);
          await sql`update sent set a = a + 1`.execute(o);
        });
      });
      expect(await rows(db)).toEqual([15]);
    } finally {
      await other.destroy();
      await sql`delete from sent`.execute(db);
    }
  });

  it('that fails is thrown, the transaction keeps nothing and the connection serves the next', async () => {
    await insert(db, 20);
    const failed = db.transaction().execute(async (trx) => {
      await insert(trx, 21);
      await withCommitBehind(trx, (last) => insert(last, 20));
    });
    expect(await unheardAfter(failed)).toEqual([]);
    expect(await rows(db)).toEqual([20]);
    await db.transaction().execute((trx) => insert(trx, 22));
    const rolledBack = db.transaction().execute(async (trx) => {
      await insert(trx, 23);
      throw new Error('changed my mind');
    });
    await expect(rolledBack).rejects.toThrow('changed my mind');
    // Read from another connection: the next transactions committed (or not) for everyone.
    const other = createKysely(database.target);
    try {
      expect(await rows(other)).toEqual([20, 22]);
    } finally {
      await other.destroy();
    }
    await sql`delete from sent`.execute(db);
  });
});
