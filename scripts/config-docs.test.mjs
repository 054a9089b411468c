import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configReference } from '../apps/api/src/config.ts';
import { configPage, renderConfiguration } from './config-docs.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('the configuration reference', () => {
  it('is the page generated from the config schema (run `npm run docs:config` when this fails)', () => {
    expect(fs.readFileSync(path.join(root, configPage), 'utf8')).toBe(renderConfiguration(configReference()));
  });

  it('gives every variable a meaning, and fails when a row of the schema is missing from the page', () => {
    const rows = configReference();
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'METRICS_TOKEN', 'TRUST_PROXY']),
    );
    for (const row of rows) expect(row.meaning, row.name).not.toBe('');
    const stale = renderConfiguration(rows.filter((row) => row.name !== 'METRICS_TOKEN'));
    expect(stale).not.toBe(renderConfiguration(rows));
    expect(renderConfiguration(rows)).toContain('| `RATE_LIMIT_MAX` | `600` | API requests per minute per client IP |');
  });
});
