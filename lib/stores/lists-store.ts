import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import { normalizeAnimeId, sanitizeSnapshot, type AnimeSnapshot } from './anime-snapshot';
import { browserStorage, KeyDiffWriter, localDate, readJson, type StorageFailure } from './local-storage';
import { LIST_ENTRIES_KEY, LIST_STORAGE_KEYS, LIST_TYPES, type ListType } from './keys';
import { addSnapshotSink } from './snapshot-sinks';

/**
 * Watch lists (SPEC §3 Local lists, §4 Watch list, §5 List operations).
 *
 * Public API
 * - `useListsStore` (zustand + persist). State: `lists` (ids per list, in the order added) and
 *   `entries` (per listed id: snapshot, episode progress, start/finish dates).
 *   Actions (each answers a `ListActionResult`; nothing changes when it is not ok):
 *   - `toggle(id, type, snapshot?)`  the detail page's list buttons: moves the anime to `type`
 *     and out of every other list; when it already is in `type`, removes it from all (SPEC §4).
 *   - `moveTo(id, type, snapshot?)`  moves without the toggle (import, progress completion).
 *   - `remove(id)`                   'Remover das Listas'.
 *   - `setProgress(id, n)` / `incrementProgress(id)`  episodes watched, 0..total when known.
 *   - `updateSnapshots(copies)`      background refresh of stored card copies, id → snapshot, in
 *                                    one write (best effort; ids in no list are skipped).
 *   Ids may be numbers or digit strings (they become numbers); an unknown list type or a bad id is
 *   rejected with `{ok: false, reason: 'invalid'}` and logged. A storage failure answers
 *   `reason: 'unavailable' | 'quota'` and leaves state and storage as they were.
 * - Selectors: `selectListOf(state, id)`, `useListOf(id)`, `useListEntry(id)`.
 * - Storage: each list under its documented key as a bare JSON array of numeric ids
 *   (`planToWatchList`, `watchingList`, `completedList`, `droppedList`, plus `onHoldList`), exactly
 *   what the original app wrote; the extra per-entry data under `anime-master-list-entries`.
 *   Other tabs' changes arrive through `storage` events. Hydration: `useStoresHydrated()`.
 * - Pure logic (`toggleList`, `moveToList`, `removeFromLists`, `setEntryProgress`, `sanitizeLists`)
 *   is exported for tests and for the backup import.
 */

export { LIST_ENTRIES_KEY, LIST_STORAGE_KEYS, LIST_TYPES, type ListType } from './keys';

export interface ListEntry {
  snapshot: AnimeSnapshot | null;
  /** Episodes watched, 0..snapshot.episodes when the total is known. */
  progress: number;
  /** YYYY-MM-DD, set when the anime first goes to Watching (or straight to Completed). */
  startedAt: string | null;
  /** YYYY-MM-DD, set when it goes to Completed. */
  finishedAt: string | null;
}

export type Lists = Record<ListType, number[]>;
export interface ListsData {
  lists: Lists;
  entries: Record<number, ListEntry>;
}

export type ListActionResult =
  { ok: true; list: ListType | null } | { ok: false; reason: 'invalid' | StorageFailure };

type Actions = {
  toggle: (id: unknown, type: unknown, snapshot?: AnimeSnapshot | null) => ListActionResult;
  moveTo: (id: unknown, type: unknown, snapshot?: AnimeSnapshot | null) => ListActionResult;
  remove: (id: unknown) => ListActionResult;
  setProgress: (id: unknown, progress: number) => ListActionResult;
  incrementProgress: (id: unknown) => ListActionResult;
  updateSnapshots: (copies: ReadonlyMap<number, AnimeSnapshot>) => void;
};
export type ListsStore = ListsData & Actions;

export function isListType(value: unknown): value is ListType {
  return typeof value === 'string' && (LIST_TYPES as readonly string[]).includes(value);
}

export function emptyLists(): Lists {
  return { PLAN_TO_WATCH: [], WATCHING: [], COMPLETED: [], DROPPED: [], ON_HOLD: [] };
}

export function emptyEntry(): ListEntry {
  return { snapshot: null, progress: 0, startedAt: null, finishedAt: null };
}

export function findList(lists: Lists, id: number): ListType | null {
  return LIST_TYPES.find((type) => lists[type].includes(id)) ?? null;
}

