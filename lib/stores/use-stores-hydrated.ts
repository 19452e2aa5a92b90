'use client';

import { useSyncExternalStore } from 'react';
import { useListsStore } from './lists-store';
import { useRatingsStore } from './ratings-store';

/**
 * True once the personal-data stores (ratings, lists) hold what this browser stored. False during
 * server rendering and the first client render, so the HTML the server sent (the anonymous view:
 * skeletons) hydrates without a mismatch; components show skeletons until this turns true. It
 * stays true through later re-reads (another tab's change, an import), so nothing flickers.
 */
export function useStoresHydrated(): boolean {
  return useSyncExternalStore(subscribe, allHydrated, () => false);
}

let hydratedOnce = false;

function allHydrated(): boolean {
  if (!hydratedOnce) {
    hydratedOnce = useRatingsStore.persist.hasHydrated() && useListsStore.persist.hasHydrated();
  }
  return hydratedOnce;
}

function subscribe(onChange: () => void): () => void {
  const unsubscribers = [
    useRatingsStore.persist.onFinishHydration(onChange),
    useListsStore.persist.onFinishHydration(onChange),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

/** Re-reads both stores from storage (after an import or a change made outside the stores). */
export async function reloadStoresFromStorage(): Promise<void> {
  await Promise.all([useRatingsStore.persist.rehydrate(), useListsStore.persist.rehydrate()]);
}
