import type { MenuProduct } from '@orderfront/core';
import { use } from 'react';
import { LabelBadges } from '@/components/ui/label-badges';
import { formatMoney } from '@/lib/money';
import { ProductCardActionContext } from './product-card-slot';
import { imageSizes, ProductImage } from './product-image';

export function ProductCard({
  product,
  showUnit,
  onChoose,
  headingLevel = 3,
  unavailableNote,
}: {
  product: MenuProduct;
  showUnit: boolean;
  /** Orderable later but not now (outside its category's daypart): shown instead of Add. */
  unavailableNote?: string | undefined;
  onChoose: (product: MenuProduct) => void;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const name = product.products.name;
  const soldOut = !product.is_available;
  const action = use(ProductCardActionContext);
  return (
    <article
      aria-label={name}
      className={`flex gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm ${soldOut ? 'bg-stone-100' : ''}`}
    >
      <ProductImage
        src={product.products.image.image_url}
        sizes={imageSizes.card}
        className={`size-24 shrink-0 rounded-lg object-cover sm:size-28 ${soldOut ? 'grayscale' : ''}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <Heading className="font-semibold text-lg leading-tight">{name}</Heading>
          {action?.(product)}
        </div>
        <p className="line-clamp-2 text-sm text-stone-600">{product.products.description}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <p className="font-semibold">
            {formatMoney(product.unit_price)}
            {showUnit && product.unit && (
              <span className="ml-1 font-normal text-sm text-stone-600">/ {product.unit}</span>
            )}
          </p>
          {soldOut ? (
            <span className="rounded-full bg-stone-200 px-3 py-1 font-medium text-sm text-stone-800">Out of stock</span>
          ) : unavailableNote ? (
            <span className="rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900 text-sm">
              {unavailableNote}
            </span>
          ) : (
            <button
              type="button"
              onClick={() => onChoose(product)}
              aria-label={`Add ${name}`}
              className="rounded-full bg-primary px-4 py-1.5 font-semibold text-sm text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              Add
            </button>
          )}
        </div>
        <LabelBadges labels={product.labels} />
        {(product.is_half_and_half || product.is_best_seller || product.is_new) && (
          <ul className="flex flex-wrap gap-1 text-xs" aria-label="Highlights">
            {product.is_best_seller && <li className="rounded bg-amber-100 px-2 py-0.5 text-amber-900">Best seller</li>}
            {product.is_new && <li className="rounded bg-emerald-100 px-2 py-0.5 text-emerald-900">New</li>}
            {product.is_half_and_half && (
              <li className="rounded bg-stone-200 px-2 py-0.5 text-stone-800">Half-and-half</li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}
