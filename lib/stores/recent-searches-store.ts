import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';

/**
 * Recent searches (SPEC §2 Search bar, §3, §9): at most 5, newest first, no duplicates ignoring
 * case. Persisted under the product's documented key `recentSearches` as a plain JSON array of
 * strings, exactly as the original app and existing backups hold it (not zustand's own envelope).
 */

export const RECENT_SEARCHES_KEY = 'recentSearches';
export const MAX_RECENT_SEARCHES = 5;
/** Same cap as the search API: a longer "recent search" could never be searched again. */
const MAX_TERM_LENGTH = 200;

type State = { recent: string[] };
type Actions = {
  add: (term: string) => void;
  remove: (term: string) => void;
  clear: () => void;
};
export type RecentSearchesStore = State & Actions;

/** `term` moved (or added) to the front; blank terms change nothing. */
export function addRecentSearch(list: readonly string[], term: string, max = MAX_RECENT_SEARCHES): string[] {
  const value = term.trim();
  if (!value) return [...list];
  const key = value.toLowerCase();
  return [value, ...list.filter((entry) => entry.toLowerCase() !== key)].slice(0, max);
}

/**
 * Whatever is stored, as a valid list: non-strings, blanks, over-long entries and duplicates are
 * dropped, the cap applied. Corrupted storage yields an empty list rather than an error.
 */
export function sanitizeRecentSearches(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const result: string[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') continue;
    const term = entry.trim();
    if (!term || term.length > MAX_TERM_LENGTH) continue;
    if (result.some((kept) => kept.toLowerCase() === term.toLowerCase())) continue;
    result.push(term);
    if (result.length === MAX_RECENT_SEARCHES) break;
  }
  return result;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Access itself throws when storage is disabled (some privacy modes).
    return null;
  }
}

/** Reads and writes the bare array; every storage failure (blocked, full, corrupted) is absorbed. */
export const recentSearchesStorage: PersistStorage<State> = {
  getItem(name): StorageValue<State> | null {
    const storage = browserStorage();
    if (!storage) return null;
    try {
      const raw = storage.getItem(name);
      if (raw === null) return null;
      return { state: { recent: sanitizeRecentSearches(JSON.parse(raw)) }, version: 0 };
    } catch {
      return { state: { recent: [] }, version: 0 };
    }
  },
  setItem(name, value) {
    try {
      browserStorage()?.setItem(name, JSON.stringify(value.state.recent));
    } catch {
      // Quota exceeded or blocked: the list still works for this visit, in memory.
    }
  },
  removeItem(name) {
    try {
      browserStorage()?.removeItem(name);
    } catch {
      // Same as above.
    }
  },
};

export const useRecentSearchesStore = create<RecentSearchesStore>()(
  persist(
    (set) => ({
      recent: [],
      add: (term) => set((state) => ({ recent: addRecentSearch(state.recent, term) })),
      remove: (term) =>
        set((state) => ({
          recent: state.recent.filter((entry) => entry.toLowerCase() !== term.trim().toLowerCase()),
        })),
      clear: () => set({ recent: [] }),
    }),
    {
      name: RECENT_SEARCHES_KEY,
      storage: recentSearchesStorage,
      partialize: (state) => ({ recent: state.recent }),
    },
  ),
);

/** Another tab searched: pick up its list (the `storage` event fires only in other tabs). */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === RECENT_SEARCHES_KEY || event.key === null) {
      void useRecentSearchesStore.persist.rehydrate();
    }
  });
}
