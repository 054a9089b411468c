// Writes the API's OpenAPI description (the one served at /api/docs/json) to .openapi/openapi.json,
// from the app built in memory without listening, then checks it as a client would (decision 029):
// Redocly's recommended rules must report no error, and the TypeScript client types that
// openapi-typescript generates from it must compile with scripts/openapi/client-check.ts.
// `npm run lint` runs it; `node --import tsx scripts/openapi.mjs --write-only` only writes the file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import openapiTS from 'openapi-typescript';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/database.ts';
import { root } from './lib.mjs';

const out = path.join(root, '.openapi');
export const descriptionFile = path.join(out, 'openapi.json');

/** The description of the app as built with the default configuration (no database is touched). */
export async function describeApi() {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), database: { dialect: 'sqlite', file: ':memory:' } };
  const db = openDatabase(config.database);
  const app = await buildApp({ config, db, logger: false });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.destroy();
  }
}

function run(command, args) {
  const bin = path.join(root, 'node_modules', '.bin', command);
  const result = spawnSync(bin, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

fs.mkdirSync(out, { recursive: true });
const description = await describeApi();
fs.writeFileSync(descriptionFile, `${JSON.stringify(description, null, 2)}\n`);
if (!process.argv.includes('--write-only')) {
  run('redocly', ['lint', '--config', 'redocly.yaml', '--format', 'stylish', path.relative(root, descriptionFile)]);
  fs.writeFileSync(path.join(out, 'schema.d.ts'), await openapiTS(description));
  run('tsc', ['-p', 'scripts/openapi/tsconfig.json']);
}
