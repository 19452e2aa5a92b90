'use client';

import { useDeferredValue, useSyncExternalStore } from 'react';
import { useListsStore } from './lists-store';
import { useRatingsStore } from './ratings-store';
import { isHydrated, subscribeHydrated } from './use-hydrated';

/**
 * True once the personal-data stores (ratings, lists) hold what this browser stored. False during
 * server rendering and the first client render, so the HTML the server sent (the anonymous view:
 * skeletons) hydrates without a mismatch; components show skeletons until this turns true. It
 * stays true through later re-reads (another tab's change, an import), so nothing flickers.
 */
export function useStoresHydrated(): boolean {
  // Deferred, as useHydrated: the personal blocks replace their skeletons in slices.
  return useDeferredValue(useSyncExternalStore(subscribe, allHydrated, () => false));
}

let storesHydratedOnce = false;

/** The page has hydrated (useHydrated: one task later, for every component at once), and so have the stores. */
function allHydrated(): boolean {
  if (!storesHydratedOnce) {
    storesHydratedOnce = useRatingsStore.persist.hasHydrated() && useListsStore.persist.hasHydrated();
  }
  return storesHydratedOnce && isHydrated();
}

function subscribe(onChange: () => void): () => void {
  const unsubscribers = [
    subscribeHydrated(onChange),
    useRatingsStore.persist.onFinishHydration(onChange),
    useListsStore.persist.onFinishHydration(onChange),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** Re-reads both stores from storage (after an import or a change made outside the stores). */
export async function reloadStoresFromStorage(): Promise<void> {
  await Promise.all([useRatingsStore.persist.rehydrate(), useListsStore.persist.rehydrate()]);
}
