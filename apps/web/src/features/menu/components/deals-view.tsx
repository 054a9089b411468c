import type { AddComboToCart, AddDealToCart, MenuChannel } from '@orderfront/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { useCombos } from '../api/get-combos';
import { useDeals } from '../api/get-deals';
import type { BundleKind } from '../lib/bundle';
import { type Bundle, BundleDialog } from './bundle-dialog';
import { imageSizes, ProductImage } from './product-image';

type Card = Bundle & { kind: BundleKind; is_available: boolean; image_url: string };

/** Deals and combo meals of a restaurant, each opened in a builder that fills every slot. */
export function DealsView({
  restaurantId,
  channel,
  title,
  onAddToCart,
}: {
  restaurantId: number;
  channel: MenuChannel;
  title: string;
  onAddToCart: (payload: AddDealToCart | AddComboToCart) => void;
}) {
  const deals = useDeals(restaurantId, channel);
  const combos = useCombos(restaurantId, channel);
  const [open, setOpen] = useState<Card | null>(null);

  const error = deals.error ?? combos.error;
  let content: React.ReactNode;
  if (deals.isPending || combos.isPending) {
    content = (
      <p role="status" className="text-stone-600">
        Loading deals…
      </p>
    );
  } else if (error || !deals.data || !combos.data) {
    content = (
      <p role="alert">
        {error instanceof ApiError && error.status === 404
          ? "This restaurant's deals are not available."
          : "We couldn't load the deals."}
      </p>
    );
  } else {
    const groups: [string, Card[]][] = [
      [
        'Deals',
        deals.data.deals.map((d) => ({
          ...d,
          kind: 'deal',
          slots: d.deal_component_types,
          image_url: d.image.image_url,
        })),
      ],
      [
        'Combo meals',
        combos.data.combos.map((c) => ({ ...c, kind: 'combo', slots: c.combo_products, image_url: c.image.image_url })),
      ],
    ];
    content = groups.map(([heading, cards]) => (
      <section key={heading} aria-labelledby={`${heading}-title`} className="flex flex-col gap-4">
        <h2 id={`${heading}-title`} className="font-bold text-2xl">
          {heading}
        </h2>
        {cards.length === 0 && <p className="text-stone-600">None at the moment.</p>}
        <div className="grid gap-4 md:grid-cols-2">
          {cards.map((card) => (
            <article
              key={`${card.kind}-${card.id}`}
              aria-label={card.name}
              className="flex gap-3 rounded-xl border border-stone-200 p-3"
            >
              <ProductImage
                src={card.image_url}
                sizes={imageSizes.card}
                className="size-24 shrink-0 rounded-lg object-cover"
              />
              <div className="flex flex-1 flex-col gap-1">
                <h3 className="font-semibold text-lg">{card.name}</h3>
                <p className="text-sm text-stone-600">{card.description}</p>
                <div className="mt-auto flex items-center justify-between gap-2">
                  <p className="font-semibold">{formatMoney(card.unit_price)}</p>
                  {card.is_available ? (
                    <button
                      type="button"
                      aria-label={`Choose ${card.name}`}
                      onClick={() => setOpen(card)}
                      className="rounded-full bg-primary px-4 py-1.5 font-semibold text-sm text-white hover:bg-primary-dark"
                    >
                      Choose
                    </button>
                  ) : (
                    <span className="rounded-full bg-stone-200 px-3 py-1 text-sm text-stone-800">Unavailable</span>
                  )}
                </div>
              </div>
            </article>
          ))}
        </div>
      </section>
    ));
  }

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <h1 className="font-extrabold text-3xl sm:text-4xl">{title}</h1>
      {content}
      {open && (
        <BundleDialog
          key={`${open.kind}-${open.id}`}
          kind={open.kind}
          restaurantId={restaurantId}
          bundle={open}
          onClose={() => setOpen(null)}
          onAddToCart={(payload) => {
            setOpen(null);
            onAddToCart(payload);
          }}
        />
      )}
    </section>
  );
}
