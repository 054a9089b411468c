// The supply-chain rules of decisions 024 and 028, checked on every `npm run lint`:
// - every workspace is private, and a package.json (the root's or a workspace's) names a workspace
//   only by a `file:` path to that very workspace, never a version range npm could take from the
//   registry; the lockfile links every workspace name rather than resolving it;
// - every production dependency of the apps (the installed node_modules tree under apps/api and
//   apps/web, followed the way Node resolves it) is under a permissive licence, or is in the
//   reviewed exceptions file (scripts/licence-exceptions.json) with that very licence.
// `node scripts/check-packages.mjs --licences` prints every production package and its licence.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dependencyFields = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** SPDX ids that let us run, change and ship the code without passing on obligations beyond notice. */
export const permissiveLicences = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-1-Clause',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The workspaces of the repository at `root`: name, directory (absolute) and manifest. */
export function workspacesOf(root) {
  const manifest = readJson(path.join(root, 'package.json'));
  return (manifest.workspaces ?? []).map((dir) => {
    const full = path.resolve(root, dir);
    return { dir: full, manifest: readJson(path.join(full, 'package.json')) };
  });
}

/** Workspaces that are not private, and dependencies on a workspace by anything but its `file:` path. */
export function workspaceProblems(root) {
  const workspaces = workspacesOf(root);
  const dirByName = new Map(workspaces.map((w) => [w.manifest.name, w.dir]));
  const problems = [];
  const rel = (file) => path.relative(root, file) || '.';
  for (const { dir, manifest } of workspaces) {
    if (manifest.private !== true) problems.push(`${rel(dir)}/package.json: workspace ${manifest.name} is not private`);
  }
  const manifests = [{ dir: root, manifest: readJson(path.join(root, 'package.json')) }, ...workspaces];
  for (const { dir, manifest } of manifests) {
    for (const field of dependencyFields) {
      for (const [name, spec] of Object.entries(manifest[field] ?? {})) {
        const target = dirByName.get(name);
        if (!target) continue;
        const where = `${rel(dir)}/package.json ${field}["${name}"]`;
        if (typeof spec !== 'string' || !spec.startsWith('file:')) {
          problems.push(`${where} is "${spec}": a workspace is named by its file: path only`);
        } else if (path.resolve(dir, spec.slice('file:'.length)) !== target) {
          problems.push(`${where} is "${spec}", not the path of workspace ${name} (${rel(target)})`);
        }
      }
    }
  }
  const lockFile = path.join(root, 'package-lock.json');
  const lock = fs.existsSync(lockFile) ? readJson(lockFile) : { packages: {} };
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    const name = key.split('node_modules/').pop();
    if (!key.includes('node_modules/') || !dirByName.has(name) || entry.link === true) continue;
    problems.push(`package-lock.json "${key}" resolves workspace ${name} from ${entry.resolved ?? 'a registry'}`);
  }
  return problems.sort();
}

/** Where Node finds `name` from `fromDir`: the nearest node_modules/<name> up the tree. */
function resolvePackage(name, fromDir, root) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return path.dirname(candidate);
    if (dir === root || path.dirname(dir) === dir) return null;
    dir = path.dirname(dir);
  }
}

/** A manifest's licence as an SPDX expression (also the old `licenses: [{ type }]` form), or null. */
export function licenceOf(manifest) {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  if (Array.isArray(manifest.licenses) && manifest.licenses.length > 0) {
    const types = manifest.licenses.map((l) => (typeof l === 'string' ? l : l?.type)).filter(Boolean);
    if (types.length > 0) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return null;
}

/**
 * Whether an SPDX expression lets us use the package permissively: an OR needs one permissive
 * side, an AND both; `X WITH exception` is judged as X.
 */
export function isPermissive(expression) {
  if (!expression) return false;
  const tokens = expression.replace(/[()]/g, ' $& ').split(/\s+/).filter(Boolean);
  let at = 0;
  const primary = () => {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      at++; // ')'
      return value;
    }
    if (tokens[at] === 'WITH') at += 2;
    return permissiveLicences.has((token ?? '').replace(/\+$/, ''));
  };
  const and = () => {
    let value = primary();
    while (tokens[at] === 'AND') {
      at++;
      value = primary() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (tokens[at] === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const result = or();
  return at === tokens.length && result;
}

/**
 * Every package the apps need at run time, found in the installed tree from each app's
 * `dependencies` (and installed optional and peer dependencies) the way Node resolves them.
 * Workspaces are ours and are walked through, not listed.
 */
export function productionPackages(root, appDirs) {
  const workspaceDirs = new Set(workspacesOf(root).map((w) => fs.realpathSync(w.dir)));
  const found = new Map();
  const missing = [];
  const visit = (dir, manifest, required) => {
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}).map((name) => [name, true]),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((name) => [name, false]),
      ...Object.keys(manifest.peerDependencies ?? {}).map((name) => [
        name,
        !manifest.peerDependenciesMeta?.[name]?.optional,
      ]),
    ];
    for (const [name, needed] of wanted) {
      const at = resolvePackage(name, dir, root);
      if (!at) {
        if (needed && required) missing.push(`${name} (needed by ${manifest.name ?? path.relative(root, dir)})`);
        continue;
      }
      const real = fs.realpathSync(at);
      if (found.has(real) || workspaceDirs.has(real)) {
        if (workspaceDirs.has(real) && !found.has(real)) {
          found.set(real, null);
          visit(real, readJson(path.join(real, 'package.json')), required);
        }
        continue;
      }
      const own = readJson(path.join(real, 'package.json'));
      found.set(real, { name: own.name ?? name, version: own.version ?? '?', licence: licenceOf(own), dir: real });
      visit(real, own, needed && required);
    }
  };
  for (const app of appDirs) {
    const dir = path.resolve(root, app);
    visit(dir, readJson(path.join(dir, 'package.json')), true);
  }
  const packages = [...found.values()].filter(Boolean).sort((a, b) => a.name.localeCompare(b.name));
  return { packages, missing: [...new Set(missing)].sort() };
}

/** Packages whose licence is not permissive and not excepted (an exception names the licence it accepts). */
export function licenceProblems(packages, exceptions = []) {
  const problems = [];
  for (const pkg of packages) {
    if (isPermissive(pkg.licence)) continue;
    const excepted = exceptions.some((e) => e.name === pkg.name && e.licence === pkg.licence);
    if (!excepted) {
      problems.push(
        `${pkg.name}@${pkg.version} is licensed ${pkg.licence ?? '(no licence stated)'}, not permissive; ` +
          'replace it, or review it and add it to scripts/licence-exceptions.json',
      );
    }
  }
  return problems;
}

export const appDirs = ['apps/api', 'apps/web'];

export function packageProblems(root) {
  const exceptionsFile = path.join(root, 'scripts/licence-exceptions.json');
  const exceptions = fs.existsSync(exceptionsFile) ? readJson(exceptionsFile).exceptions : [];
  const { packages, missing } = productionPackages(root, appDirs);
  return [
    ...workspaceProblems(root),
    ...missing.map((m) => `production dependency ${m} is not installed (run npm ci)`),
    ...licenceProblems(packages, exceptions),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--licences')) {
    for (const pkg of productionPackages(root, appDirs).packages) {
      console.log(`${pkg.name}@${pkg.version}\t${pkg.licence ?? '(none)'}`);
    }
  } else {
    const problems = packageProblems(root);
    if (problems.length) {
      console.error('Package rules (decisions 024 and 028) broken:');
      for (const p of problems) console.error(`  ${p}`);
      process.exit(1);
    }
  }
}
