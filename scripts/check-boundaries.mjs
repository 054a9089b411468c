// Lint rule of DESIGN.md §6 that Biome cannot express: a web feature never imports another feature.
// Features share code through src/components, src/lib and src/config; routes in src/app compose them.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const src = path.join(root, 'apps/web/src');
const featuresDir = path.join(src, 'features');
const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** The feature a file belongs to, or null outside src/features. */
function featureOf(file) {
  const rel = path.relative(featuresDir, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
}

function resolveImport(file, specifier) {
  if (specifier.startsWith('@/')) return path.join(src, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null; // a package
}

const problems = [];
for (const file of files(featuresDir)) {
  const own = featureOf(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    const target = resolveImport(file, specifier);
    if (!target) continue;
    const other = featureOf(target);
    if (other && other !== own) {
      problems.push(`${path.relative(root, file)}: feature "${own}" imports feature "${other}" (${specifier})`);
    }
    if (path.relative(path.join(src, 'app'), target).split(path.sep)[0] !== '..') {
      problems.push(`${path.relative(root, file)}: a feature imports from src/app (${specifier})`);
    }
  }
}

if (problems.length) {
  console.error('Feature boundaries (DESIGN.md §6) broken:');
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
