import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Node's flags as `npm start` passes them (package.json), for whatever starts the server the same way. */
export const startFlags = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  .scripts.start.split(' ')
  .filter((arg) => arg.startsWith('--'));

/** Newest modification time of any file under the given paths (relative to the repo root). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file))
        if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(file, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

function mtimeOf(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

const targets = [
  {
    workspace: '@orderfront/web',
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/core/src',
      'package-lock.json',
    ],
  },
  {
    workspace: '@orderfront/api',
    output: 'apps/api/dist/cli.js',
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'packages/core/src', 'package-lock.json'],
  },
];

/** Builds each part (or only the workspace `only`) whose output is missing or older than its sources. */
export function buildIfNeeded({ force = false, only = undefined } = {}) {
  for (const target of targets) {
    if (only && target.workspace !== only) continue;
    const built = mtimeOf(target.output);
    if (!force && built && built >= newestMtime(target.inputs)) continue;
    console.log(`Building ${target.workspace}…`);
    run('npm', ['run', 'build', '-w', target.workspace, '--silent']);
  }
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
    throw new Error(`${command} ${args.join(' ')} failed (${why})`);
  }
  return result;
}
