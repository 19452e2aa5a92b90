import type { AnimeSnapshot } from './anime-snapshot';

/**
 * Where card copies fetched for stored anime go (lib/stores/snapshot-fetch.ts). Each store that
 * keeps copies registers here when its module loads, so a page that never loaded a store (a list
 * page and the 50,000 ratings it does not show) does not load it to refresh one copy; the store
 * that was not loaded fetches that copy again when its own page needs it.
 *
 * Copies are handed over in batches, at most one a second: each store write re-encodes and
 * stores its whole entries key (a megabyte at 5,000 copies), which at one write per answer kept
 * a phone's main thread busy while a long imported list was looked up. The cards show each
 * answer at once (use-entry-data.ts); the batch only persists them, and is handed over before
 * the page is hidden or left.
 */
export type SnapshotSink = (copies: ReadonlyMap<number, AnimeSnapshot>) => void;

/** How long fetched copies wait to be stored together. */
export const SNAPSHOT_BATCH_MS = 1000;

const sinks = new Set<SnapshotSink>();
const pending = new Map<number, AnimeSnapshot>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** Registers `sink` for every batch of copies fetched from now on (once per store module). */
export function addSnapshotSink(sink: SnapshotSink): void {
  sinks.add(sink);
}

/** Keeps a fetched copy for the next batch (a newer copy of the same anime replaces it). */
export function storeFetchedSnapshot(id: number, snapshot: AnimeSnapshot): void {
  pending.set(id, snapshot);
  timer ??= setTimeout(flushFetchedSnapshots, SNAPSHOT_BATCH_MS);
}

/** Hands the waiting copies to every registered store now; one that throws does not stop the others. */
export function flushFetchedSnapshots(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (pending.size === 0) return;
  const copies = new Map(pending);
  pending.clear();
  for (const sink of sinks) {
    try {
      sink(copies);
    } catch (error) {
      console.warn('[snapshots] a store could not keep fetched copies', error);
    }
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushFetchedSnapshots);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushFetchedSnapshots();
  });
}
