import type { Theme } from '@storefront/core';
import { Award, ChefHat, Clock, type LucideIcon, Sparkles, UtensilsCrossed } from 'lucide-react';

const icons: Record<string, LucideIcon> = {
  award: Award,
  clock: Clock,
  'chef-hat': ChefHat,
  utensils: UtensilsCrossed,
};

export function FeaturesSection({ features }: { features: Theme['features'] }) {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
      <div className="mb-10 text-center">
        <h2 id="features-title" className="font-bold text-3xl">
          {features.title}
        </h2>
        <p className="mt-2 text-stone-600">{features.subtitle}</p>
      </div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.items.map((item) => {
          const Icon = icons[item.icon] ?? Sparkles;
          return (
            <li key={item.id} className="rounded-xl border border-stone-200 p-6 text-center shadow-sm">
              <Icon aria-hidden="true" className="mx-auto mb-4 size-10 text-primary" />
              <h3 className="font-semibold text-lg">{item.title}</h3>
              <p className="mt-2 text-sm text-stone-600">{item.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
