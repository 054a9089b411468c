import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';

/**
 * Migrations never rewrite history (decision 027): a landed migration file keeps its checksum in
 * src/db/migrations/SHA256SUMS forever; a new migration is a new file, named after the newest, whose
 * line is appended (`sha256sum NAME.ts >> SHA256SUMS` in that folder).
 */

const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const sumsFile = path.join(dir, 'SHA256SUMS');
const isMigration = (name: string) => /^\d{8}T\d{4}-[a-z0-9-]+\.ts$/.test(name);

/** Line endings normalised, so a checkout that turns LF into CRLF does not count as a change. */
const checksum = (file: string) =>
  createHash('sha256').update(fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n')).digest('hex');

function recorded() {
  return fs
    .readFileSync(sumsFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
      if (!match) throw new Error(`SHA256SUMS: not a checksum line: ${line}`);
      return { sha256: match[1] as string, name: match[2] as string };
    });
}

describe('migrations never rewrite history', () => {
  it('every landed migration is unchanged and still there', () => {
    const problems: string[] = [];
    for (const { sha256, name } of recorded()) {
      const file = path.join(dir, name);
      if (!fs.existsSync(file)) problems.push(`${name} was removed: a landed migration stays.`);
      else if (checksum(file) !== sha256)
        problems.push(`${name} changed after it landed: put the change in a new migration instead.`);
    }
    expect(problems).toEqual([]);
  });

  it('every migration file is recorded, in the order it was added, and each new one is named after the last', () => {
    const names = recorded().map((entry) => entry.name);
    const files = fs.readdirSync(dir).filter(isMigration).sort();
    const unrecorded = files.filter((file) => !names.includes(file));
    expect(
      unrecorded.map((file) => `${file} is not in SHA256SUMS: append it (sha256sum ${file} >> SHA256SUMS)`),
    ).toEqual([]);
    expect(names, 'SHA256SUMS lists migrations oldest first; a new one sorts after every landed one').toEqual(
      [...names].sort(),
    );
  });

  it('the migrator runs exactly the migration files, in their order', () => {
    const files = fs
      .readdirSync(dir)
      .filter(isMigration)
      .sort()
      .map((file) => file.replace(/\.ts$/, ''));
    expect(Object.keys(migrations)).toEqual(files);
  });
});
