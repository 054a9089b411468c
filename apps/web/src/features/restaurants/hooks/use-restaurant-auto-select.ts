import { type RestaurantEntry, restaurantStatus } from '@orderfront/core';
import { startTransition, useEffect, useState } from 'react';
import { withSonner } from '@/lib/toast';
import { isFailedFetch, useRestaurants } from '../api/get-restaurants';
import { usePageChoosesRestaurant } from '../lib/page-choice';
import { useRestaurantStore } from '../stores/restaurant-store';

/** Spec §9: the mandatory dialog opens 500 ms after it is known to be needed. */
export const mandatoryDialogDelayMs = 500;

export const restaurantSelectedToast = 'Restaurant selected';

const activeOnly = (entries: readonly RestaurantEntry[]) =>
  entries.filter((entry) => entry.restaurant.status === restaurantStatus.active);

/**
 * Spec §4: with no restaurant chosen, the list decides: exactly one active restaurant is selected
 * (with a toast); more than one, or none (a failed fetch answers none, spec §8), opens the mandatory
 * dialog after 500 ms. With one chosen, each refreshed list replaces it by the entry with the same
 * id, or unsets it; a failed fetch refreshed nothing, so the selection stays.
 * A page with a picker of its own (the booking form) is not covered by the dialog.
 */
export function useRestaurantAutoSelect(): { mandatoryOpen: boolean; choiceDue: boolean } {
  const hasSelection = useRestaurantStore((state) => state.selectedRestaurant !== null);
  const { data } = useRestaurants();
  const [promptDue, setPromptDue] = useState(false);
  const ownPicker = usePageChoosesRestaurant();

  // Syncs the persisted store with each list the server sends (an external system: not derivable state).
  useEffect(() => {
    if (!data) return;
    const store = useRestaurantStore.getState();
    if (hasSelection) {
      if (!isFailedFetch(data)) store.syncWithList(data);
      return;
    }
    const active = activeOnly(data);
    if (active.length === 1 && active[0]) {
      store.selectRestaurant(active[0]);
      withSonner(({ toast }) => toast.success(restaurantSelectedToast));
    }
  }, [data, hasSelection]);

  const needsChoice = !hasSelection && data !== undefined && activeOnly(data).length !== 1;

  // Once due, the prompt stays until a restaurant is chosen, through any refetch (Try Again included).
  useEffect(() => {
    if (hasSelection) {
      setPromptDue(false);
      return;
    }
    if (!needsChoice || promptDue) return;
    // A transition: React renders the dialog in short slices, not in one long task (decision 058).
    const timer = setTimeout(() => startTransition(() => setPromptDue(true)), mandatoryDialogDelayMs);
    return () => clearTimeout(timer);
  }, [hasSelection, needsChoice, promptDue]);

  return { mandatoryOpen: !hasSelection && promptDue && !ownPicker, choiceDue: needsChoice && !ownPicker };
}
