import type { Anime, AnimeDetails } from '@/lib/jikan/types';
import type { StoredRecord } from './store';

/**
 * What the data layer does with a stored copy when the hot cache has none (lib/jikan/client.ts):
 * - 'fresh': a full record within its life (the hot cache's life for the same key) answers as it
 *   is, without a call;
 * - 'stale': the anime database has no room now (the limiter's queue is longer than
 *   JIKAN_QUEUE_OFFLINE_MS, or a 429 back-off is running): the copy answers at once, marked stale;
 * - 'refresh': the database is asked; when it fails, or does not answer within the visitor's
 *   patience, the copy answers, marked stale.
 * A listing row is never fresh for a detail page: it lacks the detail fields.
 */
export type StoredCopyDecision = 'fresh' | 'stale' | 'refresh';

export function storedCopyDecision(input: {
  complete: boolean;
  ageMs: number;
  lifeMs: number;
  /** How long a call asked now would wait for its turn (a 429 back-off included). */
  queueWaitMs: number;
  /** JIKAN_QUEUE_OFFLINE_MS; 0 turns the "no room" answer off. */
  queueLimitMs: number;
}): StoredCopyDecision {
  if (input.complete && input.ageMs >= 0 && input.ageMs < input.lifeMs) return 'fresh';
  if (input.queueLimitMs > 0 && input.queueWaitMs > input.queueLimitMs) return 'stale';
  return 'refresh';
}

/**
 * A stored copy as the detail page's record: a listing row gets the detail fields it lacks,
 * empty. `stale` marks it with its fetch time.
 */
export function storedDetails(stored: StoredRecord, stale: boolean): AnimeDetails {
  const record = stored.record as Partial<AnimeDetails> & Anime;
  const details: AnimeDetails = {
    ...record,
    titles: record.titles ?? [],
    source: record.source ?? null,
    duration: record.duration ?? null,
    airedString: record.airedString ?? null,
    trailerYoutubeId: record.trailerYoutubeId ?? null,
    studios: record.studios ?? [],
    externalLinks: record.externalLinks ?? [],
    banner: record.banner ?? null,
  };
  return stale ? { ...details, stale: { fetchedAt: stored.fetchedAt.toISOString() } } : details;
}

/** The age of a stale record for its mark: the largest whole unit ("3 days", "5 hours", "2 minutes"). */
export function staleAge(fetchedAt: string, now: number): { unit: 'day' | 'hour' | 'minute'; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fetchedAt)) / 60_000));
  if (minutes >= 24 * 60) return { unit: 'day', count: Math.floor(minutes / (24 * 60)) };
  if (minutes >= 60) return { unit: 'hour', count: Math.floor(minutes / 60) };
  return { unit: 'minute', count: minutes };
}
