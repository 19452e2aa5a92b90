import { normalizeAnimeId } from '@/lib/stores/anime-snapshot';
import {
  LIST_ENTRIES_KEY,
  LIST_STORAGE_KEYS,
  LIST_TYPES,
  readStoredLists,
  sanitizeEntry,
  serializeLists,
  type ListEntry,
  type ListsData,
  type ListType,
} from '@/lib/stores/lists-store';
import { readJson, readRaw, writeKeys, type KeyChange } from '@/lib/stores/local-storage';
import {
  idFromRatingKey,
  isValidRatingValue,
  MAX_OPINION_LENGTH,
  RATING_ENTRIES_KEY,
  RATING_KEY_PREFIX,
  ratingKey,
  readStoredRatings,
  sanitizeRatingEntry,
  type RatingEntry,
  type UserRating,
} from '@/lib/stores/ratings-store';
import { RECENT_SEARCHES_KEY, sanitizeRecentSearches } from '@/lib/stores/recent-searches-store';

/**
 * The backup file (SPEC §3 Backup file, §5 Import):
 * `{meta: {exportedAt, app: 'anime-master', version: 1}, ratings, lists, theme}` plus our optional
 * `listEntries` (snapshots, progress, dates), `ratingEntries` and `recentSearches`.
 *
 * Import is hostile-input safe: size bounded before reading, JSON only, a fixed shape walked by
 * hand (no recursion, no merging into objects, `__proto__`/`constructor`/`prototype` keys never
 * used as keys), and atomic: every key is written or none (lib/stores/local-storage writeKeys).
 */

export const BACKUP_APP = 'anime-master';
export const BACKUP_VERSION = 1;
/** A backup of 20 000 ratings with long opinions stays well under this. */
export const MAX_BACKUP_BYTES = 5 * 1024 * 1024;
export const MAX_BACKUP_ENTRIES = 50_000;
export const THEME_KEY = 'theme';

export type Theme = 'light' | 'dark';

export interface BackupFile {
  meta: { exportedAt: string; app: typeof BACKUP_APP; version: typeof BACKUP_VERSION };
  ratings: Record<string, UserRating>;
  lists: Record<string, number[]>;
  theme?: Theme;
  listEntries?: Record<string, ListEntry>;
  ratingEntries?: Record<string, RatingEntry>;
  recentSearches?: string[];
}

/** What a valid file holds, cleaned. */
export interface BackupData {
  ratings: Map<number, UserRating>;
  /** Only the lists the file names; a missing list (e.g. onHoldList, SPEC §3) is left as it is. */
  lists: Map<ListType, number[]>;
  listEntries: Map<number, ListEntry>;
  ratingEntries: Map<number, RatingEntry>;
  theme: Theme | null;
  recentSearches: string[] | null;
  /** Entries dropped as invalid (non-animeRating_ keys, bad ids, ratings out of range). */
  skipped: number;
}

export type ValidationResult = { ok: true; data: BackupData } | { ok: false; reason: string };

/** SPEC §5 internal error names, shown after 'Falha na importação: '. */
export const INVALID_DATA = 'Invalid data';
export const NO_LOCAL_STORAGE = 'No localStorage';
export const NOT_JSON = 'not-json';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own enumerable entries, never the prototype-polluting names. */
function safeEntries(value: Record<string, unknown>): [string, unknown][] {
  return Object.keys(value)
    .filter((key) => !FORBIDDEN_KEYS.has(key))
    .map((key) => [key, value[key]]);
}

/** List names a backup may use: our storage keys, the type names, and camelCase without 'List'. */
function listTypeOf(name: string): ListType | null {
  for (const type of LIST_TYPES) {
    const key = LIST_STORAGE_KEYS[type];
    if (name === key || name === type || name === key.replace(/List$/, '')) return type;
  }
  return null;
}

const fail = (detail: string): ValidationResult => ({ ok: false, reason: `${INVALID_DATA}: ${detail}` });

/**
 * Validates parsed JSON as a backup. Wrong types (containers, a rating that is not an object, a list
 * id that is neither number nor string) fail the whole file; values out of range (rating 7, id -1,
 * foreign keys in `ratings`) are skipped and counted.
 */
