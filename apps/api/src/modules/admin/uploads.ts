import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type ImageVariant,
  imageVariants,
  isAcceptableImageSize,
  maxProductImageBytes,
  maxUploadedImagePixels,
} from '@orderfront/core';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.js';

/** Public URL prefix of stored uploads (served from config.uploadsDir). */
export const uploadsPrefix = '/uploads/';

const imageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
type ImageType = (typeof imageTypes)[number];
/** The media types a product image may be uploaded as. */
export const productImageTypes = [...imageTypes];

/** What an upload route can answer besides 200, for its OpenAPI description (decision 029). */
export const imageUploadErrors = {
  413: 'The image is larger than 2 MB',
  415: 'The body is not a JPEG, PNG or WebP image, or it cannot be decoded',
  422: 'The image is wider or taller than 10,000 pixels, or has more than 40 megapixels',
} as const;

/** The image type by its first bytes: a file is what it is, whatever its name or header claims. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

const notAnImage = () =>
  new AppError('unsupported_media_type', 'Upload a JPEG, PNG or WebP image', { image: 'Not an image' });

// One libvips thread, no operation cache, sizes made one after another: resizing is the heaviest
// thing an admin can ask of a small shared machine, and uploads are rare.
sharp.concurrency(1);
sharp.cache(false);
const decode = (bytes: Buffer) => sharp(bytes, { limitInputPixels: maxUploadedImagePixels, failOn: 'error' });

/** The upright width and height, read from the header without decoding the pixels (so no pixel limit yet). */
export async function dimensions(bytes: Buffer) {
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { width: meta.autoOrient?.width ?? meta.width, height: meta.autoOrient?.height ?? meta.height };
  } catch {
    throw notAnImage();
  }
}

/** The WebP files of an image at the given sizes, made in memory one after another; throws if it does not decode. */
export async function resized(bytes: Buffer, variants: readonly ImageVariant[]) {
  const files: { name: string; data: Buffer }[] = [];
  for (const v of variants) {
    // Orientation applied, metadata (camera, GPS) dropped: sharp keeps none unless asked.
    const data = await decode(bytes).autoOrient().resize(v.width, v.height).webp({ quality: 80 }).toBuffer();
    files.push({ name: v.name, data });
  }
  return files;
}

/**
 * Checks an uploaded image, resizes it to the storefront's widths (decision 046) and writes them as
 * WebP under `<dir>/products/` with a random name, so a name never comes from the client. Every
 * size is made in memory before any file is written: a refused or broken image leaves nothing.
 * Answers the public path of the widest size.
 */
export async function storeProductImage(dir: string, bytes: Buffer, declaredType: string | undefined) {
  if (bytes.length === 0) throw new AppError('bad_request', 'The image is empty', { image: 'Required' });
  if (bytes.length > maxProductImageBytes) {
    throw new AppError('payload_too_large', 'Images may be at most 2 MB', { image: 'Too large' });
  }
  const type = sniffImage(bytes);
  if (!type || type !== declaredType?.split(';')[0]?.trim().toLowerCase()) throw notAnImage();
  const { width, height } = await dimensions(bytes);
  if (!width || !height) throw notAnImage();
  if (!isAcceptableImageSize(width, height)) {
    throw new AppError('unprocessable', 'Images may be at most 10,000 pixels a side and 40 megapixels', {
      image: 'Too many pixels',
    });
  }
  const variants = imageVariants(randomBytes(16).toString('hex'), width, height);
  let files: { name: string; data: Buffer }[];
  try {
    files = await resized(bytes, variants);
  } catch {
    throw notAnImage();
  }
  const folder = path.join(dir, 'products');
  await fs.mkdir(folder, { recursive: true });
  for (const file of files) await fs.writeFile(path.join(folder, file.name), file.data, { flag: 'wx' });
  return `${uploadsPrefix}products/${variants[variants.length - 1]?.name}`;
}
