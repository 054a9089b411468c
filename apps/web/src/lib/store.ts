import { createStore, type StateCreator, type StoreApi, useStore, type create as zustandCreate } from 'zustand';

/**
 * zustand's `create`, with one difference: the state a store renders with during hydration
 * (React's server snapshot, `getInitialState`) can be replaced on the bound hook. Server
 * rendering sets it per page (decision 035): the server renders what it knows, and the browser
 * hydrates from that same state before its own (local storage, identity) renders.
 */
function createBound<T>(createState: StateCreator<T, [], []>) {
  const api = createStore<T>()(createState);
  const hook = ((selector?: (state: T) => unknown) => useStore(view, selector as never)) as unknown as StoreApi<T>;
  const view: StoreApi<T> = { ...api, getInitialState: () => hook.getInitialState() };
  Object.assign(hook, api);
  return hook;
}

export const create = (<T>(createState?: StateCreator<T, [], []>) =>
  createState ? createBound(createState) : createBound) as unknown as typeof zustandCreate;
