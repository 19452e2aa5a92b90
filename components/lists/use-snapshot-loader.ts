'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { isSnapshotStale, type AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import { fetchSnapshot } from '@/lib/stores/snapshot-fetch';
import { reloadStoresFromStorage } from '@/lib/stores/use-stores-hydrated';

export interface SnapshotItem {
  id: number;
  snapshot: AnimeSnapshot | null;
}

/** Old snapshots refreshed per page visit, in the background (within the limiter). */
const STALE_REFRESH_PER_VISIT = 6;

/**
 * Fills in the card data of stored entries that have no snapshot (data from the original app or
 * an import) through /api/anime/{id}, a few at a time; lookups that fail are skipped (SPEC §7/§8).
 * Entries with a snapshot cost no call. A few old snapshots are refreshed quietly. When the tab
 * becomes visible again the stores are re-read from storage and failed lookups retried (SPEC §2).
 */
export function useSnapshotLoader(items: readonly SnapshotItem[], enabled: boolean) {
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  // What arrived, also kept here: when storage cannot keep a snapshot the page still shows it.
  const [fetched, setFetched] = useState<ReadonlyMap<number, AnimeSnapshot>>(() => new Map());
  const requested = useRef(new Set<number>());
  const refreshedStale = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    for (const { id, snapshot } of items) {
      if (snapshot || fetched.has(id) || failed.has(id) || requested.current.has(id)) continue;
      requested.current.add(id);
      fetchSnapshot(id)
        .then((result) => setFetched((previous) => new Map(previous).set(id, result)))
        .catch(() => setFailed((previous) => new Set(previous).add(id)))
        .finally(() => requested.current.delete(id));
    }
  }, [items, fetched, failed, enabled]);

  useEffect(() => {
    if (!enabled || refreshedStale.current) return;
    refreshedStale.current = true;
    const now = Date.now();
    // Copies without a cover (MAL imports) first: they look the most unfinished.
    const stale = items
      .filter(({ snapshot }) => snapshot && isSnapshotStale(snapshot, now))
      .sort((a, b) => Number(a.snapshot?.image !== null) - Number(b.snapshot?.image !== null));
    for (const { id } of stale.slice(0, STALE_REFRESH_PER_VISIT)) {
      fetchSnapshot(id).catch(() => {
        // The old copy stays; the next visit tries again.
      });
    }
  }, [items, enabled]);

  const retry = useCallback(() => setFailed(new Set()), []);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void reloadStoresFromStorage();
      retry();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [retry]);

  const snapshotOf = useCallback(
    (item: SnapshotItem): AnimeSnapshot | null => item.snapshot ?? fetched.get(item.id) ?? null,
    [fetched],
  );
  const pending = items.filter((item) => !snapshotOf(item) && !failed.has(item.id)).length;
  const allFailed = items.length > 0 && items.every((item) => !snapshotOf(item) && failed.has(item.id));
  return { pending, allFailed, retry, snapshotOf };
}
