import { apiGet, ApiError, isAbortError } from '@/lib/api-client';
import { planListImport, type ImportPlanSummary, type ImportRow } from '@/lib/backup/import-plan';
import { LIST_TYPES, readStoredLists, useListsStore, type ListType } from '@/lib/stores/lists-store';
import { writeKeysInSlices } from '@/lib/stores/local-storage';
import { readStoredRatings, useRatingsStore } from '@/lib/stores/ratings-store';
import type { Tracker, TrackerEntry, TrackerFailure, TrackerPage } from './types';

/**
 * The browser's half of an import from AniList or Kitsu: pages through app/api/import (one page
 * per request, so no request outlives its timeout and the progress bar moves), waits out a
 * Retry-After (the tracker's or the fan's own budget), then previews and applies the list with the
 * rules of import-plan.ts. Nothing is written before the fan confirms, and then every key or none.
 */

/** The longest single wait a Retry-After may ask before the import gives up as "limited". */
const MAX_WAIT_SECONDS = 120;
/** Waits in a row for one page before giving up. */
const MAX_WAITS_PER_PAGE = 5;
/** A list longer than this many pages is not a list a person keeps (1000 × 500 entries). */
const MAX_PAGES = 1000;

export class TrackerImportError extends Error {
  constructor(readonly kind: TrackerFailure) {
    super(`tracker import failed: ${kind}`);
    this.name = 'TrackerImportError';
  }
}

export interface FetchProgress {
  fetched: number;
  total: number | null;
  /** Seconds left of a wait the service asked for, or null while reading. */
  waitingSeconds: number | null;
}

export interface TrackerList {
  tracker: Tracker;
  user: string;
  entries: TrackerEntry[];
}

/** What an error of our route means to the fan. */
export function failureOf(error: unknown): TrackerFailure {
  if (error instanceof TrackerImportError) return error.kind;
  if (!(error instanceof ApiError)) return 'down';
  if (error.status === 0) return 'offline';
  if (error.code === 'PRIVATE_LIST') return 'private';
  if (error.code === 'NOT_FOUND') return 'unknown-user';
  if (error.code === 'INVALID_INPUT') return 'invalid-name';
  if (error.code === 'INVALID_RESPONSE') return 'malformed';
  if (error.status === 429) return 'limited';
  return 'down';
}

/** Gives the page a turn (a paint, a tap) between two long steps. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/** Every page of `user`'s list; throws TrackerImportError (or an AbortError when cancelled). */
export async function fetchTrackerList(
  tracker: Tracker,
  user: string,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (progress: FetchProgress) => void } = {},
): Promise<TrackerList> {
  const entries: TrackerEntry[] = [];
  let cursor: string | null = null;
  let name = user;
  let total: number | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    let answer: TrackerPage | null = null;
    for (let waits = 0; !answer; waits++) {
      try {
        answer = (await apiGet<{ data: TrackerPage }>(`/api/import/${tracker}`, { user, cursor }, { signal }))
          .data;
      } catch (error) {
        if (isAbortError(error)) throw error;
        const seconds =
          error instanceof ApiError && error.status === 429 ? (error.retryAfterSeconds ?? 60) : null;
        if (seconds === null) throw new TrackerImportError(failureOf(error));
        if (seconds > MAX_WAIT_SECONDS || waits >= MAX_WAITS_PER_PAGE)
          throw new TrackerImportError('limited');
        // Waited out in whole seconds, counting down where the fan can see it.
        for (let left = Math.ceil(seconds); left > 0; left--) {
          onProgress?.({ fetched: entries.length, total, waitingSeconds: left });
          await sleep(1000, signal);
        }
      }
    }
    if (!Array.isArray(answer.entries)) throw new TrackerImportError('malformed');
    name = answer.user || name;
    total = answer.total;
    for (const entry of answer.entries) entries.push(entry);
    onProgress?.({ fetched: entries.length, total, waitingSeconds: null });
    cursor = answer.next;
    if (!cursor) break;
  }
  return { tracker, user: name, entries };
}

/** The rows an import writes: entries with a MyAnimeList id, each with its card copy. */
export function importRows(entries: readonly TrackerEntry[]): ImportRow[] {
  const rows: ImportRow[] = [];
  for (const entry of entries) {
    if (entry.id === null) continue;
    if (!entry.list && entry.rating === 0 && !entry.opinion) continue;
    rows.push({
      id: entry.id,
      list: entry.list,
      rating: entry.rating,
      opinion: entry.opinion,
      progress: entry.progress,
      startedAt: entry.startedAt,
      finishedAt: entry.finishedAt,
      updatedAt: entry.updatedAt,
      // No cover (the tracker's images are not ours to show): an old copy, refreshed when shown.
      // An adult title unnamed for this caller gets no copy: its card asks our API, which gates it.
      snapshot: entry.title
        ? {
            title: entry.title,
            titleEnglish: null,
            image: null,
            type: entry.type,
            episodes: entry.episodes,
            score: null,
            takenAt: new Date(0).toISOString(),
          }
        : null,
    });
  }
  return rows;
}

export interface TrackerPreview {
  /** Entries in each list, as the tracker files them (importable ones). */
  lists: Record<ListType, number>;
  importable: number;
  withScore: number;
  withNotes: number;
  /** Entries with no MyAnimeList id, by title (null: an adult title not named to this visitor). */
  leftOut: (string | null)[];
  /** What joining the device's data keeps and replaces. */
  merge: ImportPlanSummary;
}

/** The preview of `list` against what the device holds now; changes nothing. */
export async function previewImport(list: TrackerList): Promise<TrackerPreview> {
  const counts = Object.fromEntries(LIST_TYPES.map((type) => [type, 0])) as Record<ListType, number>;
  const rows = importRows(list.entries);
  let withScore = 0;
  let withNotes = 0;
  for (const row of rows) {
    if (row.list) counts[row.list]++;
    if (row.rating > 0) withScore++;
    if (row.opinion) withNotes++;
  }
  const leftOut = list.entries.filter((entry) => entry.id === null).map((entry) => entry.title);
  const lists = readStoredLists();
  await nextTask();
  const ratings = readStoredRatings();
  await nextTask();
  const { summary } = planListImport(rows, { lists, ratings });
  return { lists: counts, importable: rows.length, withScore, withNotes, leftOut, merge: summary };
}

/**
 * Writes `list` into the device's lists and ratings, planned on what is stored now: in slices, so a
 * list of 10,000 never holds the page, and still every key or none.
 */
export async function applyImport(
  list: TrackerList,
  onProgress?: (done: number, total: number) => void,
): Promise<{ ok: true; summary: ImportPlanSummary } | { ok: false; reason: TrackerFailure }> {
  // Reading 10,000 ratings, planning and writing each take a few hundred ms: one task each.
  const lists = readStoredLists();
  await nextTask();
  const ratings = readStoredRatings();
  await nextTask();
  const plan = planListImport(importRows(list.entries), { lists, ratings });
  await nextTask();
  const written = await writeKeysInSlices(plan.changes, { onProgress, pause: nextTask });
  return written.ok ? { ok: true, summary: plan.summary } : { ok: false, reason: 'storage' };
}

/**
 * The stores read what the import wrote, one after the other (each re-reads thousands of keys):
 * every subscriber, the library sync included, then sees the change as any other.
 */
export async function reloadStoresGradually(): Promise<void> {
  await useRatingsStore.persist.rehydrate();
  await nextTask();
  await useListsStore.persist.rehydrate();
}
