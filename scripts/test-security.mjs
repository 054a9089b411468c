// `npm run test:security`: the API security suite (apps/api/test/security, decision 025) on SQLite,
// and on PostgreSQL too when TEST_DATABASE_URL names a server (that project exists only then).
import { spawnSync } from 'node:child_process';
import { root } from './lib.mjs';

const projects = ['api:sqlite', ...(process.env.TEST_DATABASE_URL ? ['api:postgres'] : [])];
if (!process.env.TEST_DATABASE_URL)
  console.log('TEST_DATABASE_URL is not set: the security suite runs on SQLite only.');
const args = [
  'vitest',
  'run',
  ...projects.flatMap((name) => ['--project', name]),
  'test/security',
  ...process.argv.slice(2),
];
const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
