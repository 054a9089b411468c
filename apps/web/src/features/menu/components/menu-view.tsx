import {
  type AddProductPayload,
  daypartSummary,
  inDaypart,
  type MenuChannel,
  type MenuLabel,
  type MenuProduct,
  menuLabelNames,
  menuLabels,
} from '@orderfront/core';
import { type ReactNode, Suspense, useDeferredValue, useState } from 'react';
import { icon } from '@/components/ui/icon';
import { ApiError } from '@/lib/api-client';
import { useMenu } from '../api/get-menu';
import { CategoryNav } from './category-nav';
import { LazyProductDialog, productDialog } from './lazy-product-dialog';
import { ProductCard } from './product-card';

const Search = icon([
  ['path', { d: 'm21 21-4.34-4.34' }],
  ['circle', { cx: '11', cy: '11', r: '8' }],
]);

export interface MenuViewProps {
  restaurantId: number;
  channel: MenuChannel;
  title: string;
  subtitle: string;
  categoryLayout: 'horizontal' | 'vertical';
  /** true: shown greyed and not orderable; false: hidden (theme menu.showOutOfStockProducts). */
  showOutOfStockProducts: boolean;
  showProductUnit: boolean;
  onAddToCart: (payload: AddProductPayload) => void;
  /** Shown under the subtitle (e.g. the dine-in table). */
  notice?: ReactNode;
  /** 2 when the menu is a section of another page (the home page). */
  headingLevel?: 1 | 2;
}

const matches = (product: MenuProduct, term: string) =>
  product.products.name.toLowerCase().includes(term) || product.products.description.toLowerCase().includes(term);

/** A restaurant's menu for a channel: categories, search, product cards and the product dialog. */
export function MenuView(props: MenuViewProps) {
  const { restaurantId, channel } = props;
  const menu = useMenu(restaurantId, channel);
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim().toLowerCase());
  const [openId, setOpenId] = useState<number | null>(null);
  productDialog.usePrefetchWhenIdle();
  const [labels, setLabels] = useState<MenuLabel[]>([]);

  const vertical = props.categoryLayout === 'vertical';
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  const Sub = props.headingLevel === 2 ? 'h3' : 'h2';
  const header = (
    <header className="flex flex-col gap-2">
      <Heading className="font-extrabold text-3xl sm:text-4xl">{props.title}</Heading>
      <p className="text-stone-600">{props.subtitle}</p>
      {props.notice}
    </header>
  );

  if (menu.isPending) {
    return (
      <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
        {header}
        <p role="status" className="text-stone-600">
          Loading the menu…
        </p>
      </section>
    );
  }
  if (menu.isError) {
    const missing = menu.error instanceof ApiError && menu.error.status === 404;
    return (
      <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
        {header}
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{missing ? "This restaurant's menu is not available." : "We couldn't load the menu."}</p>
          {!missing && (
            <button
              type="button"
              onClick={() => menu.refetch()}
              className="rounded-md bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
            >
              Try Again
            </button>
          )}
        </div>
      </section>
    );
  }

  const data = menu.data;
  // Dayparts are the restaurant's local hours (decision 038).
  const timezone = data.timezone;
  const outside = new Map(
    data.categories.flatMap((c) =>
      timezone && c.dayparts && !inDaypart(c.dayparts, new Date(), timezone)
        ? [[c.id, `Not served now. ${daypartSummary(c.dayparts)}.`] as const]
        : [],
    ),
  );
  const offered = menuLabels.filter((l) => data.products.some((p) => p.labels?.includes(l)));
  const visible = data.products.filter(
    (p) =>
      (props.showOutOfStockProducts || p.is_available) &&
      (!term || matches(p, term)) &&
      labels.every((l) => p.labels?.includes(l)),
  );
  const sections = data.categories
    .map((category) => ({ category, products: visible.filter((p) => p.category_id === category.id) }))
    .filter((s) => s.products.length > 0);
  const open =
    openId === null
      ? undefined
      : data.products.find((p) => p.id === openId && p.is_available && !outside.has(p.category_id));
  const halves = open ? data.products.filter((p) => p.is_half_and_half && p.is_available && p.id !== open.id) : [];

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      {header}
      <label className="relative block max-w-md">
        <span className="sr-only">Search the menu</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
        />
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search the menu"
          className="w-full rounded-full border border-stone-300 py-2 pr-4 pl-9"
        />
      </label>
      {offered.length > 0 && (
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Show only dishes that are</legend>
          {offered.map((label) => {
            const on = labels.includes(label);
            return (
              <button
                key={label}
                type="button"
                aria-pressed={on}
                onClick={() => setLabels(on ? labels.filter((l) => l !== label) : [...labels, label])}
                className={`rounded-full border px-3 py-1 text-sm ${on ? 'border-stone-900 bg-stone-900 text-white' : 'border-stone-300 bg-white text-stone-800'}`}
              >
                {menuLabelNames[label]}
              </button>
            );
          })}
        </fieldset>
      )}
      <div className={vertical ? 'flex flex-col gap-6 lg:grid lg:grid-cols-[14rem_1fr]' : 'flex flex-col gap-6'}>
        <CategoryNav categories={sections.map((s) => s.category)} layout={props.categoryLayout} />
        <div className="flex flex-col gap-10">
          {sections.length === 0 && (
            <p role="status" className="text-stone-600">
              {term ? `No dishes match “${search.trim()}”.` : 'Nothing on the menu right now.'}
            </p>
          )}
          {/* Decision 052: each category is a Suspense boundary, so a server-rendered menu hydrates its
              cards after the page's frame, in short yielding tasks; a click on a card not yet hydrated
              hydrates its category at once and then runs. Nothing inside suspends. */}
          {sections.map(({ category, products }) => (
            <Suspense key={category.id} fallback={null}>
              <section
                id={`category-${category.slug}`}
                aria-labelledby={`category-${category.slug}-title`}
                className="scroll-mt-32"
              >
                <Sub id={`category-${category.slug}-title`} className="font-bold text-2xl">
                  {category.name}
                </Sub>
                <p className="mb-4 text-stone-600">{category.description}</p>
                {outside.has(category.id) && (
                  <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-amber-900 text-sm">
                    {outside.get(category.id)}
                  </p>
                )}
                <div className="grid gap-4 md:grid-cols-2">
                  {products.map((p) => (
                    <ProductCard
                      key={p.id}
                      product={p}
                      showUnit={props.showProductUnit}
                      unavailableNote={outside.has(category.id) ? 'Not served now' : undefined}
                      onChoose={(x) => {
                        void productDialog.load();
                        setOpenId(x.id);
                      }}
                    />
                  ))}
                </div>
              </section>
            </Suspense>
          ))}
        </div>
      </div>
      {open && (
        <LazyProductDialog
          key={open.id}
          restaurantId={restaurantId}
          product={open}
          halves={halves}
          onClose={() => setOpenId(null)}
          onAddToCart={(payload) => {
            setOpenId(null);
            props.onAddToCart(payload);
          }}
        />
      )}
    </section>
  );
}
