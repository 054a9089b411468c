import { type MenuLabel, menuLabelNames } from '@orderfront/core';

/** A product's dietary and heat labels as small badges (the menu and the editor's preview). */
export function LabelBadges({ labels }: { labels: readonly MenuLabel[] | undefined }) {
  if (!labels || labels.length === 0) return null;
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-1">
      {labels.map((label) => (
        <li key={label} className="rounded-full border border-emerald-800 px-2 py-0.5 text-emerald-900 text-xs">
          {menuLabelNames[label]}
        </li>
      ))}
    </ul>
  );
}
