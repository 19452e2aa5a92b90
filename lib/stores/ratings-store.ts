import { useMemo } from 'react';
import { useStore, type UseBoundStore } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { cleanOpinion } from '@/lib/utils/visible-text';
import { normalizeAnimeId, sanitizeSnapshot, type AnimeSnapshot } from './anime-snapshot';
import {
  browserStorage,
  readRaw,
  writeKeys,
  type KeyChange,
  type StorageFailure,
  type WriteResult,
} from './local-storage';
import { MAX_OPINION_LENGTH } from './opinion';
import { addSnapshotSink } from './snapshot-sinks';
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
 *   - `updateSnapshots(copies)`                      background refresh of card copies (id →
 *                                                    snapshot) in one write; unrated ids skipped.
 *   Show the result with `ratingFeedbackKey(action, result)`: a key of the `Rating` messages
 *   ('saved', 'saveUnavailable', 'removed', 'removeUnavailable', 'editSaveError'), which are
 *   SPEC §8's texts ('LocalStorage não disponível. Avaliação não pôde ser salva.' …).
 * - Hooks and selectors: `useUserRating(id)` in use-user-rating.ts ({rating: 0, opinion: ''} when
 *   unrated; that rating's key alone until the store is read), `useRatedAnimes()` /
 *   `selectRatedAnimes(state)` (rated entries, newest first). `ratingActions`: the actions,
 *   taken without reading storage. The store reads storage at its first use.
 * - Storage: one key per anime, `animeRating_{id}` = JSON {rating, opinion}, exactly the original
 *   app's format (its data loads unchanged); snapshots and dates under `anime-master-rating-entries`.
 *   Other tabs' changes arrive through `storage` events. Hydration: `useStoresHydrated()`,
 *   `useRatingsHydrated()`.
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
  updateSnapshots: (copies: ReadonlyMap<number, AnimeSnapshot>) => void;
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

/** One rating as the original app stored it: `{"rating":N,"opinion":"…"}`. */
function ratingRaw(value: UserRating): string {
  return JSON.stringify({ rating: value.rating, opinion: value.opinion });
}

/** The entries key's JSON (snapshots and dates of rated ids), or null when there is none to keep. */
function entriesRaw(data: RatingsData): string | null {
  const kept: Record<string, RatingEntry> = {};
  const ratings = data.ratings as Record<string, UserRating>;
  let any = false;
  for (const [key, entry] of Object.entries(data.entries)) {
    if (!ratings[key]) continue;
    kept[key] = entry;
    any = true;
  }
  return any ? JSON.stringify(kept) : null;
}

/** The raw key → JSON string map the ratings occupy in storage (used by the backup). */
export function serializeRatings(data: RatingsData): Map<string, string> {
  const desired = new Map<string, string>();
  for (const [key, value] of Object.entries(data.ratings))
    desired.set(ratingKey(Number(key)), ratingRaw(value));
  const entries = entriesRaw(data);
  if (entries !== null) desired.set(RATING_ENTRIES_KEY, entries);
  return desired;
}

/**
 * The values a rating key most often holds (every rating of a MAL import, most of the original
 * app's), read without parsing: one shared frozen object each, as `NO_RATING`.
 */
const PLAIN_RATINGS = new Map<string, UserRating>(
  Array.from({ length: MAX_RATING + 1 }, (_, rating) => [
    ratingRaw({ rating, opinion: '' }),
    Object.freeze({ rating, opinion: '' }),
  ]),
);

/** The id of a rating key: digits without leading zeros at once, any other form as idFromRatingKey. */
function storedRatingId(key: string): number | null {
  const start = RATING_KEY_PREFIX.length;
  // Up to 15 digits, the first not 0: a safe positive integer, read without allocating.
  if (key.length === start || key.length - start > 15 || key.charCodeAt(start) === 48) {
    return idFromRatingKey(key);
  }
  let id = 0;
  for (let index = start; index < key.length; index++) {
    const digit = key.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return idFromRatingKey(key);
    id = id * 10 + digit;
  }
  return id;
}

function storedRating(raw: string): UserRating | null {
  const plain = PLAIN_RATINGS.get(raw);
  if (plain) return plain;
  try {
    return sanitizeRating(JSON.parse(raw));
  } catch {
    return null;
  }
}

interface StoredRatings {
  data: RatingsData;
  /** The entries key as stored (null when absent): what the next write compares with. */
  entriesRaw: string | null;
}

/**
 * One pass over storage: every `animeRating_*` key, sanitised (invalid ones skipped and logged),
 * and the entries key. At 50,000 ratings this is the one read of a page load (tens of ms); the
 * common values skip JSON.parse (PLAIN_RATINGS).
 */
function readRatingsOnce(): StoredRatings {
  const ratings: Record<number, UserRating> = {};
  const storage = browserStorage();
  if (!storage) return { data: { ratings, entries: {} }, entriesRaw: null };
  let skipped = 0;
  try {
    const count = storage.length;
    for (let index = 0; index < count; index++) {
      const key = storage.key(index);
      if (key === null || !key.startsWith(RATING_KEY_PREFIX)) continue;
      const id = storedRatingId(key);
      const raw = id === null ? null : storage.getItem(key);
      const rating = raw === null ? null : storedRating(raw);
      if (id === null || rating === null) {
        skipped++;
        continue;
      }
      ratings[id] = rating;
    }
  } catch (error) {
    // What was read so far stands; a later write touches only what the visitor changes.
    console.warn('[ratings] could not read every rating key', error);
  }
  if (skipped > 0) console.warn(`[ratings] ignored ${skipped} unreadable rating key(s)`);
  const raw = readRaw(RATING_ENTRIES_KEY);
  return { data: { ratings, entries: parseEntries(raw, ratings) }, entriesRaw: raw };
}

/** The entries key's JSON, sanitised, for the rated ids only (invalid JSON reads as none, logged). */
function parseEntries(raw: string | null, ratings: Record<number, UserRating>): Record<number, RatingEntry> {
  const entries: Record<number, RatingEntry> = {};
  let parsed: unknown;
  try {
    parsed = raw === null ? undefined : JSON.parse(raw);
  } catch {
    console.warn(`[storage] "${RATING_ENTRIES_KEY}" holds invalid JSON; using defaults`);
  }
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
      const id = normalizeAnimeId(key);
      if (id !== null && ratings[id]) entries[id] = sanitizeRatingEntry(value);
    }
  }
  return entries;
}

