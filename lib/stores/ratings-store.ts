import { useMemo } from 'react';
import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { cleanOpinion } from '@/lib/utils/visible-text';
import { normalizeAnimeId, sanitizeSnapshot, type AnimeSnapshot } from './anime-snapshot';
import { browserStorage, KeyDiffWriter, readJson, storageKeys, type StorageFailure } from './local-storage';
import { MAX_OPINION_LENGTH } from './opinion';
import { RATING_ENTRIES_KEY, RATING_KEY_PREFIX } from './keys';

/**
 * The visitor's ratings (SPEC §3 User rating, §4 Rating, §5, §8).
 *
 * Public API
 * - `useRatingsStore` (zustand + persist). State: `ratings` (id → {rating 0–5, opinion}) and
 *   `entries` (id → snapshot of the card data and when it was rated).
 *   Actions (each answers a `RatingActionResult`; nothing changes when it is not ok):
 *   - `saveRating(id, rating, opinion, snapshot?)`  rating an integer 0–5, opinion at most
 *     MAX_OPINION_LENGTH characters once cleaned (lib/utils/visible-text.ts cleanOpinion:
 *     invisible characters removed, trimmed); a bad id or value gives 'invalid'.
 *   - `removeRating(id)`                             deletes the stored entry (SPEC §4).
 *   - `updateSnapshot(id, snapshot)`                 background refresh of the card copy.
 *   Show the result with `ratingFeedbackKey(action, result)`: a key of the `Rating` messages
 *   ('saved', 'saveUnavailable', 'removed', 'removeUnavailable', 'editSaveError'), which are
 *   SPEC §8's texts ('LocalStorage não disponível. Avaliação não pôde ser salva.' …).
 * - Hooks and selectors: `useUserRating(id)` ({rating: 0, opinion: ''} when unrated),
 *   `useRatedAnimes()` / `selectRatedAnimes(state)` (rated entries, newest first).
 * - Storage: one key per anime, `animeRating_{id}` = JSON {rating, opinion}, exactly the original
 *   app's format (its data loads unchanged); snapshots and dates under `anime-master-rating-entries`.
 *   Other tabs' changes arrive through `storage` events. Hydration: `useStoresHydrated()`.
 */

export { RATING_ENTRIES_KEY, RATING_KEY_PREFIX } from './keys';
export const MAX_RATING = 5;
export { MAX_OPINION_LENGTH };

export interface UserRating {
  rating: number;
  opinion: string;
}

export interface RatingEntry {
  snapshot: AnimeSnapshot | null;
  /** ISO timestamp of the last save (null for ratings the original app wrote). */
  ratedAt: string | null;
}

export interface RatingsData {
  ratings: Record<number, UserRating>;
  entries: Record<number, RatingEntry>;
}

export type RatingActionResult = { ok: true } | { ok: false; reason: 'invalid' | StorageFailure };

type Actions = {
  saveRating: (
    id: unknown,
    rating: number,
    opinion: string,
    snapshot?: AnimeSnapshot | null,
  ) => RatingActionResult;
  removeRating: (id: unknown) => RatingActionResult;
  updateSnapshot: (id: number, snapshot: AnimeSnapshot) => void;
};
export type RatingsStore = RatingsData & Actions;

export const NO_RATING: UserRating = Object.freeze({ rating: 0, opinion: '' });

export function ratingKey(id: number): string {
  return `${RATING_KEY_PREFIX}${id}`;
}

/** The anime id of a rating key, or null when the key is not one. */
export function idFromRatingKey(key: string): number | null {
  if (!key.startsWith(RATING_KEY_PREFIX)) return null;
  const suffix = key.slice(RATING_KEY_PREFIX.length);
  return /^\d+$/.test(suffix) ? normalizeAnimeId(suffix) : null;
}

export function isValidRatingValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_RATING;
}

/**
 * A stored (or imported) rating object as a valid one, or null. A missing opinion is '' (SPEC §3
 * default); an over-long one is cut rather than the rating lost. Extra fields are ignored.
 */
export function sanitizeRating(value: unknown): UserRating | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const rating =
    typeof record.rating === 'string' && /^\d$/.test(record.rating) ? Number(record.rating) : record.rating;
  if (!isValidRatingValue(rating)) return null;
  const opinion =
    typeof record.opinion === 'string' ? cleanOpinion(record.opinion).slice(0, MAX_OPINION_LENGTH) : '';
  return { rating, opinion };
}

export function sanitizeRatingEntry(value: unknown): RatingEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { snapshot: null, ratedAt: null };
  const record = value as Record<string, unknown>;
  const ratedAt =
    typeof record.ratedAt === 'string' && !Number.isNaN(Date.parse(record.ratedAt)) ? record.ratedAt : null;
  return { snapshot: sanitizeSnapshot(record.snapshot), ratedAt };
}

/** The raw key → JSON string map the ratings occupy in storage (used by the store and the backup). */
export function serializeRatings(data: RatingsData): Map<string, string> {
  const desired = new Map<string, string>();
  const entries: Record<string, RatingEntry> = {};
  for (const [key, value] of Object.entries(data.ratings)) {
    const id = Number(key);
    desired.set(ratingKey(id), JSON.stringify({ rating: value.rating, opinion: value.opinion }));
    const entry = data.entries[id];
    if (entry) entries[key] = entry;
  }
  if (Object.keys(entries).length > 0) desired.set(RATING_ENTRIES_KEY, JSON.stringify(entries));
  return desired;
}

