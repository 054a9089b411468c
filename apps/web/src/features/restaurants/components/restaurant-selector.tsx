import { useState } from 'react';
import { icon } from '@/components/ui/icon';
import { onUse } from '@/lib/on-use';
import { useRestaurantAutoSelect } from '../hooks/use-restaurant-auto-select';
import { useRestaurantExpiry } from '../hooks/use-restaurant-expiry';
import { useRestaurantStore } from '../stores/restaurant-store';

const MapPin = icon([
  [
    'path',
    { d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0' },
  ],
  ['circle', { cx: '12', cy: '10', r: '3' }],
]);

// The dialogs (and Radix) stay off the first paint: fetched when the page is idle, or when a choice is
// due (spec §9's 500 ms), so the dialog opens without waiting for its code (decision 058).
const dialog = onUse(() => import('./restaurant-dialog'));

/**
 * The header's restaurant button, plus what keeps a restaurant chosen: the expiry check, the
 * auto-selection, and the mandatory and optional selection dialogs.
 */
export function RestaurantSelector() {
  useRestaurantExpiry();
  const { mandatoryOpen, choiceDue } = useRestaurantAutoSelect();
  const selected = useRestaurantStore((state) => state.selectedRestaurant);
  const [optionalOpen, setOptionalOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const open = mandatoryOpen || optionalOpen;
  if (open && !everOpened) setEverOpened(true);
  dialog.usePrefetchWhenIdle();
  const loaded = dialog.useModule(everOpened || choiceDue);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOptionalOpen(true)}
        className="flex min-h-10 min-w-0 max-w-[9rem] shrink items-center gap-1.5 rounded-full border border-stone-300 px-2.5 py-1 text-left font-medium text-stone-900 text-xs leading-tight sm:max-w-xs hover:border-primary focus-visible:outline-2 focus-visible:outline-primary focus-visible:outline-offset-2 sm:text-sm"
      >
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className="truncate">
          {selected ? (
            <>
              <span className="sr-only">Restaurant:</span> {selected.restaurant.name}
            </>
          ) : (
            'Choose a restaurant'
          )}
        </span>
      </button>
      {everOpened && loaded && (
        <loaded.RestaurantDialog
          mode={mandatoryOpen ? 'mandatory' : 'optional'}
          open={open}
          onOpenChange={setOptionalOpen}
        />
      )}
    </>
  );
}