/** Every `animeRating_*` key in storage, sanitised; invalid ones are skipped and logged. */
export function readStoredRatings(): RatingsData {
  return readRatingsOnce().data;
}

/**
 * The key changes that turn storage holding `from` into `to`: a rating key only where that
 * rating's value differs (by reference first, then by value, so an original key with extra fields
 * stays byte for byte until the visitor changes it), the entries key only when it would differ
 * from `fromEntriesRaw`. Never a serialisation of every rating.
 */
export function ratingChanges(
  from: RatingsData,
  fromEntriesRaw: string | null,
  to: RatingsData,
  /** The only ids that can differ, when the caller knows them (a store action): no pass over all. */
  only?: readonly number[],
): { changes: KeyChange[]; entriesRaw: string | null } {
  const changes: KeyChange[] = [];
  let membershipChanged = false;
  if (from.ratings !== to.ratings) {
    const before = from.ratings as Record<string, UserRating>;
    const after = to.ratings as Record<string, UserRating>;
    const compare = (key: string) => {
      const previous = before[key];
      const next = after[key];
      if (previous === next) return;
      if (!next) {
        membershipChanged = true;
        changes.push([RATING_KEY_PREFIX + key, null]);
        return;
      }
      if (!previous) membershipChanged = true;
      else if (previous.rating === next.rating && previous.opinion === next.opinion) return;
      changes.push([RATING_KEY_PREFIX + key, ratingRaw(next)]);
    };
    if (only) {
      for (const id of only) compare(String(id));
    } else {
      // for…in over 50,000 keys costs hundreds of ms on a phone: only syncs and re-reads come here.
      for (const key in after) compare(key);
      for (const key in before) if (!after[key]) compare(key);
    }
  }
  let nextEntriesRaw = fromEntriesRaw;
  if (membershipChanged || from.entries !== to.entries) {
    nextEntriesRaw = entriesRaw(to);
    if (nextEntriesRaw !== fromEntriesRaw) changes.push([RATING_ENTRIES_KEY, nextEntriesRaw]);
  }
  return { changes, entriesRaw: nextEntriesRaw };
}

/**
 * What this tab last read from or wrote to storage, so a write sends only the ratings that
 * changed (ratingChanges). A failed write leaves it as it was, and its outcome is kept for the
 * store's action to answer (`resetResult()` before `set`, `result()` after).
 */
class RatingsWriter {
  private stored: StoredRatings = { data: { ratings: {}, entries: {} }, entriesRaw: null };
  private last: WriteResult = { ok: true };
  private hint: { base: RatingsData['ratings']; ids: readonly number[] } | null = null;

  resetResult(): void {
    this.last = { ok: true };
  }

