import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False in the server's markup and while the browser hydrates it, true from then on. A control that
 * works only through its script (a form sent by fetch) waits for it: clicked on the bare server page,
 * the form would submit itself the browser's way and put what was typed in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
