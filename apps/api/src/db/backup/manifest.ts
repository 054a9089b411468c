import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** What a backup directory says about itself (decision 027). */
export const manifestName = 'manifest.json';
export const backupFormat = 'storefront-backup';

const fileEntry = z.object({ path: z.string().min(1), bytes: z.number().int().min(0), sha256: z.string().length(64) });

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  format_version: z.literal(1),
  created_at: z.string(),
  app_version: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The newest migration applied when the copy was made. */
  schema_version: z.string().min(1),
  migrations: z.array(z.string()),
  /** The database copy: a SQLite file, or a pg_dump custom-format archive of `schema`. */
  database: z.object({ file: z.string().min(1), schema: z.string().optional() }),
  uploads: z.string().min(1),
  /** `scheduled` backups are the ones BACKUP_KEEP prunes; one made by `npm run backup` stays. */
  made_by: z.enum(['command', 'schedule']),
  files: z.array(fileEntry),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type FileEntry = z.infer<typeof fileEntry>;

export class BackupError extends Error {}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir`, as paths relative to it with forward slashes, sorted. */
export function filesUnder(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...filesUnder(path.join(dir, entry.name), relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

export async function describeFiles(dir: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const relative of filesUnder(dir)) {
    const full = path.join(dir, relative);
    entries.push({ path: relative, bytes: fs.statSync(full).size, sha256: await sha256File(full) });
  }
  return entries;
}

/**
 * Reads and checks a backup: a directory (or its manifest.json) whose manifest parses and whose every
 * file is there with its size and checksum. Throws a BackupError saying what is wrong otherwise.
 */
export async function readBackup(given: string): Promise<{ dir: string; manifest: Manifest }> {
  const resolved = path.resolve(given);
  if (!fs.existsSync(resolved)) throw new BackupError(`${given} does not exist.`);
  const dir = fs.statSync(resolved).isDirectory() ? resolved : path.dirname(resolved);
  const manifestFile = path.join(dir, manifestName);
  if (!fs.existsSync(manifestFile) || (resolved !== dir && path.basename(resolved) !== manifestName)) {
    throw new BackupError(
      `${given} is not a backup: a backup is a directory made by \`npm run backup\` holding ${manifestName}.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new BackupError(`${given} is not a backup: its ${manifestName} is not JSON (truncated or not ours).`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupError(`${given} is not a backup: its ${manifestName} is not a backup manifest.`);
  const manifest = result.data;
  for (const entry of manifest.files) {
    const full = path.join(dir, entry.path);
    if (!isInside(dir, full)) throw new BackupError(`${given}: the manifest names a file outside the backup.`);
    if (!fs.existsSync(full)) throw new BackupError(`${given} is incomplete: ${entry.path} is missing.`);
    const bytes = fs.statSync(full).size;
    if (bytes !== entry.bytes)
      throw new BackupError(`${given} is damaged: ${entry.path} has ${bytes} bytes, the manifest says ${entry.bytes}.`);
    if ((await sha256File(full)) !== entry.sha256)
      throw new BackupError(`${given} is damaged: ${entry.path} does not match its checksum.`);
  }
  if (!manifest.files.some((entry) => entry.path === manifest.database.file))
    throw new BackupError(`${given} is incomplete: it holds no database copy.`);
  return { dir, manifest };
}

export function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** `storefront-20261126T043000Z-20261125T1200-gift-card-refunds`: sorts by time, says the schema. */
export function backupName(at: Date, schemaVersion: string): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `storefront-${stamp}-${schemaVersion}`;
}

export const isBackupName = (name: string) => /^storefront-\d{8}T\d{6}Z-/.test(name);