/** Every `animeRating_*` key in storage, sanitised; invalid ones are skipped and logged. */
export function readStoredRatings(): RatingsData {
  const ratings: Record<number, UserRating> = {};
  let skipped = 0;
  for (const key of storageKeys()) {
    if (!key.startsWith(RATING_KEY_PREFIX)) continue;
    const id = idFromRatingKey(key);
    const rating = id === null ? null : sanitizeRating(readJson(key));
    if (id === null || rating === null) {
      skipped++;
      continue;
    }
    ratings[id] = rating;
  }
  if (skipped > 0) console.warn(`[ratings] ignored ${skipped} unreadable rating key(s)`);
  const entries: Record<number, RatingEntry> = {};
  const rawEntries = readJson(RATING_ENTRIES_KEY);
  if (typeof rawEntries === 'object' && rawEntries !== null && !Array.isArray(rawEntries)) {
    for (const [key, value] of Object.entries(rawEntries as Record<string, unknown>)) {
      const id = normalizeAnimeId(key);
      if (id !== null && ratings[id]) entries[id] = sanitizeRatingEntry(value);
    }
  }
  return { ratings, entries };
}

const writer = new KeyDiffWriter();

/** Persist adapter: one `animeRating_{id}` key per rating plus the entries key. */
export const ratingsStorage: PersistStorage<RatingsData> = {
  getItem(): StorageValue<RatingsData> | null {
    if (!browserStorage()) return null;
    const data = readStoredRatings();
    writer.remember(serializeRatings(data));
    return { state: data, version: 0 };
  },
  setItem(_name, value) {
    writer.write(serializeRatings(value.state));
  },
  removeItem() {
    writer.write(new Map());
  },
};

export const useRatingsStore = create<RatingsStore>()(
  persist(
    (set, get) => {
      const data = (): RatingsData => ({ ratings: get().ratings, entries: get().entries });

      const commit = (next: RatingsData): RatingActionResult => {
        const previous = data();
        writer.resetResult();
        set(next);
        const result = writer.result();
        if (result.ok) return { ok: true };
        set(previous);
        return { ok: false, reason: result.reason };
      };

      return {
        ratings: {},
        entries: {},
        saveRating(id, rating, opinion, snapshot) {
          const animeId = normalizeAnimeId(id);
          const text = typeof opinion === 'string' ? cleanOpinion(opinion) : null;
          if (
            animeId === null ||
            !isValidRatingValue(rating) ||
            text === null ||
            text.length > MAX_OPINION_LENGTH
          ) {
            console.warn('[ratings] saveRating: rejected invalid input', { id, rating });
            return { ok: false, reason: 'invalid' };
          }
          const previous = get().entries[animeId];
          const entry: RatingEntry = {
            snapshot: snapshot ?? previous?.snapshot ?? null,
            ratedAt: new Date().toISOString(),
          };
          return commit({
            ratings: { ...get().ratings, [animeId]: { rating, opinion: text } },
            entries: { ...get().entries, [animeId]: entry },
          });
        },
        removeRating(id) {
          const animeId = normalizeAnimeId(id);
          if (animeId === null) {
            console.warn('[ratings] removeRating: rejected invalid id', id);
            return { ok: false, reason: 'invalid' };
          }
          const ratings = { ...get().ratings };
          const entries = { ...get().entries };
          delete ratings[animeId];
          delete entries[animeId];
          return commit({ ratings, entries });
        },
        updateSnapshot(id, snapshot) {
          if (!get().ratings[id]) return;
          const previous = get().entries[id];
          commit({
            ratings: get().ratings,
            entries: { ...get().entries, [id]: { snapshot, ratedAt: previous?.ratedAt ?? null } },
          });
        },
      };
    },
    {
      name: 'ratings',
      storage: ratingsStorage,
      partialize: (state) => ({ ratings: state.ratings, entries: state.entries }),
    },
  ),
);

/** Key of the `Rating` message to show after `action` answered `result` (SPEC §8 texts). */
export function ratingFeedbackKey(
  action: 'save' | 'remove',
  result: RatingActionResult,
): 'saved' | 'saveUnavailable' | 'removed' | 'removeUnavailable' | 'editSaveError' {
  if (result.ok) return action === 'save' ? 'saved' : 'removed';
  if (result.reason === 'invalid') return 'editSaveError';
  return action === 'save' ? 'saveUnavailable' : 'removeUnavailable';
}

/** The stored rating of `id`, or {rating: 0, opinion: ''}. */
export function useUserRating(id: number): UserRating {
  return useRatingsStore((state) => state.ratings[id] ?? NO_RATING);
}

export interface RatedAnime extends UserRating, RatingEntry {
  animeId: number;
}

/** Rated anime (rating above 0 or an opinion), most recently rated first, then by id. */
export function selectRatedAnimes(data: RatingsData): RatedAnime[] {
  return Object.entries(data.ratings)
    .map(([key, value]) => {
      const animeId = Number(key);
      const entry = data.entries[animeId] ?? { snapshot: null, ratedAt: null };
      return { animeId, ...value, ...entry };
    })
    .filter((entry) => entry.rating > 0 || entry.opinion.length > 0)
    .sort((a, b) => (b.ratedAt ?? '').localeCompare(a.ratedAt ?? '') || a.animeId - b.animeId);
}

export function useRatedAnimes(): RatedAnime[] {
  const ratings = useRatingsStore((state) => state.ratings);
  const entries = useRatingsStore((state) => state.entries);
  return useMemo(() => selectRatedAnimes({ ratings, entries }), [ratings, entries]);
}

/** Another tab rated something: pick it up (the `storage` event fires only in other tabs). */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === RATING_ENTRIES_KEY || event.key.startsWith(RATING_KEY_PREFIX)) {
      void useRatingsStore.persist.rehydrate();
    }
  });
}
