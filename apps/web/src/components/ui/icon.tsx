import type { JSX, SVGProps } from 'react';

/** An icon's drawing on a 24 × 24 grid: its elements and their attributes. */
export type IconShape = readonly (readonly [tag: 'path' | 'circle' | 'rect', attributes: Record<string, string>])[];

export type Icon = (props: SVGProps<SVGSVGElement>) => JSX.Element;

/**
 * An outline icon as Lucide draws it (its shapes, ISC licence), without Lucide's runtime, which was
 * ~1.2 KiB of the first chunk (decision 056). Decorative unless given a label.
 */
/* @__NO_SIDE_EFFECTS__ */
export function icon(shape: IconShape): Icon {
  return (props) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {shape.map(([Tag, attributes], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing
        <Tag key={i} {...attributes} />
      ))}
    </svg>
  );
}

export const X = icon([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
]);
export const Minus = icon([['path', { d: 'M5 12h14' }]]);
export const Plus = icon([
  ['path', { d: 'M5 12h14' }],
  ['path', { d: 'M12 5v14' }],
]);
