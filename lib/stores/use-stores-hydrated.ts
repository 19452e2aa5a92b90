'use client';

import { useListsStore } from './lists-store';
import { useRatingsStore } from './ratings-store';
import { createStoresHydrated, reloadFromStorage } from './stores-hydrated';

const STORES = [useRatingsStore, useListsStore];

/**
 * True once the personal-data stores (ratings, lists) hold what this browser stored and the page
 * has hydrated (createStoresHydrated). A page that shows only the lists uses useListsHydrated,
 * which does not load the ratings.
 */
export const useStoresHydrated = createStoresHydrated(STORES);

/** Re-reads both stores from storage (after an import or a change made outside the stores). */
export function reloadStoresFromStorage(): Promise<void> {
  return reloadFromStorage(STORES);
}
