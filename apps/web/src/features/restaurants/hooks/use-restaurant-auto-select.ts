import { type RestaurantEntry, restaurantStatus } from '@orderfront/core';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useRestaurants } from '../api/get-restaurants';
import { usePageChoosesRestaurant } from '../lib/page-choice';
import { useRestaurantStore } from '../stores/restaurant-store';

/** Spec §9: the mandatory dialog opens 500 ms after it is known to be needed. */
export const mandatoryDialogDelayMs = 500;

export const restaurantSelectedToast = 'Restaurant selected';

const activeOnly = (entries: readonly RestaurantEntry[]) =>
  entries.filter((entry) => entry.restaurant.status === restaurantStatus.active);

/**
 * Spec §4: with no restaurant chosen, the list decides: exactly one active restaurant is selected
 * (with a toast); more than one, none, or a failed fetch opens the mandatory dialog after 500 ms.
 * With one chosen, each fetched list replaces it by the entry with the same id, or unsets it.
 * A page with a picker of its own (the booking form) is not covered by the dialog.
 */
export function useRestaurantAutoSelect(): { mandatoryOpen: boolean } {
  const hasSelection = useRestaurantStore((state) => state.selectedRestaurant !== null);
  const { data, error, isError, isSuccess } = useRestaurants();
  const [promptDue, setPromptDue] = useState(false);
  const ownPicker = usePageChoosesRestaurant();

  // Spec §8: a failed restaurant fetch is logged (after the query's retries); the selection is kept.
  useEffect(() => {
    if (error) console.warn('Could not load the restaurants', error);
  }, [error]);

  // Syncs the persisted store with each list the server sends (an external system: not derivable state).
  useEffect(() => {
    if (!data) return;
    const store = useRestaurantStore.getState();
    if (hasSelection) {
      store.syncWithList(data);
      return;
    }
    const active = activeOnly(data);
    if (active.length === 1 && active[0]) {
      store.selectRestaurant(active[0]);
      toast.success(restaurantSelectedToast);
    }
  }, [data, hasSelection]);

  const needsChoice = !hasSelection && (isError || (isSuccess && activeOnly(data).length !== 1));

  // Once due, the prompt stays until a restaurant is chosen, through any refetch (Try Again included).
  useEffect(() => {
    if (hasSelection) {
      setPromptDue(false);
      return;
    }
    if (!needsChoice || promptDue) return;
    const timer = setTimeout(() => setPromptDue(true), mandatoryDialogDelayMs);
    return () => clearTimeout(timer);
  }, [hasSelection, needsChoice, promptDue]);

  return { mandatoryOpen: !hasSelection && promptDue && !ownPicker };
}
