import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { maxProductImageBytes } from '@orderfront/core';
import { AppError } from '../../lib/errors.js';

/** Public URL prefix of stored uploads (served from config.uploadsDir). */
export const uploadsPrefix = '/uploads/';

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type ImageType = keyof typeof extensions;
/** The media types a product image may be uploaded as. */
export const productImageTypes = Object.keys(extensions) as ImageType[];

/** The image type by its first bytes: a file is what it is, whatever its name or header claims. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/**
 * Checks an uploaded product image and writes it under `<dir>/products/` with a random name, so a
 * name never comes from the client. Answers the public path.
 */
export async function storeProductImage(dir: string, bytes: Buffer, declaredType: string | undefined) {
  if (bytes.length === 0) throw new AppError('bad_request', 'The image is empty', { image: 'Required' });
  if (bytes.length > maxProductImageBytes) {
    throw new AppError('payload_too_large', 'Images may be at most 2 MB', { image: 'Too large' });
  }
  const type = sniffImage(bytes);
  if (!type || type !== declaredType?.split(';')[0]?.trim().toLowerCase()) {
    throw new AppError('unsupported_media_type', 'Upload a JPEG, PNG or WebP image', { image: 'Not an image' });
  }
  const name = `${randomBytes(16).toString('hex')}.${extensions[type]}`;
  const folder = path.join(dir, 'products');
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, name), bytes, { flag: 'wx' });
  return `${uploadsPrefix}products/${name}`;
}
