import fs from 'node:fs/promises';
import path from 'node:path';
import { imageVariants, isAcceptableImageSize, uploadFile } from '@orderfront/core';
import type { Db } from '../../db/database.js';
import { imageRepository } from './image-repository.js';
import { dimensions, resized, uploadsPrefix } from './uploads.js';

export interface ResizeReport {
  /** Uploads from before resizing that got their sizes now. */
  resized: string[];
  /** Resized uploads that were missing a narrower size and got it back. */
  repaired: string[];
  /** Rows (of any business) now pointing at the resized image instead of the original. */
  rows: number;
  /** Files left as they are, with why. */
  skipped: { file: string; reason: string }[];
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Writes the sizes of `variants` that are missing, made from `source`. */
async function writeMissing(folder: string, source: Buffer, variants: ReturnType<typeof imageVariants>) {
  const missing = [];
  for (const v of variants) if (!(await exists(path.join(folder, v.name)))) missing.push(v);
  // Every size in memory first: a file that does not decode leaves nothing half written.
  const files = await resized(source, missing);
  for (const f of files) await fs.writeFile(path.join(folder, f.name), f.data, { flag: 'wx' });
}

/**
 * `images resize` (decision 048): gives every upload its storefront sizes (decision 046). An upload
 * from before resizing (`<id>.jpg|png|webp`) is resized to `<id>-<w>x<h>.webp` and its narrower
 * sizes, and the rows naming it move to the resized path, whose name gives the storefront `srcset`;
 * the original stays (older pages and backups name it). A resized upload missing a narrower size
 * gets it back from its widest. Files are written before any row moves, and only missing files are
 * written, so a second run changes nothing.
 */
export async function resizeUploads(db: Db, uploadsDir: string, dryRun = false): Promise<ResizeReport> {
  const folder = path.join(uploadsDir, 'products');
  const names = (await exists(folder)) ? (await fs.readdir(folder)).sort() : [];
  const report: ResizeReport = { resized: [], repaired: [], rows: 0, skipped: [] };
  const keptOf = new Map<string, string>();
  for (const name of names) {
    const file = uploadFile(name);
    if (file?.kind === 'kept') keptOf.set(file.id, name);
  }
  const moves = new Map<string, string>();
  for (const name of names) {
    const file = uploadFile(name);
    if (!file) continue;
    try {
      if (file.kind === 'kept') {
        const narrower = imageVariants(file.id, file.width, file.height).slice(0, -1);
        const there = await Promise.all(narrower.map((v) => exists(path.join(folder, v.name))));
        if (there.every(Boolean)) continue;
        if (!dryRun) await writeMissing(folder, await fs.readFile(path.join(folder, name)), narrower);
        report.repaired.push(name);
        continue;
      }
      const already = keptOf.get(file.id);
      if (already) {
        moves.set(`${uploadsPrefix}products/${name}`, `${uploadsPrefix}products/${already}`);
        continue;
      }
      const bytes = await fs.readFile(path.join(folder, name));
      const { width, height } = await dimensions(bytes);
      if (!width || !height || !isAcceptableImageSize(width, height)) {
        report.skipped.push({ file: name, reason: 'too many pixels' });
        continue;
      }
      const variants = imageVariants(file.id, width, height);
      if (!dryRun) await writeMissing(folder, bytes, variants);
      report.resized.push(name);
      moves.set(`${uploadsPrefix}products/${name}`, `${uploadsPrefix}products/${variants.at(-1)?.name}`);
    } catch {
      report.skipped.push({ file: name, reason: 'not a readable image' });
    }
  }
  const repo = imageRepository(db);
  const tenants = new Set<number>();
  for (const row of await repo.rowsUsing([...moves.keys()])) {
    const to = moves.get(row.image_path) as string;
    report.rows += dryRun ? 1 : await repo.movePath(row.table, row.tenant_id, row.image_path, to);
    tenants.add(row.tenant_id);
  }
  if (!dryRun) for (const tenantId of tenants) await repo.bumpCatalogues(tenantId);
  return report;
}

/** The command's answer, one line per finding. */
export function resizeReportText(report: ResizeReport, dryRun: boolean): string {
  const would = dryRun ? 'Would resize' : 'Resized';
  return [
    `${would} ${report.resized.length} upload(s) from before resizing${report.resized.length ? `: ${report.resized.join(', ')}` : ''}.`,
    `${dryRun ? 'Would add' : 'Added'} missing sizes to ${report.repaired.length} resized upload(s)${report.repaired.length ? `: ${report.repaired.join(', ')}` : ''}.`,
    `${dryRun ? 'Would point' : 'Pointed'} ${report.rows} image(s) of restaurants, categories, products, deals and combos at the resized files.`,
    ...report.skipped.map((s) => `Skipped ${s.file}: ${s.reason}.`),
  ].join('\n');
}
