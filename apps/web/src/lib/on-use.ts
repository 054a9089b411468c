import { useEffect, useReducer } from 'react';
import { onIdle } from './idle';

/** A part of the page that loads on first use: see `onUse`. */
export interface OnUse<T> {
  /** Starts the import (once); call it from the click or key press that wants the part. */
  load(): Promise<T>;
  /** The module once it has arrived (undefined until then, and while `wanted` is false); asking loads it. */
  useModule(wanted?: boolean): T | undefined;
  /** Optionally fetches the part ahead of use once the page is idle; nothing ever waits on this. */
  usePrefetchWhenIdle(): void;
}

/**
 * A part of the page kept off the first route (decision 035) that the user's action loads: the
 * click itself starts the import and the part renders as soon as it arrives. No Suspense: React
 * reveals a suspended boundary's content on a timer, which a paused clock (Playwright's) never
 * fires, and an action should not wait on a throttle. Closed parts render nothing, on the server
 * and while hydrating, so both sides agree.
 */
export function onUse<T>(importer: () => Promise<T>): OnUse<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined; // a later use tries again
        throw error;
      },
    );
    return pending;
  };
  function useModule(wanted = true): T | undefined {
    const [, arrived] = useReducer((n: number) => n + 1, 0);
    const module = wanted ? loaded : undefined;
    useEffect(() => {
      if (!wanted || module) return;
      let live = true;
      load().then(
        () => live && arrived(),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [wanted, module]);
    return module;
  }
  function usePrefetchWhenIdle() {
    useEffect(() => onIdle(() => void load().catch(() => undefined)), []);
  }
  return { load, useModule, usePrefetchWhenIdle };
}
