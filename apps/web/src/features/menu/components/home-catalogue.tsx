import type { AddProductPayload, MenuChannel, MenuProduct, Theme } from '@orderfront/core';
import { type ReactNode, useState } from 'react';
import { useMenu } from '../api/get-menu';
import { LazyProductDialog, productDialog } from './lazy-product-dialog';
import { ProductCard } from './product-card';
import { imageSizes, ProductImage } from './product-image';

/**
 * The home page's catalogue sections, read from the menu call: categories (linking to their
 * place in the menu below), and optionally best-selling and fresh additions.
 */
export function HomeCatalogue({
  restaurantId,
  channel,
  categories,
  showBestSelling,
  showFreshAdditions,
  showProductUnit,
  onAddToCart,
}: {
  restaurantId: number;
  channel: MenuChannel;
  categories: CategoriesTheme;
  showBestSelling: boolean;
  showFreshAdditions: boolean;
  showProductUnit: boolean;
  onAddToCart: (payload: AddProductPayload) => void;
}) {
  const menu = useMenu(restaurantId, channel);
  const [openId, setOpenId] = useState<number | null>(null);
  productDialog.usePrefetchWhenIdle();
  // While the menu loads, the categories' heading and a placeholder of their size already hold the
  // top of #menu: a visitor who followed "Order Now" is scrolled there, and the browser's scroll
  // anchoring would otherwise keep the menu below in view and push the categories above it.
  if (menu.isPending) return <CategoriesPlaceholder categories={categories} />;
  if (!menu.data) return null;
  const { products } = menu.data;
  const open = products.find((p) => p.id === openId && p.is_available);

  const row = (id: string, title: string, items: MenuProduct[]) =>
    items.length > 0 && (
      <section aria-labelledby={id} className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8">
        <h2 id={id} className="font-bold text-3xl">
          {title}
        </h2>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {items.slice(0, 6).map((p) => (
            <ProductCard
              key={p.id}
              product={p}
              showUnit={showProductUnit}
              onChoose={(x) => {
                void productDialog.load();
                setOpenId(x.id);
              }}
            />
          ))}
        </div>
      </section>
    );

  return (
    <>
      <CategoriesFrame categories={categories}>
        <ul className={listClass(categories.variant)}>
          {menu.data.categories.map((c) => (
            <li key={c.id} className={categories.variant === 'carousel' ? 'w-40 shrink-0 snap-start' : undefined}>
              <a
                href={`#category-${c.slug}`}
                className="flex flex-col overflow-hidden rounded-xl border border-stone-200 hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
              >
                <ProductImage
                  src={c.image.image_url}
                  sizes={categories.variant === 'carousel' ? imageSizes.carousel : imageSizes.tile}
                  className="aspect-[4/3] w-full object-cover"
                />
                <span className="px-3 py-2 font-semibold">{c.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </CategoriesFrame>
      {showBestSelling &&
        row(
          'home-best-selling',
          'Best Selling',
          products.filter((p) => p.is_best_seller && p.is_available),
        )}
      {showFreshAdditions &&
        row(
          'home-fresh-additions',
          'Fresh Additions',
          products.filter((p) => p.is_new && p.is_available),
        )}
      {open && (
        <LazyProductDialog
          key={open.id}
          restaurantId={restaurantId}
          product={open}
          halves={products.filter((p) => p.is_half_and_half && p.is_available && p.id !== open.id)}
          onClose={() => setOpenId(null)}
          onAddToCart={(payload) => {
            setOpenId(null);
            onAddToCart(payload);
          }}
        />
      )}
    </>
  );
}

type CategoriesTheme = Theme['categories'];

/** The categories' list, laid out as the theme says; the placeholder while the menu loads takes the same. */
const listClass = (variant: CategoriesTheme['variant']) =>
  variant === 'carousel'
    ? 'flex snap-x gap-4 overflow-x-auto pb-2'
    : 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';

function CategoriesFrame({
  categories,
  busy,
  children,
}: {
  categories: CategoriesTheme;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="home-categories"
      aria-busy={busy || undefined}
      data-variant={categories.variant}
      className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-12"
    >
      <h2 id="home-categories" className="font-bold text-3xl">
        {categories.title}
      </h2>
      <p className="text-stone-600">{categories.subtitle}</p>
      {children}
    </section>
  );
}

function CategoriesPlaceholder({ categories }: { categories: CategoriesTheme }) {
  const carousel = categories.variant === 'carousel';
  return (
    <CategoriesFrame categories={categories} busy>
      <div className={listClass(categories.variant)}>
        {Array.from({ length: 4 }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={i}
            className={`aspect-[4/3] rounded-xl bg-stone-100 ${carousel ? 'w-40 shrink-0' : ''}`}
          />
        ))}
      </div>
    </CategoriesFrame>
  );
}
