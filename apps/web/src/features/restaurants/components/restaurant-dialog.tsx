import type { RestaurantEntry } from '@orderfront/core';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { icon } from '@/components/ui/icon';
import { useRestaurants } from '../api/get-restaurants';
import { restaurantSelectedToast } from '../hooks/use-restaurant-auto-select';
import { useRestaurantStore } from '../stores/restaurant-store';
import { RestaurantCardBody } from './restaurant-card';
import { RestaurantHours } from './restaurant-hours';

const LoaderCircle = icon([['path', { d: 'M21 12a9 9 0 1 1-6.219-8.56' }]]);
const RefreshCw = icon([
  ['path', { d: 'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8' }],
  ['path', { d: 'M21 3v5h-5' }],
  ['path', { d: 'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16' }],
  ['path', { d: 'M8 16H3v5' }],
]);

export type RestaurantDialogMode = 'mandatory' | 'optional';

interface RestaurantDialogProps {
  mode: RestaurantDialogMode;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Spec §2 overlay. Mandatory: shown until a restaurant is chosen; no close button, Escape or outside
 * click. Optional: 'Select a Restaurant' with 'Confirm Selection', opened from the header.
 */
export function RestaurantDialog({ mode, open, onOpenChange }: RestaurantDialogProps) {
  const mandatory = mode === 'mandatory';
  return (
    <Dialog open={open} onOpenChange={mandatory ? undefined : onOpenChange}>
      <DialogContent dismissible={!mandatory} onOpenAutoFocus={mandatory ? focusAfterPaint : undefined}>
        <div className="border-stone-200 border-b px-5 pt-5 pr-14 pb-4">
          <DialogTitle className="font-bold text-stone-900 text-xl">
            {mandatory ? 'Choose your restaurant' : 'Select a Restaurant'}
          </DialogTitle>
          <DialogDescription className="mt-1 text-sm text-stone-700">
            {mandatory
              ? 'Pick the restaurant you would like to order from to see its menu and times.'
              : 'Choose the restaurant you would like to order from.'}
          </DialogDescription>
        </div>
        <RestaurantChoices mandatory={mandatory} onChosen={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The mandatory dialog opens by itself while the page loads: its first control takes focus once the
 * dialog has painted, in a task of its own, rather than forcing the page's style and layout inside
 * the task that mounts it (decision 058). Radix would focus the same control (the first tabbable).
 */
function focusAfterPaint(event: Event) {
  event.preventDefault();
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!content.isConnected || content.contains(document.activeElement)) return;
      const first = content.querySelector<HTMLElement>(
        'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])',
      );
      (first ?? content).focus();
    }),
  );
}

function RestaurantChoices({ mandatory, onChosen }: { mandatory: boolean; onChosen(): void }) {
  const { data, isFetching, refetch } = useRestaurants();

  if (!data) {
    return (
      <p role="status" className="flex items-center justify-center gap-2 px-5 py-10 text-stone-700">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
        Loading restaurants…
      </p>
    );
  }
  // A failed fetch answers an empty list too (spec §7), so this is also where 'Try Again' lives.
  if (data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 px-5 py-10 text-center">
        <p role="status" className="font-medium text-stone-900">
          No restaurants available
        </p>
        <button
          type="button"
          // aria-disabled, not disabled: the button keeps focus while the list is fetched again.
          aria-disabled={isFetching}
          onClick={() => {
            if (!isFetching) void refetch();
          }}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-primary px-5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-60"
        >
          <RefreshCw
            aria-hidden="true"
            className={`size-4 ${isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
          />
          Try Again
        </button>
      </div>
    );
  }
  return mandatory ? <MandatoryList entries={data} /> : <OptionalList entries={data} onChosen={onChosen} />;
}

const cardClass =
  'flex w-full items-start gap-3 rounded-xl border border-stone-300 bg-white p-3 text-left transition-colors hover:border-primary';

/** Mandatory version: choosing a card selects it at once, which closes the dialog. */
function MandatoryList({ entries }: { entries: RestaurantEntry[] }) {
  const selectRestaurant = useRestaurantStore((state) => state.selectRestaurant);
  return (
    <ul className="flex flex-col gap-3 overflow-y-auto px-5 py-4">
      {entries.map((entry) => (
        <li key={entry.restaurant.id}>
          <button
            type="button"
            className={`${cardClass} focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-offset-2`}
            onClick={() => {
              selectRestaurant(entry);
              toast.success(restaurantSelectedToast);
            }}
          >
            <RestaurantCardBody entry={entry} />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Optional version: a radio list, today's hours of the one chosen, and 'Confirm Selection'. */
function OptionalList({ entries, onChosen }: { entries: RestaurantEntry[]; onChosen(): void }) {
  const current = useRestaurantStore((state) => state.selectedRestaurant);
  const switchRestaurant = useRestaurantStore((state) => state.switchRestaurant);
  const [chosenId, setChosenId] = useState<number | null>(current?.restaurant.id ?? null);
  const chosen = entries.find((entry) => entry.restaurant.id === chosenId);
  const name = useId();

  return (
    <form
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        switchRestaurant(chosen);
        toast.success(restaurantSelectedToast);
        onChosen();
      }}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 py-4">
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">Restaurants</legend>
          {entries.map((entry) => (
            <label
              key={entry.restaurant.id}
              className={`${cardClass} cursor-pointer has-[:checked]:border-primary has-[:checked]:bg-primary-light has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary has-[:focus-visible]:outline-offset-2`}
            >
              <input
                type="radio"
                name={name}
                value={entry.restaurant.id}
                checked={chosenId === entry.restaurant.id}
                onChange={() => setChosenId(entry.restaurant.id)}
                className="mt-1 size-4 shrink-0 accent-[var(--primary)] focus:outline-none"
              />
              <RestaurantCardBody entry={entry} />
            </label>
          ))}
        </fieldset>
        {chosen && <RestaurantHours restaurantId={chosen.restaurant.id} />}
      </div>
      <div className="border-stone-200 border-t px-5 py-4">
        <button
          type="submit"
          disabled={!chosen}
          className="min-h-11 w-full rounded-full bg-primary px-5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60"
        >
          Confirm Selection
        </button>
      </div>
    </form>
  );
}
