import { useDeferredValue, useSyncExternalStore } from 'react';
import { isHydrated, subscribeHydrated, useHydratedHere } from './use-hydrated';

/** What a zustand `persist` store offers that the hydration hooks use. */
export interface PersistedStore {
  /** The store's state: a store that reads storage at its first use (the ratings) reads it here. */
  getState: () => unknown;
  persist: {
    hasHydrated: () => boolean;
    onFinishHydration: (listener: () => void) => () => void;
    rehydrate: () => Promise<void> | void;
  };
}

/**
 * A hook that is true once `stores` hold what this browser stored and the page has hydrated. False
 * during server rendering and the first client render, so the HTML the server sent (the anonymous
 * view: skeletons) hydrates without a mismatch; components show skeletons until it turns true. It
 * stays true through later re-reads (another tab's change, an import), so nothing flickers.
 *
 * One hook per set of stores, so a page waits for (and loads) only the stores it shows: a list
 * page never reads the ratings.
 */
export function createStoresHydrated(stores: readonly PersistedStore[]): () => boolean {
  let hydratedOnce = false;

  /** The page has hydrated (useHydrated: one task later, for every component at once), and so have the stores. */
  const allHydrated = (): boolean => {
    if (!hydratedOnce) hydratedOnce = stores.every((store) => store.persist.hasHydrated());
    return hydratedOnce && isHydrated();
  };

  const subscribe = (onChange: () => void): (() => void) => {
    for (const store of stores) store.getState();
    const unsubscribers = [
      subscribeHydrated(onChange),
      ...stores.map((store) => store.persist.onFinishHydration(onChange)),
    ];
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  };

  return function useStoresHydrated(): boolean {
    // Deferred, as useHydrated: the personal blocks replace their skeletons in slices.
    return useDeferredValue(useSyncExternalStore(subscribe, allHydrated, () => false));
  };
}

/**
 * As createStoresHydrated, for the one component that is a page's main content (a list page's
 * entries): true from the render that follows its own hydration, once `stores` hold what this
 * browser stored (useHydratedHere). Mounted after the page hydrated, with the stores read: true at
 * once. It stays true through later re-reads.
 */
export function createStoresHydratedHere(stores: readonly PersistedStore[]): () => boolean {
  const ready = (): boolean => stores.every((store) => store.persist.hasHydrated());
  const subscribe = (onChange: () => void): (() => void) => {
    for (const store of stores) store.getState();
    const unsubscribers = stores.map((store) => store.persist.onFinishHydration(onChange));
    return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
  };

  return function useStoresHydratedHere(): boolean {
    return useHydratedHere(ready, subscribe);
  };
}

/** Re-reads `stores` from storage (after an import or a change made outside the stores). */
export async function reloadFromStorage(stores: readonly PersistedStore[]): Promise<void> {
  await Promise.all(stores.map((store) => store.persist.rehydrate()));
}
