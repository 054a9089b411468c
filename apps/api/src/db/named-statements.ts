import type pg from 'pg';

/** pg's record of the statements a connection has parsed, by name (not part of its typed API). */
interface PgConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

type Query = pg.ClientBase['query'];

/** PostgreSQL refuses a prepared statement whose result columns changed under it (`select *`). */
const isStalePlan = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));

/**
 * Each connection prepares the statements it runs as named statements (decision 054), so
 * PostgreSQL parses and plans each SQL text once per connection rather than on every query (the
 * unnamed statement is parsed anew each time: about half the server's time on our indexed reads).
 *
 * Names are never reused on a connection (`s1`, `s2`, … in the order texts are first seen), so a
 * name always stands for one SQL text and a changed statement never runs an old plan. At most
 * `max` texts are kept per connection, the least recently used one deallocated to make room, and
 * only statements with parameters (what pg sends with the extended protocol anyway) are named:
 * a migration's DDL, BEGIN and COMMIT go as before. PostgreSQL plans a named statement again by
 * itself when a migration changes a table under it, except when its result columns changed
 * (`select *` after a new column): then the connection forgets all its names, and the query is
 * run again at once unless it was inside a transaction, which that error has already aborted.
 */
export function withNamedStatements(client: pg.PoolClient, max = 200): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const connection = (client as unknown as { connection: PgConnection }).connection;
  const names = new Map<string, string>();
  let next = 0;
  let inTransaction = false;

  /** Names pg has forgotten that the server still holds: deallocated before the next named query. */
  const unused: string[] = [];
  const forget = (name: string) => {
    delete connection.parsedStatements[name];
    delete connection.submittedNamedStatements[name];
    unused.push(name);
  };
  /**
   * Sent ahead of the query without waiting: pg writes a connection's queries in the order they
   * are asked for, so the query keeps its place among those sent with it (decision 079).
   */
  const deallocate = () => {
    for (let name = unused.shift(); name !== undefined; name = unused.shift()) {
      // Inside an aborted transaction this fails and the server keeps the statement until the
      // connection closes, which is harmless: its name is never used again.
      query(`deallocate ${name}`).catch(() => undefined);
    }
  };
  const nameFor = (text: string) => {
    let name = names.get(text);
    if (name !== undefined) {
      names.delete(text); // kept in the order of last use
    } else {
      if (names.size >= max) {
        const [oldest, oldName] = names.entries().next().value as [string, string];
        names.delete(oldest);
        forget(oldName);
      }
      name = `s${++next}`;
    }
    names.set(text, name);
    return name;
  };
  const forgetAll = () => {
    for (const name of names.values()) forget(name);
    names.clear();
  };

  const named = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
    deallocate();
    try {
      return await query({ name: nameFor(text), text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      forgetAll();
      if (inTransaction) throw error;
      return query({ name: nameFor(text), text, values });
    }
  };

  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
      if (values.length > 0) return named(text, values);
      if (/^(begin|start transaction)\b/i.test(text)) inTransaction = true;
      else if (/^(commit|rollback)$/i.test(text)) inTransaction = false;
    }
    return query(...args);
  }) as Query;
}
