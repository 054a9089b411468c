import type { Category } from '@orderfront/core';

/** Links to each category's section; sticky under the site header. */
export function CategoryNav({ categories, layout }: { categories: Category[]; layout: 'horizontal' | 'vertical' }) {
  const vertical = layout === 'vertical';
  return (
    <nav
      aria-label="Menu categories"
      className={
        vertical
          ? 'sticky top-16 z-30 -mx-4 bg-white/95 px-4 py-2 backdrop-blur lg:top-20 lg:mx-0 lg:self-start lg:bg-transparent lg:p-0'
          : 'sticky top-16 z-30 -mx-4 border-stone-200 border-b bg-white/95 px-4 py-2 backdrop-blur'
      }
    >
      <ul
        className={
          vertical ? 'flex gap-2 overflow-x-auto lg:flex-col lg:overflow-visible' : 'flex gap-2 overflow-x-auto'
        }
      >
        {categories.map((c) => (
          <li key={c.id} className="shrink-0">
            <a
              href={`#category-${c.slug}`}
              className="block rounded-full border border-stone-300 px-4 py-1.5 font-medium text-sm text-stone-800 hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-primary lg:rounded-md"
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
