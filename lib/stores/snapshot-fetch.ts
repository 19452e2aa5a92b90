import { apiGet } from '@/lib/api-client';
import type { AnimeDetails } from '@/lib/jikan/types';
import { snapshotFromAnime, type AnimeSnapshot } from './anime-snapshot';
import { useListsStore } from './lists-store';
import { useRatingsStore } from './ratings-store';

/**
 * Fetching the card data of stored anime that have no snapshot yet (data written by the original
 * app, imports) or an old one. Goes through our own API (/api/anime/{id}, which shares the
 * server's cache and rate limiter), a few at a time, and stores what arrives in both stores so the
 * next visit needs no call at all.
 */

/** Parallel lookups per browser: enough to fill a screen, few enough not to swamp the limiter. */
export const SNAPSHOT_FETCH_CONCURRENCY = 3;

/**
 * A counting semaphore: `run(task)` starts at most `limit` tasks at once, the rest wait in order.
 * Failures are passed through and free their slot like successes.
 */
export function createLimiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const limited = createLimiter(SNAPSHOT_FETCH_CONCURRENCY);

const inFlight = new Map<number, Promise<AnimeSnapshot>>();

/** One lookup per id at a time, however many components ask for it. */
export function fetchSnapshot(id: number): Promise<AnimeSnapshot> {
  const running = inFlight.get(id);
  if (running) return running;
  const request = limited(() => apiGet<{ data: AnimeDetails }>(`/api/anime/${id}`))
    .then(({ data }) => {
      const snapshot = snapshotFromAnime(data);
      useListsStore.getState().updateSnapshot(id, snapshot);
      useRatingsStore.getState().updateSnapshot(id, snapshot);
      return snapshot;
    })
    .finally(() => inFlight.delete(id));
  inFlight.set(id, request);
  return request;
}
