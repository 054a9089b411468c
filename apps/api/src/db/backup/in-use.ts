import pg from 'pg';
import type { DatabaseTarget } from '../../config.js';
import { applicationName } from '../dialect.js';

/** The advisory lock every running server holds shared, and a restore takes exclusively. */
export const inUseKey = (schema: string) => `storefront in use ${schema}`;

/**
 * Marks a PostgreSQL installation as served for as long as this process runs: a session holding a
 * shared advisory lock, which a restore cannot take exclusively (pool connections come and go, so
 * they cannot say it). SQLite needs nothing: an open file cannot be locked exclusively. Returns
 * what releases it.
 */
export async function markInUse(
  target: DatabaseTarget,
  onError: (error: Error) => void = () => undefined,
): Promise<() => Promise<void>> {
  if (target.dialect !== 'postgres') return async () => undefined;
  const client = new pg.Client({ connectionString: target.url, application_name: applicationName(target.schema) });
  client.on('error', onError); // a lost session must not take the server down; the lock goes with it
  await client.connect();
  const { rows } = await client.query<{ schema: string | null }>('select current_schema() as schema');
  const schema = target.schema ?? rows[0]?.schema ?? 'public';
  await client.query('select pg_advisory_lock_shared(hashtext($1))', [inUseKey(schema)]);
  return async () => {
    await client.end().catch(() => undefined);
  };
}
