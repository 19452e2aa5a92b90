import type { AnimeSnapshot } from './anime-snapshot';

/**
 * Where a card copy fetched for a stored anime goes (lib/stores/snapshot-fetch.ts). Each store
 * that keeps copies registers here when its module loads, so a page that never loaded a store
 * (a list page and the 50,000 ratings it does not show) does not load it to refresh one copy; the
 * store that was not loaded fetches that copy again when its own page needs it.
 */
export type SnapshotSink = (id: number, snapshot: AnimeSnapshot) => void;

const sinks = new Set<SnapshotSink>();

/** Registers `sink` for every copy fetched from now on (once per store module). */
export function addSnapshotSink(sink: SnapshotSink): void {
  sinks.add(sink);
}

/** Hands a fetched copy to every registered store; one that throws does not stop the others. */
export function storeFetchedSnapshot(id: number, snapshot: AnimeSnapshot): void {
  for (const sink of sinks) {
    try {
      sink(id, snapshot);
    } catch (error) {
      console.warn('[snapshots] a store could not keep a fetched copy', error);
    }
  }
}
