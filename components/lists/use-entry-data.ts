'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { CACHE_NAMES } from '@/lib/pwa/cache-policy';
import type { AnimeDetails, GatedAnime } from '@/lib/jikan/types';
import { isSnapshotStale, snapshotFromAnime, type AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import { fetchSnapshot } from '@/lib/stores/snapshot-fetch';
import { recallCard } from './seen-cards';

export interface EntryItem {
  id: number;
  snapshot: AnimeSnapshot | null;
}

/** What one entry of a list or ratings page shows. */
export type EntryData =
  | { state: 'ready'; snapshot: AnimeSnapshot }
  | { state: 'loading' }
  /** No copy anywhere on the device: the entry shows as 'Anime #id', a link to its page. */
  | { state: 'unavailable'; offline: boolean };

const LOADING: EntryData = { state: 'loading' };

/**
 * What an entry with a snapshot shows: one object per snapshot, so a card given the same copy
 * gets the same data and skips its render (the cards are memoised).
 */
const readyData = new WeakMap<AnimeSnapshot, EntryData>();
export function dataFromSnapshot(snapshot: AnimeSnapshot): EntryData {
  let data = readyData.get(snapshot);
  if (!data) {
    data = { state: 'ready', snapshot };
    readyData.set(snapshot, data);
  }
  return data;
}

/** Lookups at once per page: enough to fill a screen, few enough not to swamp the limiter. */
const LOOKUP_CONCURRENCY = 3;

/** Old snapshots refreshed per page visit, in the background (within the limiter). */
const STALE_REFRESH_PER_VISIT = 6;

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The answer the service worker keeps for /api/anime/{id} (stale-while-revalidate), read from the
 * page: a signed-in fan's own requests carry a token and so never reach that cache, but the
 * anonymous answer it holds is theirs to read.
 */
async function cachedApiSnapshot(id: number): Promise<AnimeSnapshot | null> {
  if (typeof caches === 'undefined') return null;
  try {
    if (!(await caches.has(CACHE_NAMES.animeApi))) return null;
    const cache = await caches.open(CACHE_NAMES.animeApi);
    const response = await cache.match(new URL(`/api/anime/${id}`, location.origin).href, {
      ignoreVary: true,
    });
    if (!response?.ok) return null;
    const body = (await response.json()) as { data?: AnimeDetails | GatedAnime };
    return body.data ? snapshotFromAnime(body.data, new Date(response.headers.get('date') ?? 0)) : null;
  } catch {
    return null;
  }
}

/**
 * The best copy of anime `id` this device can have now: a card of a page it rendered lately, our
 * API (through the service worker, which answers from its cache offline), the worker's cached
 * answer read directly, an older rendered card. None: unavailable, offline or not.
 */
export async function lookUpEntry(id: number): Promise<EntryData> {
  const seen = recallCard(id);
  if (seen && !isSnapshotStale(seen)) return { state: 'ready', snapshot: seen };
  let networkFailed = isOffline();
  if (!networkFailed) {
    try {
      return { state: 'ready', snapshot: await fetchSnapshot(id) };
    } catch (error) {
      networkFailed = error instanceof ApiError && error.status === 0;
    }
  }
  const cached = await cachedApiSnapshot(id);
  if (cached) return { state: 'ready', snapshot: cached };
  if (seen) return { state: 'ready', snapshot: seen };
  return { state: 'unavailable', offline: networkFailed || isOffline() };
}

/** The lookups of one page: wanted ids in a queue, a few running, every answer kept. */
class EntryLookups {
  private readonly settled = new Map<number, EntryData>();
  private readonly wanted = new Map<number, number>();
  private readonly running = new Set<number>();
  private queue: number[] = [];

  constructor(
    private readonly onResult: (id: number, result: EntryData) => void,
    private readonly onCleared: (ids: number[]) => void,
  ) {}

  /** A card without a snapshot is on screen: look it up. Returns the cleanup for when it leaves. */
  want(id: number): () => void {
    this.wanted.set(id, (this.wanted.get(id) ?? 0) + 1);
    if (!this.settled.has(id) && !this.running.has(id)) {
      this.queue.push(id);
      this.pump();
    }
    return () => {
      const count = (this.wanted.get(id) ?? 1) - 1;
      if (count > 0) this.wanted.set(id, count);
      else this.wanted.delete(id);
    };
  }

  /** Forgets the lookups that found nothing and asks again for those still on screen. */
  retry(): void {
    const failed = [...this.settled].filter(([, result]) => result.state === 'unavailable').map(([id]) => id);
    if (failed.length === 0) return;
    for (const id of failed) this.settled.delete(id);
    this.onCleared(failed);
    this.queue.push(...failed.filter((id) => this.wanted.has(id)));
    this.pump();
  }

  private pump(): void {
    while (this.running.size < LOOKUP_CONCURRENCY && this.queue.length > 0) {
      const id = this.queue.shift() as number;
      // A card scrolled away before its turn costs no call.
      if (!this.wanted.has(id) || this.settled.has(id) || this.running.has(id)) continue;
      this.running.add(id);
      void lookUpEntry(id)
        .then((result) => {
          this.settled.set(id, result);
          this.onResult(id, result);
        })
        .finally(() => {
          this.running.delete(id);
          this.pump();
        });
    }
  }
}

/**
 * The data of the entries of a list or ratings page, or of the home page's favourites (the one
 * snapshot loader of the app). Entries with a snapshot render from it with no call. The others are looked up (lookUpEntry) only while their card is on screen (`want`), a few
 * at a time, so a list of 50,000 ids costs the calls of the cards seen. An entry never disappears:
 * without any copy it shows as a link to its page. Failed lookups are tried again when the tab
 * becomes visible or the network comes back; a few old snapshots are refreshed quietly.
 * `reload` re-reads the stores the page shows when the tab becomes visible again.
 */
export function useEntryData(items: readonly EntryItem[], enabled: boolean, reload: () => Promise<void>) {
  const [results, setResults] = useState<ReadonlyMap<number, EntryData>>(() => new Map());
  const [lookups] = useState(
    () =>
      new EntryLookups(
        (id, result) => setResults((previous) => new Map(previous).set(id, result)),
        (ids) =>
          setResults((previous) => {
            const next = new Map(previous);
            for (const id of ids) next.delete(id);
            return next;
          }),
      ),
  );
  const refreshedStale = useRef(false);
  const want = useCallback((id: number) => lookups.want(id), [lookups]);
  const retry = useCallback(() => lookups.retry(), [lookups]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void reload();
      retry();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', retry);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', retry);
    };
  }, [retry, reload]);

  useEffect(() => {
    if (!enabled || refreshedStale.current || isOffline()) return;
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

  const dataOf = useCallback(
    (item: EntryItem): EntryData =>
      item.snapshot ? dataFromSnapshot(item.snapshot) : (results.get(item.id) ?? LOADING),
    [results],
  );
  return { dataOf, want, retry };
}

/** Asks for the data of a card while it is mounted and has no snapshot of its own. */
export function useWantEntry(id: number, needed: boolean, want: (id: number) => () => void) {
  useEffect(() => (needed ? want(id) : undefined), [id, needed, want]);
}
