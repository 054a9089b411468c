import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/config.js';

export type TestDialect = 'sqlite' | 'postgres';

export const testDialect: TestDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  target: DatabaseTarget;
  drop(): Promise<void>;
}

/**
 * A database nobody else uses: a new SQLite file, or a new schema on the PostgreSQL server named by
 * TEST_DATABASE_URL, so test files and concurrent runs never see each other's rows.
 */
export async function createTestDatabase(dialect: TestDialect = testDialect): Promise<TestDatabase> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
    return {
      target: { dialect: 'sqlite', file: path.join(dir, `${name}.sqlite`) },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  await withClient(url, (client) => client.query(`create schema "${name}"`));
  return {
    target: { dialect: 'postgres', url, schema: name },
    drop: () => withClient(url, (client) => client.query(`drop schema "${name}" cascade`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty installation to restore into: a new SQLite file, or a new database on the PostgreSQL
 * server (a restore replaces a whole schema, and the backup's own schema name must be free there, so
 * it cannot share the `test` database with the run it was taken from).
 */
export async function createEmptyInstallation(dialect: TestDialect = testDialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') return createTestDatabase('sqlite');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  const name = `restore_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(url, (client) => client.query(`create database "${name}"`));
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    target: { dialect: 'postgres', url: own.toString() },
    drop: () =>
      withClient(url, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}
