// `npm run db:migrate | db:seed | backup | restore | tenant | images`: build the API if it is stale, then run its CLI
// (apps/api/src/cli.ts) with the arguments given after `--`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

try {
  buildIfNeeded({ only: '@orderfront/api' });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.chdir(root);
await import(pathToFileURL(path.join(root, 'apps/api/dist/cli.js')).href);
