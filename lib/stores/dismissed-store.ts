import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { normalizeAnimeId } from './anime-snapshot';
import { DISMISSED_KEY } from './keys';

/**
 * Suggestions the fan said 'Não tenho interesse' to ('Para você'): hidden for good, kept in
 * localStorage under one key as `{ [animeId]: ISO date }`. Undo removes the entry. For a signed-in
 * fan they sync as library entries of kind 'dismissal' (lib/library), with the same account rules
 * as ratings and lists.
 */

export { DISMISSED_KEY } from './keys';
/** More than this many and the oldest dismissals are forgotten (a few bytes each). */
export const MAX_DISMISSED = 2000;

export interface DismissedData {
  dismissed: Record<number, string>;
}

interface Actions {
  dismiss: (id: number) => void;
  undo: (id: number) => void;
}

export type DismissedStore = DismissedData & Actions;

/** Only valid ids with a date, at most MAX_DISMISSED, the most recent kept. */
export function sanitizeDismissed(value: unknown): Record<number, string> {
  if (typeof value !== 'object' || value === null) return {};
  const entries: [number, string][] = [];
  for (const [key, at] of Object.entries(value)) {
    const id = normalizeAnimeId(Number(key));
    if (id === null || typeof at !== 'string' || Number.isNaN(Date.parse(at))) continue;
    entries.push([id, at]);
  }
  entries.sort((a, b) => b[1].localeCompare(a[1]) || a[0] - b[0]);
  return Object.fromEntries(entries.slice(0, MAX_DISMISSED));
}

export const useDismissedStore = create<DismissedStore>()(
  persist(
    (set, get) => ({
      dismissed: {},
      dismiss(id) {
        if (normalizeAnimeId(id) === null) return;
        set({ dismissed: sanitizeDismissed({ ...get().dismissed, [id]: new Date().toISOString() }) });
      },
      undo(id) {
        const dismissed = { ...get().dismissed };
        delete dismissed[id];
        set({ dismissed });
      },
    }),
    {
      name: DISMISSED_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ dismissed: state.dismissed }),
      merge: (persisted, current) => ({
        ...current,
        dismissed: sanitizeDismissed((persisted as Partial<DismissedData> | undefined)?.dismissed),
      }),
    },
  ),
);

/** Another tab dismissed or undid something: pick it up (the `storage` event fires only in other tabs). */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === DISMISSED_KEY) void useDismissedStore.persist.rehydrate();
  });
}