  result(): WriteResult {
    return this.last;
  }

  remember(stored: StoredRatings): void {
    this.stored = stored;
  }

  storedEntriesRaw(): string | null {
    return this.stored.entriesRaw;
  }

  /**
   * The next write comes from a store action that changed only `ids`, starting from `base`: when
   * `base` is what is stored, the write compares those ids alone.
   */
  expect(base: RatingsData['ratings'], ids: readonly number[]): void {
    this.hint = { base, ids };
  }

  write(next: RatingsData): void {
    const hint = this.hint;
    this.hint = null;
    const only = hint && hint.base === this.stored.data.ratings ? hint.ids : undefined;
    const { changes, entriesRaw } = ratingChanges(this.stored.data, this.stored.entriesRaw, next, only);
    const result = writeKeys(changes);
    if (result.ok) this.stored = { data: next, entriesRaw };
    else this.last = result;
  }
}

const writer = new RatingsWriter();

/** Persist adapter: one `animeRating_{id}` key per rating plus the entries key. */
export const ratingsStorage: PersistStorage<RatingsData> = {
  getItem(): StorageValue<RatingsData> | null {
    if (!browserStorage()) return null;
    const stored = readRatingsOnce();
    writer.remember(stored);
    return { state: stored.data, version: 0 };
  },
  setItem(_name, value) {
    writer.write(value.state);
  },
  removeItem() {
    writer.write({ ratings: {}, entries: {} });
  },
};

const ratingsApi = createStore<RatingsStore>()(
  persist(
    (set, get) => {
      const data = (): RatingsData => ({ ratings: get().ratings, entries: get().entries });

      /** Writes `next`, in which only `ids` changed; on a storage failure puts the previous state back. */
      const commit = (next: RatingsData, ids: number[]): RatingActionResult => {
        const previous = data();
        writer.resetResult();
        writer.expect(previous.ratings, ids);
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
          ensureRatingsHydrated();
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
          return commit(
            {
              ratings: { ...get().ratings, [animeId]: { rating, opinion: text } },
              entries: { ...get().entries, [animeId]: entry },
            },
            [animeId],
          );
        },
        removeRating(id) {
          ensureRatingsHydrated();
          const animeId = normalizeAnimeId(id);
          if (animeId === null) {
            console.warn('[ratings] removeRating: rejected invalid id', id);
            return { ok: false, reason: 'invalid' };
          }
          const ratings = { ...get().ratings };
          const entries = { ...get().entries };
          delete ratings[animeId];
          delete entries[animeId];
          return commit({ ratings, entries }, [animeId]);
        },
        updateSnapshots(copies) {
          ensureRatingsHydrated();
          const { ratings } = get();
          const entries = { ...get().entries };
          const ids: number[] = [];
          for (const [id, snapshot] of copies) {
            if (!ratings[id]) continue;
            entries[id] = { snapshot, ratedAt: entries[id]?.ratedAt ?? null };
            ids.push(id);
          }
          if (ids.length > 0) commit({ ratings, entries }, ids);
        },
      };
    },
    {
      name: 'ratings',
      storage: ratingsStorage,
      partialize: (state) => ({ ratings: state.ratings, entries: state.entries }),
      // Read at the store's first use (ensureRatingsHydrated), not when its code loads.
      skipHydration: true,
    },
  ),
);

let hydrationStarted = false;
ratingsApi.persist.onHydrate(() => {
  hydrationStarted = true;
});

/**
 * Reads storage into the store unless that has begun already: the one pass over every rating key
 * of a page load, at the store's first use rather than when its code loads, so a page can draw
 * something before it (the ratings page's newest ratings, readNewestRatings). Every way into the
 * store goes through here first (its hook, getState, setState, subscribe): no action, write or
 * read ever meets a store that has not read storage (a write from an empty store would drop the
 * entries of every other rating). The server never reads.
 */
export function ensureRatingsHydrated(): void {
  if (hydrationStarted || typeof window === 'undefined') return;
  hydrationStarted = true;
  void ratingsApi.persist.rehydrate();
}

const lazyRatingsApi: typeof ratingsApi = {
  ...ratingsApi,
  getState: () => {
    ensureRatingsHydrated();
    return ratingsApi.getState();
  },
  setState: ((...args: Parameters<typeof ratingsApi.setState>) => {
    ensureRatingsHydrated();
    ratingsApi.setState(...args);
  }) as typeof ratingsApi.setState,
  subscribe: (listener) => {
    ensureRatingsHydrated();
    return ratingsApi.subscribe(listener);
  },
};

