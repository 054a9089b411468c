import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('defaults to the demo tenant on embedded SQLite under data/ at port 3000', () => {
    const config = loadConfig({}, '/srv/storefront');
    expect(config).toMatchObject({
      port: 3000,
      tenantId: 139,
      database: { dialect: 'sqlite', file: path.join('/srv/storefront', 'data/storefront.sqlite') },
      publicBaseUrl: 'http://localhost:3000',
      seedDemo: true,
    });
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres URL', () => {
    const url = 'postgres://shop@127.0.0.1:5432/shop';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
      dialect: 'postgres',
      url,
      // Unset: twice the processors, at least 4 (decision 076).
      poolMax: Math.max(4, 2 * os.availableParallelism()),
      namedStatements: true,
    });
    // Each process's pool, sized for the server's max_connections (decision 034); nonsense is refused.
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '4' }).database).toEqual({
      dialect: 'postgres',
      url,
      poolMax: 4,
      namedStatements: true,
    });
    expect(loadConfig({ DATABASE_URL: url, DATABASE_NAMED_STATEMENTS: 'false' }).database).toMatchObject({
      namedStatements: false,
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('takes another SQLite file from a sqlite: URL', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:tmp/x.sqlite' }, '/srv').database).toEqual({
      dialect: 'sqlite',
      file: '/srv/tmp/x.sqlite',
    });
  });

  it('fails fast naming every bad variable', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT:[\s\S]*DATABASE_URL: must start with postgres:\/\/ or sqlite:[\s\S]*SEED_DEMO/);
  });
});
