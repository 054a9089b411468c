import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isPermissive,
  licenceOf,
  licenceProblems,
  packageProblems,
  productionPackages,
  workspaceProblems,
} from './check-packages.mjs';

let dirs = [];
/** A repository on disk: `files` maps paths to JSON (objects) or text. */
function repo(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'packages-'));
  dirs.push(root);
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

afterEach(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const core = { name: '@orderfront/core', private: true, dependencies: { zod: '^4.0.0' } };
const api = (coreSpec = 'file:../../packages/core', extra = {}) => ({
  name: '@orderfront/api',
  private: true,
  dependencies: { '@orderfront/core': coreSpec, fastify: '^5.0.0', ...extra },
});
const web = { name: '@orderfront/web', private: true, dependencies: { react: '^19.0.0' } };

/** A tidy repository: every rule holds. `over` replaces or adds files. */
function shop(over = {}) {
  const root = repo({
    'package.json': { name: 'shop', private: true, workspaces: ['packages/core', 'apps/api', 'apps/web'] },
    'packages/core/package.json': core,
    'apps/api/package.json': api(),
    'apps/web/package.json': web,
    'package-lock.json': {
      packages: {
        'node_modules/@orderfront/core': { resolved: 'packages/core', link: true },
        'node_modules/fastify': {
          version: '5.1.0',
          resolved: 'https://registry.npmjs.org/fastify/-/fastify-5.1.0.tgz',
        },
      },
    },
    'node_modules/zod/package.json': { name: 'zod', version: '4.1.0', license: 'MIT' },
    'node_modules/fastify/package.json': {
      name: 'fastify',
      version: '5.1.0',
      license: 'MIT',
      dependencies: { 'light-my-request': '^6.0.0' },
    },
    // Nested under fastify: Node finds this copy first from fastify's folder.
    'node_modules/fastify/node_modules/light-my-request/package.json': {
      name: 'light-my-request',
      version: '6.0.0',
      license: 'BSD-3-Clause',
    },
    'node_modules/react/package.json': { name: 'react', version: '19.0.0', license: 'MIT' },
    // Installed, but only a dev tool: never in the production list.
    'node_modules/vite/package.json': { name: 'vite', version: '7.0.0', license: 'GPL-3.0-only' },
    'scripts/licence-exceptions.json': { exceptions: [] },
    ...over,
  });
  // npm links a workspace into node_modules.
  fs.mkdirSync(path.join(root, 'node_modules/@orderfront'), { recursive: true });
  fs.symlinkSync(path.join(root, 'packages/core'), path.join(root, 'node_modules/@orderfront/core'), 'dir');
  return root;
}

describe('workspace dependencies (decision 024)', () => {
  it('passes a repository where every workspace is private and named by its file: path', () => {
    expect(workspaceProblems(shop())).toEqual([]);
  });

  it('fails a "*" range to a workspace', () => {
    const root = shop({ 'apps/api/package.json': api('*') });
    expect(workspaceProblems(root)).toEqual([
      'apps/api/package.json dependencies["@orderfront/core"] is "*": a workspace is named by its file: path only',
    ]);
  });

  it('fails a version, and a file: path to somewhere else, in any dependency field', () => {
    const root = shop({
      'apps/web/package.json': { ...web, devDependencies: { '@orderfront/core': '^0.1.0' } },
      'apps/api/package.json': api('file:../../vendor/core'),
    });
    expect(workspaceProblems(root)).toEqual([
      'apps/api/package.json dependencies["@orderfront/core"] is "file:../../vendor/core", not the path of workspace @orderfront/core (packages/core)',
      'apps/web/package.json devDependencies["@orderfront/core"] is "^0.1.0": a workspace is named by its file: path only',
    ]);
  });

  it('fails a workspace that is not private', () => {
    const root = shop({ 'packages/core/package.json': { ...core, private: false } });
    expect(workspaceProblems(root)).toEqual(['packages/core/package.json: workspace @orderfront/core is not private']);
  });

  it('fails a lockfile that takes a workspace name from the registry', () => {
    const root = shop({
      'package-lock.json': {
        packages: {
          'node_modules/@orderfront/core': {
            version: '2.9.3',
            resolved: 'https://registry.npmjs.org/@orderfront/core/-/core-2.9.3.tgz',
          },
        },
      },
    });
    expect(workspaceProblems(root)).toEqual([
      'package-lock.json "node_modules/@orderfront/core" resolves workspace @orderfront/core from https://registry.npmjs.org/@orderfront/core/-/core-2.9.3.tgz',
    ]);
  });
});

describe('licences of production dependencies', () => {
  it('walks the installed tree from the apps as Node resolves it, through workspaces, leaving dev tools out', () => {
    const root = shop();
    const { packages, missing } = productionPackages(root, ['apps/api', 'apps/web']);
    expect(missing).toEqual([]);
    expect(packages.map((p) => `${p.name}@${p.version} ${p.licence}`)).toEqual([
      'fastify@5.1.0 MIT',
      'light-my-request@6.0.0 BSD-3-Clause',
      'react@19.0.0 MIT',
      'zod@4.1.0 MIT',
    ]);
  });

  it('fails a GPL production dependency, and passes it once reviewed under that very licence', () => {
    const gpl = {
      'node_modules/fastify/node_modules/light-my-request/package.json': {
        name: 'light-my-request',
        version: '6.0.0',
        license: 'GPL-3.0-or-later',
      },
    };
    expect(packageProblems(shop(gpl))).toEqual([
      'light-my-request@6.0.0 is licensed GPL-3.0-or-later, not permissive; replace it, or review it and add it to scripts/licence-exceptions.json',
    ]);
    const reviewed = {
      ...gpl,
      'scripts/licence-exceptions.json': {
        exceptions: [{ name: 'light-my-request', licence: 'GPL-3.0-or-later', reviewed: 'test', reason: 'test' }],
      },
    };
    expect(packageProblems(shop(reviewed))).toEqual([]);
    const otherLicence = {
      ...reviewed,
      'scripts/licence-exceptions.json': { exceptions: [{ name: 'light-my-request', licence: 'LGPL-3.0-only' }] },
    };
    expect(packageProblems(shop(otherLicence))).toHaveLength(1);
  });

  it('fails a package that states no licence, and one that is not installed', () => {
    const root = shop({
      'node_modules/react/package.json': { name: 'react', version: '19.0.0' },
      'apps/web/package.json': { ...web, dependencies: { ...web.dependencies, 'left-pad': '^1.0.0' } },
    });
    expect(packageProblems(root)).toEqual([
      'production dependency left-pad (needed by @orderfront/web) is not installed (run npm ci)',
      'react@19.0.0 is licensed (no licence stated), not permissive; replace it, or review it and add it to scripts/licence-exceptions.json',
    ]);
  });

  it('reads SPDX expressions: OR needs one permissive side, AND both, WITH judges the licence', () => {
    expect(isPermissive('MIT')).toBe(true);
    expect(isPermissive('(MIT OR GPL-3.0-only)')).toBe(true);
    expect(isPermissive('(MIT AND GPL-3.0-only)')).toBe(false);
    expect(isPermissive('Apache-2.0 WITH LLVM-exception')).toBe(true);
    expect(isPermissive('GPL-2.0-only WITH Classpath-exception-2.0')).toBe(false);
    expect(isPermissive('(BSD-2-Clause OR (MIT AND CC0-1.0))')).toBe(true);
    expect(isPermissive('AGPL-3.0')).toBe(false);
    expect(isPermissive('SEE LICENSE IN LICENSE.md')).toBe(false);
    expect(isPermissive(null)).toBe(false);
    expect(licenceOf({ licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] })).toBe('(MIT OR Apache-2.0)');
    expect(licenceProblems([{ name: 'x', version: '1.0.0', licence: 'BlueOak-1.0.0' }])).toEqual([]);
  });
});

describe('this repository', () => {
  it('keeps the rules', () => {
    expect(packageProblems(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
