import { apiGet } from '@/lib/api-client';
import type { AnimeDetails, GatedAnime } from '@/lib/jikan/types';
import { snapshotFromAnime, type AnimeSnapshot } from './anime-snapshot';
import { storeFetchedSnapshot } from './snapshot-sinks';

/**
 * Fetching the card data of stored anime that have no snapshot yet (data written by the original
 * app, imports) or an old one. Goes through our own API (/api/anime/{id}, which shares the
 * server's cache and rate limiter), a few at a time, and hands what arrives to the stores loaded on
 * the page (snapshot-sinks.ts) so the next visit needs no call at all.
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
  const request = limited(() => apiGet<{ data: AnimeDetails | GatedAnime }>(`/api/anime/${id}`))
    .then(({ data }) => {
      const snapshot = snapshotFromAnime(data);
      storeFetchedSnapshot(id, snapshot);
      return snapshot;
    })
    .finally(() => inFlight.delete(id));
  inFlight.set(id, request);
  return request;
}
