/**
 * Uploaded images in several widths (decision 046). An upload is stored as WebP files side by side:
 * the widest as `<id>-<width>x<height>.webp` (the path the catalogue and restaurant keep), and each
 * narrower one as `<id>-<width>w.webp`. The kept path thus says everything the storefront needs for
 * `srcset` and the size attributes, with no extra column or field.
 */

/**
 * The widths an upload is resized to, never upscaled: 320 covers the card and cart thumbnails
 * (96–112 CSS px, also at 2×), 640 the category tiles and the product sheet on a phone, 1280 the
 * product sheet on a wide or dense screen.
 */
export const uploadedImageWidths = [320, 640, 1280] as const;
/** Longest side accepted, before decoding: larger is a decompression bomb, not a menu picture. */
export const maxUploadedImageSide = 10_000;
/** Most pixels accepted (40 megapixels, about 160 MB once decoded). */
export const maxUploadedImagePixels = 40_000_000;

export interface ImageVariant {
  width: number;
  height: number;
  /** The file's name beside the others (no folder). */
  name: string;
}

/** Whether an image of these dimensions may be decoded at all. */
export function isAcceptableImageSize(width: number, height: number) {
  return (
    width > 0 &&
    height > 0 &&
    width <= maxUploadedImageSide &&
    height <= maxUploadedImageSide &&
    width * height <= maxUploadedImagePixels
  );
}

const scaledHeight = (width: number, fullWidth: number, fullHeight: number) =>
  Math.max(1, Math.round((fullHeight * width) / fullWidth));

/** The files an upload of `width` × `height` is stored as, narrowest first; the last is the kept path. */
export function imageVariants(id: string, width: number, height: number): ImageVariant[] {
  const widest = Math.min(width, Math.max(...uploadedImageWidths));
  const widestHeight = scaledHeight(widest, width, height);
  const narrower = uploadedImageWidths
    .filter((w) => w < widest)
    .map((w) => ({ width: w, height: scaledHeight(w, width, height), name: `${id}-${w}w.webp` }));
  return [...narrower, { width: widest, height: widestHeight, name: `${id}-${widest}x${widestHeight}.webp` }];
}

const keptPath = /^(.*\/)([0-9a-f]{32})-(\d+)x(\d+)\.webp$/;
const keptName = /^([0-9a-f]{32})-(\d+)x(\d+)\.webp$/;
const legacyName = /^([0-9a-f]{32})\.(jpg|png|webp)$/;

/**
 * What a file in the uploads folder is (decision 048): the kept (widest) size of a resized upload,
 * an upload stored as it came before resizing existed, or something else (a narrower size, a stray).
 */
export function uploadFile(
  name: string,
): { kind: 'kept'; id: string; width: number; height: number } | { kind: 'legacy'; id: string } | null {
  const kept = keptName.exec(name);
  if (kept) return { kind: 'kept', id: kept[1] as string, width: Number(kept[2]), height: Number(kept[3]) };
  const legacy = legacyName.exec(name);
  return legacy ? { kind: 'legacy', id: legacy[1] as string } : null;
}

export interface ResponsiveImage {
  src: string;
  /** Set only for resized uploads; other images (the demo's SVGs, older uploads) are served as they are. */
  srcSet?: string;
  width?: number;
  height?: number;
}

/** The `src`, `srcset` and intrinsic size of an image path, as far as its name tells them. */
export function responsiveImage(src: string): ResponsiveImage {
  const match = keptPath.exec(src);
  if (!match) return { src };
  const [, folder, id, w, h] = match as unknown as [string, string, string, string, string];
  const width = Number(w);
  const height = Number(h);
  const variants = imageVariants(id, width, height);
  const srcSet = variants.map((v) => `${folder}${v.name} ${v.width}w`).join(', ');
  return { src, srcSet, width, height };
}
