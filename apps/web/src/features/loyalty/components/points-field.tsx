import { pointsForCents, pointsValueCents } from '@orderfront/core';
import { useId } from 'react';
import { formatMoney } from '@/lib/money';
import { useLoyalty } from '../api/get-loyalty';

/**
 * Points redemption at checkout (signed-in customers): one switch that uses as many points as the
 * order can take (never more than its total); the server caps and reserves them with the order.
 */
export function PointsField({
  userId,
  totalCents,
  points,
  onChange,
}: {
  userId: number;
  /** The order's total before points. */
  totalCents: number;
  /** Points chosen now (0 = none). */
  points: number;
  /** The points chosen and what they take off (cents). */
  onChange(points: number, cents: number): void;
}) {
  const id = useId();
  const loyalty = useLoyalty(userId);
  const summary = loyalty.data;
  if (!summary?.rules.enabled) return null;
  const usable = Math.min(summary.balance, pointsForCents(summary.rules, totalCents));
  if (!summary.can_redeem || usable < summary.rules.min_redeem_points) {
    return (
      <p className="text-sm text-stone-700">
        You have {summary.balance} points. Redeem from {summary.rules.min_redeem_points} points.
      </p>
    );
  }
  const value = pointsValueCents(summary.rules, usable);
  return (
    <label htmlFor={`${id}-use`} className="flex items-center gap-2">
      <input
        id={`${id}-use`}
        type="checkbox"
        checked={points > 0}
        onChange={(e) => (e.target.checked ? onChange(usable, value) : onChange(0, 0))}
      />
      Use {usable} of your {summary.balance} points (−{formatMoney(value, summary.currency)})
    </label>
  );
}
