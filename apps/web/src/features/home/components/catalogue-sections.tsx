import type { Theme } from '@orderfront/core';
import { Store } from '@/components/ui/place-icons';

function EmptyState({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-stone-300 border-dashed px-4 py-10 text-center text-stone-600">
      <Store aria-hidden="true" className="size-8 text-primary" />
      <p>{message}</p>
    </div>
  );
}

/**
 * 'Explore Our Categories' before a restaurant is chosen: the menu belongs to a restaurant, so an
 * empty state says so. Once one is chosen the catalogue's sections take this place.
 */
export function CategoriesSection({
  categories,
  emptyMessage,
}: {
  categories: Theme['categories'];
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
      <EmptyState message={emptyMessage} />
    </section>
  );
}

/** 'Our Menu', the #menu anchor of the hero's call to action, before a restaurant is chosen. */
export function MenuSection({ menu, emptyMessage }: { menu: Theme['menu']; emptyMessage: string }) {
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
      <EmptyState message={emptyMessage} />
    </section>
  );
}
