import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import nodeModule from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sqliteDriver, sqliteModule } from '../src/db/dialect.js';
import { committedHere, forgetUnchanged, whileUnchanged } from '../src/db/unchanged.js';

// A read is answered again from memory only while no connection of any process has committed to the
// SQLite file since (decision 072). On either test project these run on SQLite files of their own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unchanged-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

const Driver = sqliteDriver();

function open(name: string, journal = 'wal') {
  const file = path.join(dir, name);
  const db = new Driver(file);
  db.pragma(`journal_mode = ${journal}`);
  db.exec('create table if not exists t (k text primary key, v integer)');
  db.prepare("insert or ignore into t values ('a', 1)").run();
  let reads = 0;
  const select = db.prepare('select v from t where k = ?').pluck();
  const read = (k = 'a') =>
    whileUnchanged(db, k, () => {
      reads++;
      return select.get(k) as number | undefined;
    });
  return { db, file, read, reads: () => reads };
}

describe('reads while the SQLite file is unchanged', () => {
  it('answers again from memory until the same connection commits', () => {
    const { db, read, reads } = open('same.sqlite');
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    expect(reads()).toBe(1);
    db.prepare("update t set v = 2 where k = 'a'").run();
    expect([read(), read()]).toEqual([2, 2]);
    expect(reads()).toBe(2);
    forgetUnchanged(db);
    db.close();
  });

  it('reads again after another connection commits, and after another process does', () => {
    const { db, file, read, reads } = open('other.sqlite');
    expect(read()).toBe(1);
    const other = new Driver(file);
    other.prepare("update t set v = 3 where k = 'a'").run();
    expect(read()).toBe(3);
    // Another process (a second API worker, a command): the same file, its own connection.
    const requireFromApi = nodeModule.createRequire(path.join(import.meta.dirname, '../package.json'));
    const script = `const D = require(${JSON.stringify(requireFromApi.resolve(sqliteModule()))});
      const db = new D(${JSON.stringify(file)}); db.prepare("update t set v = 4 where k = 'a'").run(); db.close();`;
    execFileSync(process.execPath, ['-e', script]);
    expect(read()).toBe(4);
    expect(read()).toBe(4);
    expect(reads()).toBe(3);
    other.close();
    forgetUnchanged(db);
    db.close();
  });

  it('reads again after a checkpoint starts the WAL over, even when the file ends the same size', () => {
    const { db, file, read } = open('restart.sqlite');
    const other = new Driver(file);
    expect(read()).toBe(1);
    other.pragma('wal_checkpoint(TRUNCATE)');
    other.prepare("update t set v = 5 where k = 'a'").run();
    expect(read()).toBe(5);
    other.pragma('wal_checkpoint(RESTART)');
    other.prepare("update t set v = 6 where k = 'a'").run();
    expect(read()).toBe(6);
    other.close();
    forgetUnchanged(db);
    db.close();
  });

  it('keeps each key apart, never remembers "cannot say", and reads again after a second', () => {
    const { db, read, reads } = open('keys.sqlite');
    db.prepare("insert into t values ('b', 7)").run();
    expect([read('a'), read('b'), read('a'), read('b')]).toEqual([1, 7, 1, 7]);
    expect(reads()).toBe(2);
    let asked = 0;
    const unknown = () => whileUnchanged(db, 'c', () => void asked++);
    unknown();
    unknown();
    expect(asked).toBe(2);
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    vi.advanceTimersByTime(1001);
    expect(read('a')).toBe(1);
    expect(reads()).toBe(3);
    forgetUnchanged(db);
    db.close();
  });

  it('after a commit of its own, reads without remembering until the next turn (decision 080)', async () => {
    const { db, read, reads } = open('own.sqlite');
    expect([read(), read()]).toEqual([1, 1]);
    expect(reads()).toBe(1);
    db.prepare("update t set v = 8 where k = 'a'").run();
    committedHere(db);
    const headerReads = vi.spyOn(fs, 'readSync');
    // The header is not looked at: the reads run, and nothing of them is kept.
    expect([read(), read()]).toEqual([8, 8]);
    expect(reads()).toBe(3);
    expect(headerReads).not.toHaveBeenCalled();
    headerReads.mockRestore();
    await new Promise((resolve) => setImmediate(resolve));
    // The next turn remembers again.
    expect([read(), read()]).toEqual([8, 8]);
    expect(reads()).toBe(4);
    forgetUnchanged(db);
    db.close();
  });

  it('always reads where there is no WAL index: another journal mode, a closed database', () => {
    const { db, read, reads } = open('rollback.sqlite', 'delete');
    expect([read(), read()]).toEqual([1, 1]);
    expect(reads()).toBe(2);
    db.close();
    const wal = open('closed.sqlite');
    expect(wal.read()).toBe(1);
    forgetUnchanged(wal.db);
    expect(wal.read()).toBe(1);
    expect(wal.reads()).toBe(2);
    wal.db.close();
  });
});
