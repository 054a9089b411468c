import { useId } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { formatMoney } from '@/lib/money';
import { useGiftCardSummary } from '../api/get-gift-card-summary';
import { useAdmin } from './admin-context';
import { Notice } from './ui';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function Figure({ term, value, note }: { term: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-stone-300 bg-white p-3">
      <dt className="text-sm text-stone-700">{term}</dt>
      <dd className="font-bold text-stone-900 text-xl">{value}</dd>
      {note && <dd className="text-sm text-stone-700">{note}</dd>}
    </div>
  );
}

/** What the business owes on its cards and how they sold and were spent lately (all restaurants). */
export function GiftCardSummary() {
  const id = useId();
  const { restaurant } = useAdmin();
  const { data, error } = useGiftCardSummary();
  const money = (cents: number) => formatMoney(cents, data?.currency);
  const since =
    data &&
    new Date(data.since).toLocaleDateString(runtimeConfig.tenant.locale, {
      dateStyle: 'medium',
      timeZone: restaurant.timezone,
    });
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6">
      <h2 id={`${id}-title`} className="mb-2 font-semibold text-lg">
        Summary
      </h2>
      {error && <Notice tone="error">{error.message}</Notice>}
      {!data && !error && <p role="status">Loading…</p>}
      {data && (
        <>
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              term="Outstanding balance"
              value={money(data.outstanding_balance)}
              note="Still to spend on active cards: what you owe"
            />
            <Figure term="Active cards" value={String(data.active_cards)} />
            <Figure
              term={`Sold, last ${data.days} days`}
              value={money(data.sold.amount)}
              note={plural(data.sold.count, 'paid card', 'paid cards')}
            />
            <Figure
              term={`Issued by staff, last ${data.days} days`}
              value={money(data.issued.amount)}
              note={plural(data.issued.count, 'card', 'cards')}
            />
            <Figure
              term={`Redeemed, last ${data.days} days`}
              value={money(data.redeemed.amount)}
              note={`on ${plural(data.redeemed.count, 'order', 'orders')}, less refunds`}
            />
            <Figure
              term={`Refunded to buyers, last ${data.days} days`}
              value={money(data.refunded.amount)}
              note={plural(data.refunded.count, 'card', 'cards')}
            />
            {data.expired_balance > 0 && (
              <Figure term="Left on expired cards" value={money(data.expired_balance)} note="No longer spendable" />
            )}
          </dl>
          <p className="mt-2 text-sm text-stone-700">
            The last {data.days} days start on {since}.
          </p>
        </>
      )}
    </section>
  );
}