function totalEpisodes(entry: ListEntry): number | null {
  const total = entry.snapshot?.episodes;
  return typeof total === 'number' && total > 0 ? total : null;
}

function clampProgress(progress: number, entry: ListEntry): number {
  const whole = Number.isFinite(progress) ? Math.max(0, Math.floor(progress)) : 0;
  const total = totalEpisodes(entry);
  return total === null ? whole : Math.min(whole, total);
}

export interface MoveOptions {
  snapshot?: AnimeSnapshot | null;
  /** YYYY-MM-DD used for automatic dates. */
  today?: string;
  /** Explicit values (imports) win over the automatic ones. */
  progress?: number;
  startedAt?: string | null;
  finishedAt?: string | null;
}

/**
 * `id` in `type` and in no other list. Automatic dates: Watching starts it (and reopens a finished
 * one), Completed finishes it and sets progress to the total when known, Plan to Watch resets.
 */
export function moveToList(
  data: ListsData,
  id: number,
  type: ListType,
  options: MoveOptions = {},
): ListsData {
  const today = options.today ?? localDate();
  const current = findList(data.lists, id);
  const lists = emptyLists();
  for (const list of LIST_TYPES) {
    lists[list] = data.lists[list].filter((entry) => entry !== id);
  }
  lists[type] = current === type ? [...data.lists[type]] : [...lists[type], id];

  const previous = data.entries[id] ?? emptyEntry();
  let entry: ListEntry = { ...previous, snapshot: options.snapshot ?? previous.snapshot };
  if (current !== type) {
    if (type === 'PLAN_TO_WATCH') entry = { ...entry, progress: 0, startedAt: null, finishedAt: null };
    if (type === 'WATCHING') entry = { ...entry, startedAt: entry.startedAt ?? today, finishedAt: null };
    if (type === 'COMPLETED') {
      const total = totalEpisodes(entry);
      entry = {
        ...entry,
        startedAt: entry.startedAt ?? today,
        finishedAt: today,
        progress: total ?? entry.progress,
      };
    }
  }
  if (options.progress !== undefined) entry.progress = options.progress;
  if (options.startedAt !== undefined) entry.startedAt = options.startedAt;
  if (options.finishedAt !== undefined) entry.finishedAt = options.finishedAt;
  entry.progress = clampProgress(entry.progress, entry);

  return { lists, entries: { ...data.entries, [id]: entry } };
}

export function removeFromLists(data: ListsData, id: number): ListsData {
  const lists = emptyLists();
  for (const list of LIST_TYPES) lists[list] = data.lists[list].filter((entry) => entry !== id);
  const entries = { ...data.entries };
  delete entries[id];
  return { lists, entries };
}

/** SPEC §4: clicking a list moves the anime there; clicking its current list removes it from all. */
export function toggleList(
  data: ListsData,
  id: number,
  type: ListType,
  options: MoveOptions = {},
): { data: ListsData; list: ListType | null } {
  if (findList(data.lists, id) === type) return { data: removeFromLists(data, id), list: null };
  return { data: moveToList(data, id, type, options), list: type };
}

