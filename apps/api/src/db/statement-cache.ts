import type SQLite from 'better-sqlite3';

/**
 * Kysely's SQLite driver asks the database to prepare every statement anew, and preparing costs
 * more than running most of our indexed reads (decision 034). This hands Kysely the database with
 * `prepare` answered from a cache by SQL text: SQLite re-prepares a cached statement by itself when
 * the schema changes under it (a migration), and a new database object (a reconnect, a restore)
 * starts with an empty cache. A statement still being iterated is never handed out twice.
 */
export function withStatementCache(database: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (sql: string) => {
    const cached = cache.get(sql);
    if (cached && !cached.busy) return cached;
    const statement = database.prepare(sql);
    if (!cached) {
      if (cache.size >= max) cache.delete(cache.keys().next().value as string);
      cache.set(sql, statement);
    }
    return statement;
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      if (property === 'close')
        return () => {
          cache.clear();
          return target.close();
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
