import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built file of a web source module, from the build's manifest (chunk names are hashes, decision 049). */
export function builtChunk(source: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/dist/.vite/manifest.json'), 'utf8'));
  const entry = manifest[source] as { file: string } | undefined;
  if (!entry) throw new Error(`${source} is not in the web build's manifest`);
  return `/${entry.file}`;
}
