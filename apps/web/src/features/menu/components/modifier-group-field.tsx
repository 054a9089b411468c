import type { ModifierGroup } from '@orderfront/core';
import { useId } from 'react';
import { Minus, Plus } from '@/components/ui/icon';
import { formatAdjustment } from '@/lib/money';
import type { Picks } from '../lib/selection';

function rangeHint(group: ModifierGroup): string {
  if (group.min_select === group.max_select) return `Choose ${group.min_select}`;
  if (group.min_select === 0) return `Optional, up to ${group.max_select}`;
  return `Choose ${group.min_select} to ${group.max_select}`;
}

/** One modifier group: radios when exactly one is required, else checkboxes with quantities. */
export function ModifierGroupField({
  group,
  picks,
  onChange,
  problem,
}: {
  group: ModifierGroup;
  picks: Picks;
  onChange: (next: Picks) => void;
  problem?: string;
}) {
  const id = useId();
  const single = group.min_select === 1 && group.max_select === 1;
  const chosen = group.modifiers.reduce((n, m) => n + (picks.get(m.id)?.quantity ?? 0), 0);
  const full = chosen >= group.max_select;

  function set(modifierId: number, quantity: number, configurationId?: number | null) {
    const next = new Map(picks);
    if (single) for (const m of group.modifiers) next.delete(m.id);
    if (quantity <= 0) next.delete(modifierId);
    else {
      const modifier = group.modifiers.find((m) => m.id === modifierId);
      const config =
        configurationId !== undefined
          ? configurationId
          : (picks.get(modifierId)?.configuration_id ?? modifier?.configurations[0]?.id ?? null);
      next.set(modifierId, { quantity, configuration_id: config });
    }
    onChange(next);
  }

  return (
    <fieldset
      className="rounded-lg border border-stone-200 p-3"
      aria-describedby={problem ? `${id}-problem` : undefined}
      data-problem={problem ? 'true' : undefined}
    >
      <legend className="px-1 font-semibold">
        {group.name} <span className="font-normal text-sm text-stone-600">({rangeHint(group)})</span>
      </legend>
      {problem && (
        <p id={`${id}-problem`} className="mb-2 font-medium text-red-700 text-sm">
          {problem}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {group.modifiers.map((m) => {
          const pick = picks.get(m.id);
          const label = `${m.name}${m.is_available ? '' : ' (unavailable)'}`;
          const price = formatAdjustment(m.unit_price);
          return (
            <li key={m.id} className="flex flex-col gap-1">
              <div className="flex items-center justify-between gap-3">
                <label className="flex min-h-8 flex-1 items-center gap-2">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={single ? `${id}-group` : undefined}
                    checked={Boolean(pick)}
                    disabled={!m.is_available || (!pick && full && !single)}
                    onChange={(e) => set(m.id, e.target.checked ? 1 : 0)}
                    className="size-4 accent-primary"
                  />
                  <span>{label}</span>
                </label>
                {pick && m.max_quantity > 1 ? (
                  <span className="flex items-center gap-1">
                    <button
                      type="button"
                      aria-label={`Fewer ${m.name}`}
                      onClick={() => set(m.id, pick.quantity - 1)}
                      className="rounded border border-stone-300 p-1 hover:bg-stone-100"
                    >
                      <Minus aria-hidden="true" className="size-3" />
                    </button>
                    <output aria-label={`${m.name} quantity`} className="w-5 text-center">
                      {pick.quantity}
                    </output>
                    <button
                      type="button"
                      aria-label={`More ${m.name}`}
                      disabled={pick.quantity >= m.max_quantity || full}
                      onClick={() => set(m.id, pick.quantity + 1)}
                      className="rounded border border-stone-300 p-1 hover:bg-stone-100 disabled:opacity-50"
                    >
                      <Plus aria-hidden="true" className="size-3" />
                    </button>
                  </span>
                ) : null}
                {price && <span className="text-sm text-stone-700">{price}</span>}
              </div>
              {pick && m.configurations.length > 0 && (
                <fieldset className="ml-6 flex flex-wrap gap-3">
                  <legend className="sr-only">{m.name} choice</legend>
                  {m.configurations.map((c) => (
                    <label key={c.id} className="flex items-center gap-1 text-sm">
                      <input
                        type="radio"
                        name={`${id}-config-${m.id}`}
                        checked={pick.configuration_id === c.id}
                        onChange={() => set(m.id, pick.quantity, c.id)}
                        className="accent-primary"
                      />
                      {c.name} {formatAdjustment(c.price_adjustment)}
                    </label>
                  ))}
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
