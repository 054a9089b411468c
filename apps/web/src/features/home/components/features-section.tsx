import type { Theme } from '@orderfront/core';
import { type Icon, icon } from '@/components/ui/icon';

const Award = icon([
  [
    'path',
    {
      d: 'm15.477 12.89 1.515 8.526a.5.5 0 0 1-.81.47l-3.58-2.687a1 1 0 0 0-1.197 0l-3.586 2.686a.5.5 0 0 1-.81-.469l1.514-8.526',
    },
  ],
  ['circle', { cx: '12', cy: '8', r: '6' }],
]);
const ChefHat = icon([
  ['path', { d: 'M10 11v5' }],
  ['path', { d: 'M14 11v5' }],
  [
    'path',
    {
      d: 'M6 12.65c0-.457-.316-.844-.727-1.041A4 4 0 017.52 4.034a1.53 1.53 0 001.367-.547 4 4 0 016.225 0 1.53 1.53 0 001.367.547 4 4 0 012.248 7.575c-.411.197-.727.584-.727 1.04V19a2 2 0 01-2 2H8a2 2 0 01-2-2z',
    },
  ],
  ['path', { d: 'M6 16h12' }],
]);
const Clock = icon([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 6v6l4 2' }],
]);
const Sparkles = icon([
  [
    'path',
    {
      d: 'M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z',
    },
  ],
  ['path', { d: 'M20 2v4' }],
  ['path', { d: 'M22 4h-4' }],
  ['circle', { cx: '4', cy: '20', r: '2' }],
]);
const UtensilsCrossed = icon([
  ['path', { d: 'm16 2-2.3 2.3a3 3 0 0 0 0 4.2l1.8 1.8a3 3 0 0 0 4.2 0L22 8' }],
  ['path', { d: 'M15 15 3.3 3.3a4.2 4.2 0 0 0 0 6l7.3 7.3c.7.7 2 .7 2.8 0L15 15Zm0 0 7 7' }],
  ['path', { d: 'm2.1 21.8 6.4-6.3' }],
  ['path', { d: 'm19 5-7 7' }],
]);

const icons: Record<string, Icon> = {
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
