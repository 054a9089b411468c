import { responsiveImage } from '@orderfront/core';

/** A fixed-size back-office thumbnail of an upload: the browser picks the small size (decision 046). */
export function UploadThumbnail({
  src,
  width,
  height,
  className,
}: {
  src: string;
  width: number;
  height: number;
  className: string;
}) {
  return (
    <img
      src={src}
      srcSet={responsiveImage(src).srcSet}
      sizes={`${width}px`}
      alt=""
      width={width}
      height={height}
      className={className}
    />
  );
}
