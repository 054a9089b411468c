import type { AdminAbility } from '@orderfront/core';
import { type ReactNode, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { NavLink } from '@/components/ui/link';

/** The back office's sections; the navigation groups its links under these headings. */
export type AdminNavGroup = 'Service' | 'Menu' | 'Customers' | 'Business';

export interface AdminNavItem {
  to: string;
  label: string;
  group: AdminNavGroup;
  ability: AdminAbility;
  /** Shown next to the label (e.g. new orders). */
  badge?: ReactNode;
}

/** The items under each group, groups in the order their first item appears in `items`. */
export function groupNav(items: readonly AdminNavItem[]) {
  const groups = new Map<AdminNavGroup, AdminNavItem[]>();
  for (const item of items) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups].map(([group, links]) => ({ group, links }));
}

/**
 * The back office's navigation: the areas the role may use, grouped under their section. From
 * 1024 px wide a sidebar; narrower, one button opens the same grouped list. The current page is
 * marked with aria-current (NavLink).
 */
export function AdminNavigation({ items }: { items: readonly AdminNavItem[] }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: choosing another page closes the compact menu.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const id = useId();
  // The longest match: on the Menu editor (/admin/menu/catalogue) that is the editor, not Availability.
  const current = items
    .filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <nav aria-label="Back office" className="print:hidden lg:w-56 lg:shrink-0 lg:py-4">
      <button
        type="button"
        className="my-2 flex w-full items-center justify-between rounded-md border border-stone-400 bg-white px-3 py-2 font-semibold text-sm focus-visible:outline-2 focus-visible:outline-stone-900 lg:hidden"
        aria-expanded={open}
        aria-controls={`${id}-sections`}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span>
          Sections
          {current && <span className="font-normal text-stone-700"> · {current.label}</span>}
        </span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      <div
        id={`${id}-sections`}
        className={`${open ? 'block' : 'hidden'} mb-3 rounded-md border border-stone-300 bg-white p-2 lg:mb-0 lg:block lg:border-0 lg:bg-transparent lg:p-0`}
      >
        {groupNav(items).map(({ group, links }) => (
          <div key={group} className="mb-3">
            <h2
              id={`${id}-${group}`}
              className="px-3 pb-1 font-semibold text-stone-600 text-xs uppercase tracking-wide"
            >
              {group}
            </h2>
            <ul aria-labelledby={`${id}-${group}`} className="grid gap-0.5">
              {links.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    // A parent area (Availability) is not active on its child's page (Menu editor).
                    end={items.some((other) => other.to.startsWith(`${item.to}/`))}
                    className={({ isActive }) =>
                      `flex items-center gap-2 rounded-md px-3 py-1.5 font-semibold text-sm focus-visible:outline-2 focus-visible:outline-stone-900 ${isActive ? 'bg-stone-900 text-white' : 'text-stone-800 hover:bg-stone-200'}`
                    }
                  >
                    {item.label}
                    {item.badge}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
