// `npm start`: build what is stale, then serve the storefront and the API from one process.
// The server migrates the database and seeds the demo business on first run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfNeeded, root } from './lib.mjs';

try {
  buildIfNeeded();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.env.WEB_DIST ??= path.join(root, 'apps/web/dist');
process.chdir(root);
await import(pathToFileURL(path.join(root, 'apps/api/dist/server.js')).href);
