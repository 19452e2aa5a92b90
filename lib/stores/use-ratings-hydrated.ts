'use client';

import { useRatingsStore } from './ratings-store';
import { createStoresHydrated, reloadFromStorage } from './stores-hydrated';

const STORES = [useRatingsStore];

/**
 * True once the ratings store holds what this browser stored and the page has hydrated. The
 * ratings page uses it: it shows no list, so it neither waits for nor loads the lists store.
 */
export const useRatingsHydrated = createStoresHydrated(STORES);

/** Re-reads the ratings from storage (a change made while the page was hidden). */
export function reloadRatingsFromStorage(): Promise<void> {
  return reloadFromStorage(STORES);
}
