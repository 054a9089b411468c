import { describe, expect, it } from 'vitest';
import { imageVariants, isAcceptableImageSize, responsiveImage, uploadFile } from '../src/index.js';

const id = 'ab'.repeat(16);

describe('uploaded image variants', () => {
  it('resizes to the standard widths below the upload, never upscaling', () => {
    expect(imageVariants(id, 2000, 1500).map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
      [1280, 960],
    ]);
    expect(imageVariants(id, 500, 333).map((v) => v.name)).toEqual([`${id}-320w.webp`, `${id}-500x333.webp`]);
    expect(imageVariants(id, 200, 100)).toEqual([{ width: 200, height: 100, name: `${id}-200x100.webp` }]);
  });

  it('refuses absurd dimensions before decoding', () => {
    expect(isAcceptableImageSize(4000, 3000)).toBe(true);
    expect(isAcceptableImageSize(20_000, 20_000)).toBe(false);
    expect(isAcceptableImageSize(10_000, 5000)).toBe(false);
    expect(isAcceptableImageSize(0, 10)).toBe(false);
  });

  it('reads srcset and size from a resized upload path, and leaves other images alone', () => {
    expect(responsiveImage(`/uploads/products/${id}-1280x960.webp`)).toEqual({
      src: `/uploads/products/${id}-1280x960.webp`,
      srcSet: `/uploads/products/${id}-320w.webp 320w, /uploads/products/${id}-640w.webp 640w, /uploads/products/${id}-1280x960.webp 1280w`,
      width: 1280,
      height: 960,
    });
    expect(responsiveImage('/images/menu/pizza.svg')).toEqual({ src: '/images/menu/pizza.svg' });
    expect(responsiveImage(`/uploads/products/${id}.png`)).toEqual({ src: `/uploads/products/${id}.png` });
  });
});

describe('files in the uploads folder (decision 048)', () => {
  const id = '0123456789abcdef0123456789abcdef';
  it('tells a resized upload, an upload from before resizing, and anything else apart', () => {
    expect(uploadFile(`${id}-1280x960.webp`)).toEqual({ kind: 'kept', id, width: 1280, height: 960 });
    for (const ext of ['jpg', 'png', 'webp']) expect(uploadFile(`${id}.${ext}`)).toEqual({ kind: 'legacy', id });
    for (const other of [`${id}-320w.webp`, `${id}.gif`, 'logo.png', `${id}-1280x960.png`]) {
      expect(uploadFile(other)).toBeNull();
    }
  });

  it('an upload from before resizing gets no srcset until it is resized', () => {
    expect(responsiveImage(`/uploads/products/${id}.jpg`)).toEqual({ src: `/uploads/products/${id}.jpg` });
    expect(responsiveImage(`/uploads/products/${id}-800x600.webp`).srcSet).toBe(
      `/uploads/products/${id}-320w.webp 320w, /uploads/products/${id}-640w.webp 640w, /uploads/products/${id}-800x600.webp 800w`,
    );
  });
});
