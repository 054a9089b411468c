import { useMatches } from 'react-router';

/**
 * A route's `handle` for a page that has a restaurant picker of its own (the booking form): the
 * mandatory restaurant dialog does not cover it.
 */
export const choosesOwnRestaurant = { choosesOwnRestaurant: true } as const;

/** True while the page on screen picks its restaurant itself. */
export function usePageChoosesRestaurant(): boolean {
  return useMatches().some(
    (match) => (match.handle as Partial<typeof choosesOwnRestaurant> | undefined)?.choosesOwnRestaurant,
  );
}