/** The ratings store: zustand's hook and API, each hydrating the store at its first use. */
export const useRatingsStore = Object.assign(
  <U>(selector: (state: RatingsStore) => U): U => useStore(lazyRatingsApi, selector),
  lazyRatingsApi,
) as UseBoundStore<typeof ratingsApi>;

/** Key of the `Rating` message to show after `action` answered `result` (SPEC §8 texts). */
export function ratingFeedbackKey(
  action: 'save' | 'remove',
  result: RatingActionResult,
): 'saved' | 'saveUnavailable' | 'removed' | 'removeUnavailable' | 'editSaveError' {
  if (result.ok) return action === 'save' ? 'saved' : 'removed';
  if (result.reason === 'invalid') return 'editSaveError';
  return action === 'save' ? 'saveUnavailable' : 'removeUnavailable';
}

/**
 * The store's actions, for a component that acts without showing every rating (the rating form):
 * taking them reads nothing, and each reads storage into the store before it writes.
 */
export const ratingActions: Actions = (({ saveRating, removeRating, updateSnapshots }) => ({
  saveRating,
  removeRating,
  updateSnapshots,
}))(ratingsApi.getInitialState());

/** Ratings read on their own, by id, while the store has not read storage (see peekRating). */
const peeked = new Map<number, UserRating>();
const peekListeners = new Set<() => void>();
ratingsApi.persist.onFinishHydration(() => peeked.clear());

/** Another tab changed these ratings (all: null) before this page read the store: read them again when asked. */
function forgetPeeked(ids: readonly number[] | null): void {
  if (ids === null) peeked.clear();
  else for (const id of ids) peeked.delete(id);
  for (const listener of peekListeners) listener();
}

/**
 * The stored rating of `id` without the store's pass over every key: its own key, read once per
 * page load until the store has read storage, then the store's. A detail page shows one rating
 * (and its related anime's): it reads those keys, not 50,000 (useUserRating). A change made here
 * goes through an action, which reads the store first; another tab's change is read again.
 */
export function peekRating(id: number): UserRating {
  if (ratingsApi.persist.hasHydrated()) return ratingsApi.getState().ratings[id] ?? NO_RATING;
  let value = peeked.get(id);
  if (!value) {
    const raw = browserStorage() ? readRaw(ratingKey(id)) : null;
    value = (raw === null ? null : storedRating(raw)) ?? NO_RATING;
    peeked.set(id, value);
  }
  return value;
}