export function validateBackup(value: unknown): ValidationResult {
  if (!isPlainObject(value)) return fail('not an object');
  const meta = value.meta;
  if (meta !== undefined) {
    if (!isPlainObject(meta)) return fail('meta');
    if (meta.app !== undefined && meta.app !== BACKUP_APP) return fail('meta.app');
    if (meta.version !== undefined && meta.version !== BACKUP_VERSION) return fail('meta.version');
  }
  if (value.ratings === undefined && value.lists === undefined) return fail('no ratings or lists');

  let skipped = 0;
  let count = 0;
  const ratings = new Map<number, UserRating>();
  if (value.ratings !== undefined) {
    if (!isPlainObject(value.ratings)) return fail('ratings');
    for (const [key, raw] of safeEntries(value.ratings)) {
      if (++count > MAX_BACKUP_ENTRIES) return fail('too many entries');
      const id = key.startsWith(RATING_KEY_PREFIX) ? idFromRatingKey(key) : null;
      if (id === null) {
        skipped++;
        continue;
      }
      if (!isPlainObject(raw)) return fail(`ratings.${key}`);
      const opinion = raw.opinion === undefined || raw.opinion === null ? '' : raw.opinion;
      if (
        !isValidRatingValue(raw.rating) ||
        typeof opinion !== 'string' ||
        opinion.length > MAX_OPINION_LENGTH
      ) {
        skipped++;
        continue;
      }
      ratings.set(id, { rating: raw.rating, opinion });
    }
  }

  const lists = new Map<ListType, number[]>();
  if (value.lists !== undefined) {
    if (!isPlainObject(value.lists)) return fail('lists');
    const seen = new Set<number>();
    for (const [name, raw] of safeEntries(value.lists)) {
      const type = listTypeOf(name);
      if (type === null) {
        skipped++;
        continue;
      }
      if (!Array.isArray(raw)) return fail(`lists.${name}`);
      const ids: number[] = [];
      for (const item of raw as unknown[]) {
        if (++count > MAX_BACKUP_ENTRIES) return fail('too many entries');
        // SPEC §5: an id that is neither number nor string is refused; a garbage file must not
        // empty a list by having only unusable ids.
        if (typeof item !== 'number' && typeof item !== 'string') return fail(`lists.${name}`);
        const id = normalizeAnimeId(item);
        if (id === null || seen.has(id)) {
          skipped++;
          continue;
        }
        seen.add(id);
        ids.push(id);
      }
      lists.set(type, ids);
    }
  }

  const listEntries = new Map<number, ListEntry>();
  if (value.listEntries !== undefined) {
    if (!isPlainObject(value.listEntries)) return fail('listEntries');
    for (const [key, raw] of safeEntries(value.listEntries)) {
      if (++count > MAX_BACKUP_ENTRIES) return fail('too many entries');
      const id = normalizeAnimeId(key);
      if (id !== null) listEntries.set(id, sanitizeEntry(raw));
    }
  }
  const ratingEntries = new Map<number, RatingEntry>();
  if (value.ratingEntries !== undefined) {
    if (!isPlainObject(value.ratingEntries)) return fail('ratingEntries');
    for (const [key, raw] of safeEntries(value.ratingEntries)) {
      if (++count > MAX_BACKUP_ENTRIES) return fail('too many entries');
      const id = normalizeAnimeId(key);
      if (id !== null && ratings.has(id)) ratingEntries.set(id, sanitizeRatingEntry(raw));
    }
  }

  const theme = value.theme === 'light' || value.theme === 'dark' ? value.theme : null;
  if (value.recentSearches !== undefined && !Array.isArray(value.recentSearches))
    return fail('recentSearches');
  const recentSearches =
    value.recentSearches === undefined ? null : sanitizeRecentSearches(value.recentSearches);

  return { ok: true, data: { ratings, lists, listEntries, ratingEntries, theme, recentSearches, skipped } };
}

/** Reads and validates a backup's text: size bound first, then JSON, then the shape. */
export function parseBackupText(text: string): ValidationResult {
  if (text.length > MAX_BACKUP_BYTES) return { ok: false, reason: 'too-large' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return { ok: false, reason: NOT_JSON };
  }
  return validateBackup(parsed);
}

