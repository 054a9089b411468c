import { useState } from 'react';

export const placeholderImage = '/images/menu/placeholder.svg';

/** A product picture that falls back to the placeholder when it fails to load. */
export function ProductImage({ src, className }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed || !src ? placeholderImage : src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={className}
      data-placeholder={failed || !src ? 'true' : undefined}
    />
  );
}
