import fs from 'node:fs';
import type SQLite from 'better-sqlite3';

/**
 * Reads answered again from memory while the SQLite file has not changed since (decision 072).
 *
 * In WAL mode every connection of every process finds the database's current state through the
 * WAL index (the `-shm` file), whose header SQLite rewrites at each commit (its change counter,
 * last frame and salts) and at each restart of the WAL. Reading those 96 bytes (the header's two
 * copies) is one `pread`, where an indexed read takes SQLite's read locks and runs the statement.
 * A row read after the header was seen is answered again for as long as the header is byte for
 * byte the same: no transaction of any connection has committed since, so the file holds
 * what the read saw. Copies that differ mean a commit is being written: the read runs. After
 * `maxAgeMs` it runs anyway, a bound on what a mistake here could cost.
 */
const headerBytes = 96;
const copyBytes = 48;
const maxAgeMs = 1000;
// The keys hold what clients send (a Host header, a token's hash, a cart's owner): emptied when
// full, as the metrics' query texts are.
const maxKeys = 1000;

interface Remembered {
  header: Buffer;
  at: number;
  value: unknown;
}

interface Header {
  fd: number;
  current: Buffer;
  remembered: Map<string, Remembered>;
  /** This process committed in this turn of the event loop (`committedHere`). */
  written: boolean;
}

const headers = new WeakMap<SQLite.Database, Header | null>();

/** The database's WAL index open for reading, or null where there is none (not WAL, in memory). */
function headerOf(database: SQLite.Database): Header | null {
  let header = headers.get(database);
  if (header !== undefined) return header;
  header = null;
  if (!database.memory && database.pragma('journal_mode', { simple: true }) === 'wal') {
    try {
      const fd = fs.openSync(`${database.name}-shm`, 'r');
      header = { fd, current: Buffer.alloc(headerBytes), remembered: new Map(), written: false };
    } catch {
      // No WAL index to read (a file system without shared memory): every read runs.
    }
  }
  headers.set(database, header);
  return header;
}

/**
 * `read()`'s answer for `key` as last read, when nothing has committed to the database since and it
 * was read less than a second ago; else `read()` run now and remembered. `read` must give the same
 * answer for the same key and file contents, and nothing that a caller may change (frozen).
 * An undefined answer is never remembered.
 */
export function whileUnchanged<T>(database: SQLite.Database, key: string, read: () => T | undefined): T | undefined {
  const header = database.open ? headerOf(database) : null;
  if (!header || header.written) return read();
  const { current, remembered } = header;
  const now = Date.now();
  const steady =
    fs.readSync(header.fd, current, 0, headerBytes, 0) === headerBytes &&
    current.compare(current, copyBytes, headerBytes, 0, copyBytes) === 0;
  if (steady) {
    const last = remembered.get(key);
    if (last && now - last.at < maxAgeMs && last.header.equals(current)) return last.value as T;
  }
  // Seen before the read: a commit between the two only makes the next call read again.
  const seen = steady ? Buffer.from(current) : undefined;
  const value = read();
  if (seen && value !== undefined) {
    if (remembered.size >= maxKeys) remembered.clear();
    remembered.set(key, { header: seen, at: now, value });
  }
  return value;
}

/**
 * This process has just committed to `database` (decision 080): whatever was remembered is stale,
 * and what is read now would be again at the next commit, which under a stream of writes comes in
 * the next turn. Until that turn, reads run without looking at the header first (the look is a
 * system call, dear in a VM) and are not remembered. Only ever a read more, never a stale answer.
 */
export function committedHere(database: SQLite.Database) {
  const header = headers.get(database);
  if (!header || header.written) return;
  header.written = true;
  setImmediate(() => {
    header.written = false;
  });
}

/** Closes the database's WAL index, before the database itself closes. */
export function forgetUnchanged(database: SQLite.Database) {
  const header = headers.get(database);
  headers.delete(database);
  if (header) fs.closeSync(header.fd);
}
