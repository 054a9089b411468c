import type { Theme } from '@storefront/core';
import { Store } from 'lucide-react';

/** One category tile or menu item as the catalogue will provide it. */
export interface HomeCatalogueItem {
  id: number;
  name: string;
  description?: string;
  imageUrl?: string | null;
  /** Formatted price, for menu items. */
  price?: string;
}

function EmptyState({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-stone-300 border-dashed px-4 py-10 text-center text-stone-600">
      <Store aria-hidden="true" className="size-8 text-primary" />
      <p>{message}</p>
    </div>
  );
}

function Items({ items, layout }: { items: HomeCatalogueItem[]; layout: 'grid' | 'carousel' | 'list' }) {
  const listClass = {
    grid: 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4',
    carousel: 'flex snap-x gap-4 overflow-x-auto pb-2',
    list: 'divide-y divide-stone-200 rounded-xl border border-stone-200',
  }[layout];
  return (
    <ul className={listClass}>
      {items.map((item) => (
        <li
          key={item.id}
          className={
            layout === 'list'
              ? 'flex items-center justify-between gap-4 p-4'
              : layout === 'carousel'
                ? 'w-40 shrink-0 snap-start rounded-xl border border-stone-200 p-3'
                : 'rounded-xl border border-stone-200 p-3'
          }
        >
          {layout !== 'list' && item.imageUrl && (
            <img src={item.imageUrl} alt="" className="mb-2 aspect-square w-full rounded-lg object-cover" />
          )}
          <div>
            <h3 className="font-semibold">{item.name}</h3>
            {item.description && <p className="text-sm text-stone-600">{item.description}</p>}
          </div>
          {item.price && <span className="font-semibold">{item.price}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Explore Our Categories'. The variant picks grid or carousel. The catalogue (its own issue) will
 * pass the categories; until a restaurant is chosen and the menu exists, an empty state says so.
 */
export function CategoriesSection({
  categories,
  items,
  emptyMessage,
}: {
  categories: Theme['categories'];
  items: HomeCatalogueItem[];
  emptyMessage: string;
}) {
  return (
    <section
      aria-labelledby="categories-title"
      data-variant={categories.variant}
      className="mx-auto max-w-6xl px-4 py-12"
    >
      <div className="mb-8 text-center">
        <h2 id="categories-title" className="font-bold text-3xl">
          {categories.title}
        </h2>
        <p className="mt-2 text-stone-600">{categories.subtitle}</p>
      </div>
      {items.length ? <Items items={items} layout={categories.variant} /> : <EmptyState message={emptyMessage} />}
    </section>
  );
}

/** 'Our Menu', the #menu anchor of the hero's call to action. The variant picks grid or list. */
export function MenuSection({
  menu,
  items,
  emptyMessage,
}: {
  menu: Theme['menu'];
  items: HomeCatalogueItem[];
  emptyMessage: string;
}) {
  return (
    <section
      id="menu"
      aria-labelledby="menu-title"
      data-variant={menu.variant}
      className="mx-auto max-w-6xl scroll-mt-24 px-4 py-12"
    >
      <div className="mb-8 text-center">
        <h2 id="menu-title" className="font-bold text-3xl">
          {menu.title}
        </h2>
        <p className="mt-2 text-stone-600">{menu.subtitle}</p>
      </div>
      {items.length ? <Items items={items} layout={menu.variant} /> : <EmptyState message={emptyMessage} />}
    </section>
  );
}
