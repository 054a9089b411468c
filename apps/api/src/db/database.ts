import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, PostgresAdapter } from 'kysely';
import type { DatabaseTarget } from '../config.js';
import { createKysely } from './dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Whether `db` (or a transaction of it) runs on PostgreSQL. */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Opens the configured database, creating the SQLite file's folder on first run. */
export function openDatabase(target: DatabaseTarget): Db {
  if (target.dialect === 'sqlite') fs.mkdirSync(path.dirname(target.file), { recursive: true });
  return createKysely(target);
}
