// Lint rule of DESIGN.md §6 that Biome cannot express: a web feature never imports another feature
// or the app layer. Features share code through src/components, src/lib and src/config; routes in
// src/app compose them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

const isInside = (dir, file) => !path.relative(dir, file).startsWith('..');

/** Every import in `src/features` that crosses into another feature or into `src/app`. */
export function boundaryProblems(src) {
  const featuresDir = path.join(src, 'features');
  const appDir = path.join(src, 'app');
  const featureOf = (file) =>
    isInside(featuresDir, file) ? path.relative(featuresDir, file).split(path.sep)[0] : null;
  const problems = [];
  for (const file of sourceFiles(featuresDir)) {
    const own = featureOf(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const target = specifier.startsWith('@/')
        ? path.join(src, specifier.slice(2))
        : specifier.startsWith('.')
          ? path.resolve(path.dirname(file), specifier)
          : null;
      if (!target) continue;
      const where = path.relative(src, file);
      const other = featureOf(target);
      if (other && other !== own) problems.push(`${where}: feature "${own}" imports feature "${other}" (${specifier})`);
      if (isInside(appDir, target)) problems.push(`${where}: a feature imports from src/app (${specifier})`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
  const problems = boundaryProblems(src);
  if (problems.length) {
    console.error('Feature boundaries (DESIGN.md §6) broken:');
    for (const p of problems) console.error(`  apps/web/src/${p}`);
    process.exit(1);
  }
}