/**
 * The storage changes that apply `data` over what is stored (SPEC §5: the file overwrites):
 * its ratings overwrite the same keys; each list it names replaces that list, and an anime it
 * lists leaves any list the file did not name (one list per anime); theme and recent searches
 * are set when the file has them.
 */
export function planImport(data: BackupData, current: ListsData): KeyChange[] {
  const changes: KeyChange[] = [];
  for (const [id, rating] of data.ratings) changes.push([ratingKey(id), JSON.stringify(rating)]);
  if (data.ratingEntries.size > 0) {
    const stored = readJson(RATING_ENTRIES_KEY);
    const entries: Record<string, RatingEntry> = {};
    if (isPlainObject(stored)) {
      for (const [key, raw] of safeEntries(stored)) {
        const id = normalizeAnimeId(key);
        if (id !== null) entries[String(id)] = sanitizeRatingEntry(raw);
      }
    }
    for (const [id, entry] of data.ratingEntries) entries[String(id)] = entry;
    changes.push([RATING_ENTRIES_KEY, JSON.stringify(entries)]);
  }

  if (data.lists.size > 0) {
    const imported = new Set([...data.lists.values()].flat());
    const next: ListsData = { lists: { ...current.lists }, entries: { ...current.entries } };
    for (const type of LIST_TYPES) {
      const replacement = data.lists.get(type);
      next.lists[type] = replacement ?? current.lists[type].filter((id) => !imported.has(id));
    }
    for (const [id, entry] of data.listEntries) {
      if (imported.has(id)) next.entries[id] = entry;
    }
    for (const [key, raw] of serializeLists(next)) changes.push([key, raw]);
    if (!serializeLists(next).has(LIST_ENTRIES_KEY)) changes.push([LIST_ENTRIES_KEY, null]);
  }
  if (data.theme) changes.push([THEME_KEY, data.theme]);
  if (data.recentSearches) changes.push([RECENT_SEARCHES_KEY, JSON.stringify(data.recentSearches)]);
  return changes;
}

export interface ImportSummary {
  ratings: number;
  listed: number;
  skipped: number;
}

export type ImportResult =
  { ok: true; summary: ImportSummary; theme: Theme | null } | { ok: false; reason: string };

/** Validates and applies a backup's text atomically. Nothing changes unless everything can. */
export function importBackupText(text: string): ImportResult {
  const parsed = parseBackupText(text);
  if (!parsed.ok) return parsed;
  const { data } = parsed;
  const written = writeKeys(planImport(data, readStoredLists()));
  if (!written.ok)
    return { ok: false, reason: written.reason === 'quota' ? 'Storage full' : NO_LOCAL_STORAGE };
  return {
    ok: true,
    theme: data.theme,
    summary: {
      ratings: data.ratings.size,
      listed: [...data.lists.values()].reduce((sum, ids) => sum + ids.length, 0),
      skipped: data.skipped,
    },
  };
}

/** Everything stored now, as a backup file. */
export function buildBackup(now: Date = new Date()): BackupFile {
  const ratings = readStoredRatings();
  const lists = readStoredLists();
  const file: BackupFile = {
    meta: { exportedAt: now.toISOString(), app: BACKUP_APP, version: BACKUP_VERSION },
    ratings: {},
    lists: {},
  };
  for (const [key, value] of Object.entries(ratings.ratings)) file.ratings[ratingKey(Number(key))] = value;
  for (const type of LIST_TYPES) file.lists[LIST_STORAGE_KEYS[type]] = lists.lists[type];
  const theme = readRaw(THEME_KEY);
  if (theme === 'light' || theme === 'dark') file.theme = theme;
  if (Object.keys(lists.entries).length > 0) file.listEntries = { ...lists.entries };
  if (Object.keys(ratings.entries).length > 0) file.ratingEntries = { ...ratings.entries };
  const recent = sanitizeRecentSearches(readJson(RECENT_SEARCHES_KEY));
  if (recent.length > 0) file.recentSearches = recent;
  return file;
}

/** SPEC §3: {product}-backup-{YYYY-MM-DD}.json, in the visitor's local date. */
export function backupFileName(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${BACKUP_APP}-backup-${now.getFullYear()}-${month}-${day}.json`;
}