/** Calls `onChange` when the store or a rating read on its own changes (reads nothing). */
export function subscribeRatings(onChange: () => void): () => void {
  peekListeners.add(onChange);
  const unsubscribers = [
    ratingsApi.subscribe(onChange),
    ratingsApi.persist.onFinishHydration(onChange),
    () => peekListeners.delete(onChange),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

export interface RatedAnime extends UserRating, RatingEntry {
  animeId: number;
}

/** Code-unit order: ISO timestamps sort by time, and much faster than localeCompare at 50,000. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Rated anime (rating above 0 or an opinion), most recently rated first, then by id. One pass over
 * the ratings: only those with a date are sorted (the rest, ids only, come in id order).
 */
export function selectRatedAnimes(data: RatingsData): RatedAnime[] {
  const dated: RatedAnime[] = [];
  const undated: RatedAnime[] = [];
  let undatedInOrder = true;
  const ratings = data.ratings as Record<string, UserRating>;
  for (const key in ratings) {
    const value = ratings[key] as UserRating;
    if (value.rating === 0 && value.opinion.length === 0) continue;
    const animeId = Number(key);
    const entry = data.entries[animeId];
    const item: RatedAnime = {
      animeId,
      rating: value.rating,
      opinion: value.opinion,
      snapshot: entry?.snapshot ?? null,
      ratedAt: entry?.ratedAt ?? null,
    };
    if (item.ratedAt) dated.push(item);
    else {
      const last = undated[undated.length - 1];
      if (last && last.animeId > animeId) undatedInOrder = false;
      undated.push(item);
    }
  }
  dated.sort((a, b) => compareText(b.ratedAt ?? '', a.ratedAt ?? '') || a.animeId - b.animeId);
  if (!undatedInOrder) undated.sort((a, b) => a.animeId - b.animeId);
  return dated.concat(undated);
}

/**
 * The `count` rated anime that selectRatedAnimes puts first, read without the store: the entries
 * key, then the keys of the newest ratings only, never a pass over every rating key. Fewer when
 * fewer ratings carry a date (the others, ids only, come after every dated one), none when
 * storage is unreadable. What 'Meus Animes Avaliados' draws before the store reads storage.
 */
export function readNewestRatings(count: number): RatedAnime[] {
  if (!browserStorage()) return [];
  let parsed: unknown;
  try {
    const raw = readRaw(RATING_ENTRIES_KEY);
    parsed = raw === null ? null : JSON.parse(raw);
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return [];
  // As parseEntries: the last of two keys naming one id wins.
  const dated = new Map<number, { ratedAt: string; entry: unknown }>();
  for (const [key, entry] of Object.entries(parsed as Record<string, unknown>)) {
    const id = normalizeAnimeId(key);
    if (id === null) continue;
    const ratedAt = (entry as { ratedAt?: unknown } | null)?.ratedAt;
    if (typeof ratedAt === 'string' && !Number.isNaN(Date.parse(ratedAt))) dated.set(id, { ratedAt, entry });
    else dated.delete(id);
  }
  const newestFirst = [...dated].sort(([idA, a], [idB, b]) => compareText(b.ratedAt, a.ratedAt) || idA - idB);
  const newest: RatedAnime[] = [];
  for (const [id, { entry }] of newestFirst) {
    if (newest.length >= count) break;
    const raw = readRaw(ratingKey(id));
    const value = raw === null ? null : storedRating(raw);
    if (!value || (value.rating === 0 && value.opinion.length === 0)) continue;
    const { snapshot, ratedAt } = sanitizeRatingEntry(entry);
    newest.push({ animeId: id, rating: value.rating, opinion: value.opinion, snapshot, ratedAt });
  }
  return newest;
}

export function useRatedAnimes(): RatedAnime[] {
  const ratings = useRatingsStore((state) => state.ratings);
  const entries = useRatingsStore((state) => state.entries);
  return useMemo(() => selectRatedAnimes({ ratings, entries }), [ratings, entries]);
}

// A copy of an anime nobody here rated changes nothing: known from its key, without reading them all.
addSnapshotSink((copies) => {
  const rated = new Map([...copies].filter(([id]) => peekRating(id) !== NO_RATING));
  if (rated.size > 0) ratingActions.updateSnapshots(rated);
});

/** Above this many keys changed at once (an import in another tab), storage is read whole again. */
const WHOLE_READ_FROM = 500;

const changedKeys = new Set<string>();
let flushScheduled = false;

/**
 * Applies the keys another tab changed: each rating key read on its own (the entries key is parsed
 * again against the ratings), so a rating saved elsewhere costs this tab that key, not all of them.
 * Storage is taken as it is now, and what this tab knows to be stored moves along, so nothing is
 * written back.
 */
function applyChangedKeys(): void {
  flushScheduled = false;
  const keys = [...changedKeys];
  changedKeys.clear();
  if (!ratingsApi.persist.hasHydrated()) {
    forgetPeeked(keys.map(storedRatingId).filter((id) => id !== null));
    return;
  }
  if (keys.length > WHOLE_READ_FROM) {
    void useRatingsStore.persist.rehydrate();
    return;
  }
  const state = useRatingsStore.getState();
  const ratings = { ...state.ratings };
  let entries = state.entries;
  let entriesChanged = false;
  for (const key of keys) {
    if (key === RATING_ENTRIES_KEY) continue;
    const id = storedRatingId(key);
    if (id === null) continue;
    const raw = readRaw(key);
    const rating = raw === null ? null : storedRating(raw);
    if (rating) ratings[id] = rating;
    else delete ratings[id];
    if (!rating && entries[id]) {
      if (!entriesChanged) entries = { ...entries };
      entriesChanged = true;
      delete entries[id];
    }
  }
  let storedEntriesRaw = writer.storedEntriesRaw();
  if (keys.includes(RATING_ENTRIES_KEY)) {
    storedEntriesRaw = readRaw(RATING_ENTRIES_KEY);
    entries = parseEntries(storedEntriesRaw, ratings);
  }
  const next: RatingsData = { ratings, entries };
  writer.remember({ data: next, entriesRaw: storedEntriesRaw });
  useRatingsStore.setState(next);
}

/** Another tab rated something: pick it up (the `storage` event fires only in other tabs). */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null) {
      changedKeys.clear();
      if (ratingsApi.persist.hasHydrated()) void useRatingsStore.persist.rehydrate();
      else forgetPeeked(null);
      return;
    }
    if (event.key !== RATING_ENTRIES_KEY && !event.key.startsWith(RATING_KEY_PREFIX)) return;
    changedKeys.add(event.key);
    // The keys of one change (a rating and its entry, or an import's slice) are applied together.
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(applyChangedKeys, 0);
    }
  });
}
