import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Menu, responsiveImage } from '@orderfront/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeProductImage } from '../src/modules/admin/uploads.js';
import { catalogueRepository } from '../src/modules/catalogue/repository.js';
import { createTestApp, type TestContext } from './support/app.js';
import { tenantId } from './support/auth.js';
import { runCommandOn } from './support/commands.js';
import { pngOf } from './support/images.js';
import { restaurantIds } from './support/orders.js';

/** `npm run images -- resize` (decision 048): sizes for uploads from before resizing (decision 046). */

let ctx: TestContext;
let uploads: string;
let surry: number;
const legacyId = 'a'.repeat(32);
const legacyPath = `/uploads/products/${legacyId}.png`;

beforeAll(async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-resize-'));
  ctx = await createTestApp({ env: { UPLOADS_DIR: path.join(work, 'uploads') } });
  uploads = path.join(ctx.config.uploadsDir, 'products');
  fs.mkdirSync(uploads, { recursive: true });
  surry = (await restaurantIds(ctx))['surry-hills'] as number;
});
afterAll(async () => ctx?.close());

const resize = (...args: string[]) =>
  runCommandOn(ctx, ['images', 'resize', ...args], { UPLOADS_DIR: ctx.config.uploadsDir });

async function menuImages() {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${surry}/menu` });
  return (res.json().data as Menu).products.map((p) => p.products.image.image_url);
}

describe('images resize', () => {
  it('resizes an old upload, points the menu at it (so it gets srcset), repairs a missing size, and runs again as a no-op', async () => {
    // An upload from before resizing, used by one product, and a resized one that lost its 320 px size.
    fs.writeFileSync(path.join(uploads, `${legacyId}.png`), await pngOf(1600, 1200));
    fs.writeFileSync(path.join(uploads, `${'b'.repeat(32)}.jpg`), 'not really a jpeg');
    const kept = await storeProductImage(ctx.config.uploadsDir, await pngOf(800, 600), 'image/png');
    const keptId = path.basename(kept).slice(0, 32);
    fs.rmSync(path.join(uploads, `${keptId}-320w.webp`));
    const product = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('products').set({ image_path: legacyPath }).where('id', '=', product.id).execute();
    await catalogueRepository(ctx.db).bumpVersion(ctx.db, tenantId, surry);
    expect(await menuImages()).toContain(legacyPath);
    expect(responsiveImage(legacyPath).srcSet).toBeUndefined();

    const dry = await resize('--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`Would resize 1 upload(s) from before resizing: ${legacyId}.png.`);
    expect(fs.readdirSync(uploads).filter((n) => n.startsWith(legacyId))).toEqual([`${legacyId}.png`]);
    expect(await menuImages()).toContain(legacyPath);

    const run = await resize();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      `Resized 1 upload(s) from before resizing: ${legacyId}.png.`,
      `Added missing sizes to 1 resized upload(s): ${path.basename(kept)}.`,
      'Pointed 1 image(s) of restaurants, categories, products, deals and combos at the resized files.',
      `Skipped ${'b'.repeat(32)}.jpg: not a readable image.`,
      '',
    ]);
    const resized = `/uploads/products/${legacyId}-1280x960.webp`;
    expect(fs.readdirSync(uploads).filter((n) => n.startsWith(legacyId))).toEqual([
      `${legacyId}-1280x960.webp`,
      `${legacyId}-320w.webp`,
      `${legacyId}-640w.webp`,
      `${legacyId}.png`,
    ]);
    expect(await sharp(path.join(uploads, `${legacyId}-640w.webp`)).metadata()).toMatchObject({
      format: 'webp',
      width: 640,
      height: 480,
    });
    expect(fs.existsSync(path.join(uploads, `${keptId}-320w.webp`))).toBe(true);
    // The storefront now reads srcset from the path it is given; the old path is gone from the menu.
    const images = await menuImages();
    expect(images).toContain(resized);
    expect(images).not.toContain(legacyPath);
    expect(responsiveImage(resized).srcSet).toBe(
      `/uploads/products/${legacyId}-320w.webp 320w, /uploads/products/${legacyId}-640w.webp 640w, ${resized} 1280w`,
    );

    const times = fs.readdirSync(uploads).map((n) => fs.statSync(path.join(uploads, n)).mtimeMs);
    const again = await resize();
    expect(again.stdout).toContain('Resized 0 upload(s) from before resizing.');
    expect(again.stdout).toContain('Added missing sizes to 0 resized upload(s).');
    expect(again.stdout).toContain('Pointed 0 image(s)');
    expect(fs.readdirSync(uploads).map((n) => fs.statSync(path.join(uploads, n)).mtimeMs)).toEqual(times);
  });

  it('says how to use it', async () => {
    const wrong = await runCommandOn(ctx, ['images']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe('Usage: npm run images -- resize [--dry-run]\n');
  });
});
