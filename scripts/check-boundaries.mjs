// The layout rules of decision 003 and 023 that Biome cannot express, checked on every `npm run lint`:
// - web: a feature never imports another feature or the app layer; shared code (src/lib,
//   src/components, src/config) never imports a feature. Routes in src/app compose features.
// - api: Kysely builders only in repositories (`repository.ts`, `*-repository.ts`) and src/db; a module
//   never imports another module's repository or routes; app code never imports the demo seed.
// - core: imports nothing but zod (and its own files).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const builderPattern =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql\s*(<[^>]*>\s*)?`|\bsql\.(raw|ref|lit|id|join|table|val)\s*\(/;

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield full;
  }
}

const isInside = (dir, file) =>
  !path.relative(dir, file).startsWith('..') && !path.isAbsolute(path.relative(dir, file));

/** Import specifiers of a file, each with the file it points to when it is ours (relative or `@/`). */
function importsOf(file, aliasRoot) {
  const found = [];
  for (const match of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    let target = null;
    if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
    else if (aliasRoot && specifier.startsWith('@/')) target = path.join(aliasRoot, specifier.slice(2));
    found.push({ specifier, target: target?.replace(/\.(js|mjs|ts|tsx)$/, '') ?? null });
  }
  return found;
}

/** Source text without comments, so a comment naming `selectFrom` is not a query. */
function codeOf(file) {
  return fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** Every import in the web app that crosses a feature boundary (DESIGN §6, decision 003). */
export function webProblems(src) {
  const featuresDir = path.join(src, 'features');
  const appDir = path.join(src, 'app');
  const shared = ['lib', 'components', 'config'].map((dir) => path.join(src, dir));
  const featureOf = (file) =>
    isInside(featuresDir, file) ? path.relative(featuresDir, file).split(path.sep)[0] : null;
  const problems = [];
  for (const file of sourceFiles(src)) {
    const own = featureOf(file);
    const isShared = shared.some((dir) => isInside(dir, file));
    if (!own && !isShared) continue;
    const where = path.relative(src, file);
    for (const { specifier, target } of importsOf(file, src)) {
      if (!target) continue;
      const other = featureOf(target);
      if (own && other && other !== own)
        problems.push(`${where}: feature "${own}" imports feature "${other}" (${specifier})`);
      if (own && isInside(appDir, target)) problems.push(`${where}: a feature imports from src/app (${specifier})`);
      if (isShared && other) problems.push(`${where}: shared code imports feature "${other}" (${specifier})`);
      if (isShared && isInside(appDir, target))
        problems.push(`${where}: shared code imports from src/app (${specifier})`);
    }
  }
  return problems.sort();
}

const isRepository = (file) => /(^|-)repository$/.test(path.basename(file).replace(/\.(js|ts)$/, ''));
const isRoutes = (file) => /(^|-)routes$/.test(path.basename(file).replace(/\.(js|ts)$/, ''));

/** Queries outside repositories, and modules reaching into each other's repositories or routes. */
export function apiProblems(src) {
  const modulesDir = path.join(src, 'modules');
  const dbDir = path.join(src, 'db');
  const seedDir = path.join(dbDir, 'seed');
  const moduleOf = (file) => (isInside(modulesDir, file) ? path.relative(modulesDir, file).split(path.sep)[0] : null);
  const problems = [];
  for (const file of sourceFiles(src)) {
    const where = path.relative(src, file);
    const own = moduleOf(file);
    if (!isInside(dbDir, file) && !isRepository(file)) {
      const builder = builderPattern.exec(codeOf(file));
      if (builder) problems.push(`${where}: a query (${builder[1] ?? 'sql'}) outside a repository`);
    }
    for (const { specifier, target } of importsOf(file)) {
      if (!target) continue;
      const other = moduleOf(target);
      if (own && other && other !== own && isRepository(target)) {
        problems.push(`${where}: module "${own}" imports the repository of "${other}" (${specifier})`);
      }
      if (own && other && other !== own && isRoutes(target)) {
        problems.push(`${where}: module "${own}" imports the routes of "${other}" (${specifier})`);
      }
      if (!own && !isInside(dbDir, file) && other && isRepository(target)) {
        problems.push(`${where}: imports a repository (${specifier}); call the module's service`);
      }
      if (own && isInside(seedDir, target)) problems.push(`${where}: a module imports the demo seed (${specifier})`);
    }
  }
  return problems.sort();
}

/** packages/core stays pure: nothing but zod and its own files. */
export function coreProblems(src) {
  const problems = [];
  for (const file of sourceFiles(src)) {
    const where = path.relative(src, file);
    for (const { specifier, target } of importsOf(file)) {
      if (target ? !isInside(src, target) : !/^zod(\/|$)/.test(specifier)) {
        problems.push(`${where}: core imports ${specifier} (only zod and core's own files)`);
      }
    }
  }
  return problems.sort();
}

export function structureProblems(root) {
  return [
    ...webProblems(path.join(root, 'apps/web/src')).map((p) => `apps/web/src/${p}`),
    ...apiProblems(path.join(root, 'apps/api/src')).map((p) => `apps/api/src/${p}`),
    ...coreProblems(path.join(root, 'packages/core/src')).map((p) => `packages/core/src/${p}`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = structureProblems(root);
  if (problems.length) {
    console.error('Layout rules (DESIGN.md §6, decisions 003 and 023) broken:');
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
}
