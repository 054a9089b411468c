import type { LoyaltyEntry, LoyaltySummary } from '@orderfront/core';
import { runtimeConfig } from '@/config/runtime';
import { formatMoney } from '@/lib/money';
import { useLoyalty } from '../api/get-loyalty';

const cardClass = 'rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6';

const kindLabels: Record<LoyaltyEntry['kind'], string> = {
  earn: 'Earned',
  redeem: 'Redeemed',
  release: 'Returned',
  reverse: 'Reversed (refund)',
  expire: 'Expired',
  adjust: 'Adjusted by the restaurant',
};

function date(iso: string) {
  return new Intl.DateTimeFormat(runtimeConfig.tenant.locale, {
    dateStyle: 'medium',
    timeZone: runtimeConfig.tenant.timezone,
  }).format(new Date(iso));
}

function HowToEarn({ summary }: { summary: LoyaltySummary }) {
  const { rules, currency } = summary;
  if (!rules.enabled) return <p>Loyalty points are not available at the moment.</p>;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5">
      <li>
        Earn {rules.points_per_dollar} {rules.points_per_dollar === 1 ? 'point' : 'points'} for every dollar you spend
        on an online order, once the order is completed.
      </li>
      <li>
        {rules.redeem_points} points are worth {formatMoney(rules.redeem_value_cents, currency)} off an order. Redeem
        them at checkout from {rules.min_redeem_points} points.
      </li>
      {rules.expiry_months > 0 && (
        <li>Points expire after {rules.expiry_months} months without earning or redeeming any.</li>
      )}
      <li>Points of a refunded order are taken back.</li>
    </ul>
  );
}

export function LoyaltyPage({ userId }: { userId: number }) {
  const loyalty = useLoyalty(userId);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-bold text-3xl">Loyalty points</h1>
      {loyalty.isPending && <p role="status">Loading your points…</p>}
      {loyalty.isError && <p role="alert">Your points could not be loaded. Please try again later.</p>}
      {loyalty.data && (
        <div className="mt-6 grid gap-6">
          <div className={cardClass}>
            <p className="text-stone-700">Your balance</p>
            <p className="font-bold text-4xl" data-testid="points-balance">
              {loyalty.data.balance.toLocaleString(runtimeConfig.tenant.locale)} points
            </p>
            <p className="mt-1 text-lg">Worth {formatMoney(loyalty.data.value, loyalty.data.currency)}</p>
            {loyalty.data.expires_at && (
              <p className="mt-1 text-sm text-stone-700">
                Expire on {date(loyalty.data.expires_at)} unless you use them
              </p>
            )}
          </div>
          <div className={cardClass}>
            <h2 className="font-semibold text-xl">How to earn</h2>
            <HowToEarn summary={loyalty.data} />
          </div>
          <div className={cardClass}>
            <h2 className="font-semibold text-xl">History</h2>
            {loyalty.data.history.length === 0 ? (
              <p className="mt-2 text-stone-700">No points yet. Your first completed order earns some.</p>
            ) : (
              <table className="mt-2 w-full text-left">
                <thead>
                  <tr className="border-stone-200 border-b">
                    <th className="py-2">Date</th>
                    <th className="py-2">What</th>
                    <th className="py-2 text-right">Points</th>
                    <th className="py-2 text-right">Balance</th>
                  </tr>
                </thead>
                <tbody>
                  {loyalty.data.history.map((entry) => (
                    <tr key={entry.id} className="border-stone-100 border-b">
                      <td className="py-2">{date(entry.created_at)}</td>
                      <td className="py-2">
                        {kindLabels[entry.kind]}
                        {entry.order_number && ` (order ${entry.order_number})`}
                        {entry.note && `: ${entry.note}`}
                      </td>
                      <td className="py-2 text-right">{entry.points > 0 ? `+${entry.points}` : entry.points}</td>
                      <td className="py-2 text-right">{entry.balance_after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
