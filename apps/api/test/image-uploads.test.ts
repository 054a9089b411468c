import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Menu } from '@orderfront/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../src/db/backup/backup.js';
import { createTestApp, type TestContext } from './support/app.js';
import { bearer, signInAs } from './support/auth.js';
import { garbagePng, pngBomb, pngOf } from './support/images.js';
import { addOtherBusiness } from './support/tenants.js';

// Uploads resized to the storefront's widths as WebP (decision 046).
let ctx: TestContext;
let work: string;
let uploadsDir: string;
let surry: number;
let productId: number;
const tokens: Record<'owner' | 'manager' | 'otherOwner', string> = {} as never;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'image-uploads-'));
  uploadsDir = path.join(work, 'uploads');
  ctx = await createTestApp({ config: { uploadsDir } });
  surry = (
    await ctx.db.selectFrom('restaurants').select('id').where('slug', '=', 'surry-hills').executeTakeFirstOrThrow()
  ).id;
  const menu = (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${surry}/menu` })).json().data as Menu;
  productId = menu.products[0]?.id as number;
  tokens.owner = await signInAs(ctx.app, 'owner');
  tokens.manager = await signInAs(ctx.app, 'manager');
  tokens.otherOwner = (await addOtherBusiness(ctx.app, ctx.db)).ownerToken;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const productImage = (body: Buffer, token = tokens.manager) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/admin/products/${productId}/image?restaurant_id=${surry}`,
    headers: { ...bearer(token), 'content-type': 'image/png' },
    payload: body,
  });
const restaurantImage = (body: Buffer, token = tokens.owner) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/admin/restaurants/${surry}/image`,
    headers: { ...bearer(token), 'content-type': 'image/png' },
    payload: body,
  });
const stored = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir, { recursive: true }).sort() : []);
const fileOf = (url: string) => path.join(uploadsDir, url.slice('/uploads/'.length));

/** Each stored size of the upload at `url`, by its decoded width and height. */
async function sizesOf(url: string) {
  const id = /([0-9a-f]{32})-/.exec(url)?.[1] as string;
  const names = fs.readdirSync(path.dirname(fileOf(url))).filter((n) => n.startsWith(id));
  const sizes = [];
  for (const name of names) {
    const meta = await sharp(path.join(path.dirname(fileOf(url)), name)).metadata();
    sizes.push({ name: name.slice(33), format: meta.format, width: meta.width, height: meta.height });
  }
  return sizes.sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
}

describe('image uploads', () => {
  it('stores a product image as WebP at 320, 640 and 1280 wide, served for a year and shown on the menu', async () => {
    const res = await productImage(await pngOf(1600, 1200));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.image_url as string;
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{32}-1280x960\.webp$/);
    expect(await sizesOf(url)).toEqual([
      { name: '320w.webp', format: 'webp', width: 320, height: 240 },
      { name: '640w.webp', format: 'webp', width: 640, height: 480 },
      { name: '1280x960.webp', format: 'webp', width: 1280, height: 960 },
    ]);
    for (const file of [url, url.replace('-1280x960', '-320w')]) {
      const served = await ctx.app.inject({ method: 'GET', url: file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const menu = (await ctx.app.inject({ method: 'GET', url: `/api/v2/restaurants/${surry}/menu` })).json()
      .data as Menu;
    expect(menu.products.find((p) => p.id === productId)?.products.image.image_url).toBe(url);
  });

  it('never upscales a small image', async () => {
    const res = await productImage(await pngOf(500, 300));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.image_url as string;
    expect(url).toMatch(/-500x300\.webp$/);
    expect((await sizesOf(url)).map((s) => [s.width, s.height])).toEqual([
      [320, 192],
      [500, 300],
    ]);
  });

  it('refuses a decompression bomb (422) and a broken file (415), storing nothing', async () => {
    const before = stored();
    const bomb = await productImage(pngBomb(30_000));
    expect(bomb.statusCode, bomb.body).toBe(422);
    expect(bomb.json().error.fields).toEqual({ image: 'Too many pixels' });
    const broken = await productImage(garbagePng());
    expect(broken.statusCode, broken.body).toBe(415);
    const truncated = await productImage((await pngOf(400, 300)).subarray(0, 300));
    expect(truncated.statusCode, truncated.body).toBe(415);
    expect((await restaurantImage(pngBomb(12_000))).statusCode).toBe(422);
    expect(stored()).toEqual(before);
  });

  it("refuses another business's owner, storing nothing", async () => {
    const before = stored();
    const png = await pngOf(400, 300);
    expect((await productImage(png, tokens.otherOwner)).statusCode).toBe(403);
    expect((await restaurantImage(png, tokens.otherOwner)).statusCode).toBe(403);
    expect(stored()).toEqual(before);
  });

  it('resizes restaurant and catalogue draft images the same way, and a backup holds every size', async () => {
    const restaurant = await restaurantImage(await pngOf(900, 900));
    expect(restaurant.statusCode, restaurant.body).toBe(200);
    const restaurantUrl = restaurant.json().data.image_path as string;
    expect(restaurantUrl).toMatch(/-900x900\.webp$/);
    expect((await sizesOf(restaurantUrl)).map((s) => s.width)).toEqual([320, 640, 900]);

    const draft = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/admin/catalogue/images?restaurant_id=${surry}`,
      headers: { ...bearer(tokens.owner), 'content-type': 'image/png' },
      payload: await pngOf(2000, 1000),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const draftUrl = draft.json().data.image as string;
    expect(draftUrl).toMatch(/-1280x640\.webp$/);

    const backup = await createBackup(
      { db: ctx.db, database: ctx.config.database, uploadsDir },
      path.join(work, 'backups'),
    );
    const inBackup = fs.readdirSync(path.join(backup.dir, backup.manifest.uploads), { recursive: true }).sort();
    expect(inBackup).toEqual(stored());
    expect(inBackup).toContain(`products/${path.basename(draftUrl).replace('-1280x640', '-320w')}`);
  });
});
