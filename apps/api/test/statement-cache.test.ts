import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createKysely, sqliteDriver } from '../src/db/dialect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { withStatementCache } from '../src/db/statement-cache.js';

// SQLite statements are prepared once per SQL text and reused (decision 034). On either test
// project these run on a SQLite file of their own: the cache is SQLite's alone.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function open(name: string) {
  const Driver = sqliteDriver();
  const raw = new Driver(path.join(dir, name));
  let prepared = 0;
  const prepare = raw.prepare.bind(raw);
  raw.prepare = ((text: string) => {
    prepared++;
    return prepare(text);
  }) as typeof raw.prepare;
  return { db: withStatementCache(raw, 3), prepared: () => prepared };
}

describe('the SQLite statement cache', () => {
  it('prepares a SQL text once and reuses it, with new parameters each time', () => {
    const { db, prepared } = open('reuse.sqlite');
    db.prepare('create table t (a integer)').run();
    const insert = 'insert into t (a) values (?)';
    for (const a of [1, 2, 3]) db.prepare(insert).run(a);
    expect(db.prepare('select a from t where a >= ? order by a').all(2)).toEqual([{ a: 2 }, { a: 3 }]);
    expect(db.prepare('select a from t where a >= ? order by a').all(3)).toEqual([{ a: 3 }]);
    expect(prepared()).toBe(3);
    db.close();
  });

  it('answers with the new schema after a migration changes the table under a cached statement', () => {
    const { db } = open('schema.sqlite');
    db.prepare('create table t (a integer)').run();
    db.prepare('insert into t (a) values (1)').run();
    expect(db.prepare('select * from t').all()).toEqual([{ a: 1 }]);
    db.prepare('alter table t add column b integer not null default 2').run();
    expect(db.prepare('select * from t').all()).toEqual([{ a: 1, b: 2 }]);
    db.prepare('drop table t').run();
    db.prepare('create table t (c text)').run();
    db.prepare("insert into t (c) values ('x')").run();
    expect(db.prepare('select * from t').all()).toEqual([{ c: 'x' }]);
    db.close();
  });

  it('never hands out a statement still being iterated, and keeps at most its size', () => {
    const { db, prepared } = open('busy.sqlite');
    db.prepare('create table t (a integer)').run();
    for (const a of [1, 2, 3]) db.prepare('insert into t (a) values (?)').run(a);
    const text = 'select a from t order by a';
    const outer: number[] = [];
    for (const row of db.prepare(text).iterate() as Iterable<{ a: number }>) {
      outer.push(row.a);
      expect(db.prepare(text).all()).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    }
    expect(outer).toEqual([1, 2, 3]);
    const before = prepared();
    for (const n of [1, 2, 3, 4]) db.prepare(`select ${n} as n`).get();
    expect(db.prepare('select 4 as n').get()).toEqual({ n: 4 });
    expect(prepared()).toBe(before + 4);
    db.close();
  });

  it('serves the app through Kysely: migrations, then a reconnect to the same file starts afresh', async () => {
    const target = { dialect: 'sqlite' as const, file: path.join(dir, 'app.sqlite') };
    const first = createKysely(target);
    const tables = async (db: typeof first) =>
      (await sql<{ n: number }>`select count(*) as n from sqlite_master where type = ${'table'}`.execute(db)).rows[0]
        ?.n;
    expect(await tables(first)).toBe(0);
    const applied = await migrateToLatest(first);
    expect(applied.length).toBeGreaterThan(10);
    // The same cached statement, now over the migrated schema.
    expect(await tables(first)).toBeGreaterThan(20);
    const names = await first
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(names).toHaveLength(applied.length);
    await first.destroy();

    const again = createKysely(target);
    expect(await migrateToLatest(again)).toEqual([]);
    expect(await tables(again)).toBeGreaterThan(20);
    await again.destroy();
  });
});
