import { responsiveImage } from '@orderfront/core';
import { useState } from 'react';

export const placeholderImage = '/images/menu/placeholder.svg';

/** `sizes` of the menu's pictures, by where they sit (decision 046). */
export const imageSizes = {
  /** Product and deal cards: size-24, sm:size-28. */
  card: '(min-width: 640px) 7rem, 6rem',
  /** The product sheet: the dialog's full width, at most max-w-xl. */
  sheet: '(min-width: 640px) 36rem, 100vw',
  /** Category tiles: 2, 3 or 4 a row, or 10rem in the carousel. */
  tile: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  carousel: '10rem',
} as const;

/**
 * A product picture that falls back to the placeholder when it fails to load. A resized upload comes
 * with its narrower sizes as `srcset` and its own width and height; the demo's pictures are 400 × 300.
 * The size attributes reserve their box before they load (no layout shift), and lazy loading keeps
 * the menu's many pictures out of the first paint.
 */
export function ProductImage({ src, sizes, className }: { src: string; sizes: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const image = responsiveImage(failed || !src ? placeholderImage : src);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt=""
      width={image.width ?? 400}
      height={image.height ?? 300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
      data-placeholder={failed || !src ? 'true' : undefined}
    />
  );
}
