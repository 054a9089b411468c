import type { ProductHighlights } from '@storefront/core';

type Product = ProductHighlights['best_selling'][number];

/** Best-selling or fresh additions; renders nothing without products (the section is optional). */
export function ProductHighlightSection({
  id,
  title,
  products,
  formatPrice,
}: {
  id: string;
  title: string;
  products: Product[];
  formatPrice: (cents: number) => string;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl px-4 py-12">
      <h2 id={`${id}-title`} className="mb-6 font-bold text-3xl">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="rounded-xl border border-stone-200 p-3">
            {product.image_url && (
              <img src={product.image_url} alt="" className="mb-2 aspect-square w-full rounded-lg object-cover" />
            )}
            <h3 className="font-semibold">{product.name}</h3>
            <p className="text-sm text-stone-600">{product.description}</p>
            <p className="mt-1 font-semibold">{formatPrice(product.online_price)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