/** Progress of a listed anime, clamped to 0..total; null when the anime is in no list. */
export function setEntryProgress(data: ListsData, id: number, progress: number): ListsData | null {
  if (findList(data.lists, id) === null) return null;
  const entry = data.entries[id] ?? emptyEntry();
  return {
    lists: data.lists,
    entries: { ...data.entries, [id]: { ...entry, progress: clampProgress(progress, entry) } },
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function sanitizeDate(value: unknown): string | null {
  return typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

export function sanitizeEntry(value: unknown): ListEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return emptyEntry();
  const record = value as Record<string, unknown>;
  const progress = record.progress;
  const entry: ListEntry = {
    snapshot: sanitizeSnapshot(record.snapshot),
    progress: typeof progress === 'number' && Number.isInteger(progress) && progress >= 0 ? progress : 0,
    startedAt: sanitizeDate(record.startedAt),
    finishedAt: sanitizeDate(record.finishedAt),
  };
  entry.progress = clampProgress(entry.progress, entry);
  return entry;
}

/**
 * Stored (or imported) lists as valid data: ids become positive integers, anything else is
 * dropped and logged; an id found in several lists stays only in the first (LIST_TYPES order);
 * extra entry data is kept only for listed ids.
 */
export function sanitizeLists(rawLists: Partial<Record<ListType, unknown>>, rawEntries: unknown): ListsData {
  const lists = emptyLists();
  const seen = new Set<number>();
  let dropped = 0;
  for (const type of LIST_TYPES) {
    const raw = rawLists[type];
    if (raw === undefined || raw === null) continue;
    if (!Array.isArray(raw)) {
      dropped++;
      continue;
    }
    for (const value of raw) {
      const id = normalizeAnimeId(value);
      if (id === null || seen.has(id)) {
        dropped++;
        continue;
      }
      seen.add(id);
      lists[type].push(id);
    }
  }
  if (dropped > 0) console.warn(`[lists] ignored ${dropped} invalid or repeated list value(s)`);

  const entries: Record<number, ListEntry> = {};
  if (typeof rawEntries === 'object' && rawEntries !== null && !Array.isArray(rawEntries)) {
    for (const [key, value] of Object.entries(rawEntries as Record<string, unknown>)) {
      const id = normalizeAnimeId(key);
      if (id !== null && seen.has(id)) entries[id] = sanitizeEntry(value);
    }
  }
  return { lists, entries };
}

/**
 * JSON of values the store never mutates (a list's id array, one entry), kept per object: a change
 * makes new objects for what it changes only, so serialising after it re-encodes just those.
 */
const jsonOf = new WeakMap<object, string>();
function cachedJson(value: object): string {
  let json = jsonOf.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    jsonOf.set(value, json);
  }
  return json;
}

/** Every listed id, kept per `Lists` object (never mutated once stored: a change makes a new one). */
const listedOf = new WeakMap<Lists, ReadonlySet<number>>();
function listedIds(lists: Lists): ReadonlySet<number> {
  let listed = listedOf.get(lists);
  if (listed === undefined) {
    listed = new Set(LIST_TYPES.flatMap((type) => lists[type]));
    listedOf.set(lists, listed);
  }
  return listed;
}

/** The raw key → JSON string map the lists occupy in storage (used by the store and the backup). */
export function serializeLists(data: ListsData): Map<string, string> {
  const desired = new Map<string, string>();
  for (const type of LIST_TYPES) desired.set(LIST_STORAGE_KEYS[type], cachedJson(data.lists[type]));
  const listed = listedIds(data.lists);
  // The same text JSON.stringify gives the object of listed entries, one cached entry at a time.
  const parts: string[] = [];
  for (const [key, entry] of Object.entries(data.entries)) {
    if (listed.has(Number(key))) parts.push(`${JSON.stringify(key)}:${cachedJson(entry)}`);
  }
  if (parts.length > 0) desired.set(LIST_ENTRIES_KEY, `{${parts.join(',')}}`);
  return desired;
}

/** What is in storage now, sanitised, and which of the keys exist. */
function readListKeys(): { data: ListsData; present: Set<string> } {
  const present = new Set<string>();
  const read = (key: string): unknown => {
    const value = readJson(key);
    if (value !== undefined) present.add(key);
    return value;
  };
  const rawLists: Partial<Record<ListType, unknown>> = {};
  for (const type of LIST_TYPES) rawLists[type] = read(LIST_STORAGE_KEYS[type]);
  return { data: sanitizeLists(rawLists, read(LIST_ENTRIES_KEY)), present };
}

/** What is in storage now, sanitised (empty lists when nothing or garbage is stored). */
export function readStoredLists(): ListsData {
  return readListKeys().data;
}

const writer = new KeyDiffWriter();

/** Persist adapter: one key per list (documented format) plus the entries key. */
export const listsStorage: PersistStorage<ListsData> = {
  getItem(): StorageValue<ListsData> | null {
    if (!browserStorage()) return null;
    // Each key is read and parsed once (a 50,000-id list is one key), and nothing is serialised
    // until a write needs to compare (KeyDiffWriter.rememberLater).
    const { data, present } = readListKeys();
    // Remember only keys that exist, so a visitor with no lists gets no keys written on reading.
    writer.rememberLater(() => [...serializeLists(data)].filter(([key]) => present.has(key)));
    return { state: data, version: 0 };
  },
  setItem(_name, value) {
    writer.write(serializeLists(value.state));
  },
  removeItem() {
    writer.write(new Map());
  },
};

function parseId(id: unknown, action: string): number | null {
  const value = normalizeAnimeId(id);
  if (value === null) console.warn(`[lists] ${action}: rejected invalid anime id`, id);
  return value;
}

function parseType(type: unknown, action: string): ListType | null {
  if (isListType(type)) return type;
  console.warn(`[lists] ${action}: rejected unknown list type`, type);
  return null;
}

export const useListsStore = create<ListsStore>()(
  persist(
    (set, get) => {
      const data = (): ListsData => ({ lists: get().lists, entries: get().entries });

      /** Writes `next`; on a storage failure puts the previous state back and says why. */
      const commit = (next: ListsData, list: ListType | null): ListActionResult => {
        const previous = data();
        writer.resetResult();
        set(next);
        const result = writer.result();
        if (result.ok) return { ok: true, list };
        set(previous);
        return { ok: false, reason: result.reason };
      };

      return {
        lists: emptyLists(),
        entries: {},
        toggle(id, type, snapshot) {
          const animeId = parseId(id, 'toggle');
          const listType = parseType(type, 'toggle');
          if (animeId === null || listType === null) return { ok: false, reason: 'invalid' };
          const outcome = toggleList(data(), animeId, listType, { snapshot });
          return commit(outcome.data, outcome.list);
        },
        moveTo(id, type, snapshot) {
          const animeId = parseId(id, 'moveTo');
          const listType = parseType(type, 'moveTo');
          if (animeId === null || listType === null) return { ok: false, reason: 'invalid' };
          return commit(moveToList(data(), animeId, listType, { snapshot }), listType);
        },
        remove(id) {
          const animeId = parseId(id, 'remove');
          if (animeId === null) return { ok: false, reason: 'invalid' };
          return commit(removeFromLists(data(), animeId), null);
        },
        setProgress(id, progress) {
          const animeId = parseId(id, 'setProgress');
          if (animeId === null) return { ok: false, reason: 'invalid' };
          const next = setEntryProgress(data(), animeId, progress);
          if (!next) return { ok: false, reason: 'invalid' };
          return commit(next, findList(next.lists, animeId));
        },
        incrementProgress(id) {
          const animeId = parseId(id, 'incrementProgress');
          if (animeId === null) return { ok: false, reason: 'invalid' };
          const current = get().entries[animeId]?.progress ?? 0;
          const next = setEntryProgress(data(), animeId, current + 1);
          if (!next) return { ok: false, reason: 'invalid' };
          return commit(next, findList(next.lists, animeId));
        },
        updateSnapshots(copies) {
          const { lists } = get();
          const listed = listedIds(lists);
          const entries = { ...get().entries };
          let changed = false;
          for (const [id, snapshot] of copies) {
            if (!listed.has(id)) continue;
            // Ids the original app listed have no entry data yet: the first snapshot creates it.
            const updated = { ...(entries[id] ?? emptyEntry()), snapshot };
            updated.progress = clampProgress(updated.progress, updated);
            entries[id] = updated;
            changed = true;
          }
          if (changed) commit({ lists, entries }, null);
        },
      };
    },
    {
      name: 'lists',
      storage: listsStorage,
      partialize: (state) => ({ lists: state.lists, entries: state.entries }),
    },
  ),
);

export function selectListOf(state: ListsData, id: number): ListType | null {
  return findList(state.lists, id);
}

/** The list `id` is in, or null. */
export function useListOf(id: number): ListType | null {
  return useListsStore((state) => findList(state.lists, id));
}

const NO_ENTRY_DATA: ListEntry = Object.freeze(emptyEntry());

/** The entry data (snapshot, progress, dates) of a listed anime, or null. */
export function useListEntry(id: number): ListEntry | null {
  // A shared constant, not a fresh object: a selector must answer the same value for the same state.
  return useListsStore((state) =>
    findList(state.lists, id) === null ? null : (state.entries[id] ?? NO_ENTRY_DATA),
  );
}

const LIST_KEYS = new Set([...Object.values(LIST_STORAGE_KEYS), LIST_ENTRIES_KEY]);

addSnapshotSink((copies) => useListsStore.getState().updateSnapshots(copies));

/** Another tab changed a list: pick it up (the `storage` event fires only in other tabs). */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || LIST_KEYS.has(event.key)) void useListsStore.persist.rehydrate();
  });
}
