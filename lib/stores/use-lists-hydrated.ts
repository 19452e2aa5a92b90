'use client';

import { useListsStore } from './lists-store';
import { createStoresHydrated, createStoresHydratedHere, reloadFromStorage } from './stores-hydrated';

const STORES = [useListsStore];

/**
 * True once the lists store holds what this browser stored and the page has hydrated. The list
 * pages use it: they show no rating, so they neither wait for nor load the ratings store (at
 * 50,000 ratings, one key each, reading them is most of a page's work).
 */
export const useListsHydrated = createStoresHydrated(STORES);

/** As useListsHydrated, for a list page's entries: from the render after their own hydration. */
export const useListsHydratedHere = createStoresHydratedHere(STORES);

/** Re-reads the lists from storage (a change made while the page was hidden). */
export function reloadListsFromStorage(): Promise<void> {
  return reloadFromStorage(STORES);
}
