import { useState } from 'react';

export const placeholderImage = '/images/menu/placeholder.svg';

/**
 * A product picture that falls back to the placeholder when it fails to load. The demo's pictures are
 * 400 × 300: the size attributes reserve their box before they load (no layout shift), and lazy loading
 * keeps the menu's many pictures out of the first paint.
 */
export function ProductImage({ src, className }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed || !src ? placeholderImage : src}
      alt=""
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
      data-placeholder={failed || !src ? 'true' : undefined}
    />
  );
}
