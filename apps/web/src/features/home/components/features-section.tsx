import type { Theme } from '@orderfront/core';
import { Award, ChefHat, Clock, type LucideIcon, Sparkles, UtensilsCrossed } from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  award: Award,
  clock: Clock,
  'chef-hat': ChefHat,
  utensils: UtensilsCrossed,
};

/** `grid`: four cards. `list`: icon-led rows in two columns. */
export function FeaturesSection({ features }: { features: Theme['features'] }) {
  const list = features.variant === 'list';
  return (
    <section aria-labelledby="features-title" data-variant={features.variant} className="mx-auto max-w-6xl px-4 py-16">
      <div className="mb-10 text-center">
        <h2 id="features-title" className="font-bold text-3xl">
          {features.title}
        </h2>
        <p className="mt-2 text-stone-600">{features.subtitle}</p>
      </div>
      <ul className={list ? 'grid gap-6 md:grid-cols-2' : 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4'}>
        {features.items.map((item) => {
          const Icon = icons[item.icon] ?? Sparkles;
          return (
            <li
              key={item.id}
              className={
                list
                  ? 'flex items-start gap-4 rounded-xl bg-primary-light p-5'
                  : 'rounded-xl border border-stone-200 p-6 text-center shadow-sm'
              }
            >
              <Icon
                aria-hidden="true"
                className={list ? 'size-8 shrink-0 text-primary' : 'mx-auto mb-4 size-10 text-primary'}
              />
              <div>
                <h3 className="font-semibold text-lg">{item.title}</h3>
                <p className="mt-2 text-sm text-stone-600">{item.description}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
