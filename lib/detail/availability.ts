import 'server-only';
import { LRUCache } from 'lru-cache';
import { getAnimeDetails } from '@/lib/jikan';
import type { AnimeDetails } from '@/lib/jikan/types';
import { isAppError } from '@/lib/server/errors';
import { processState } from '@/lib/server/process-state';
import { DEFAULT_RETRY_AFTER_SECONDS } from '@/lib/server/rate-limiter';
import { hasGoodListing } from '@/lib/server/render-cache';

/**
 * Whether the page of one anime can be rendered right now ('Anime não disponível' is
 * HTTP 503 with Retry-After). The detail pages are cached renders (ISR), and a cached render cannot
 * choose its status: a render that fails answers 500. So proxy.ts asks here first, before the
 * request reaches the page, and answers 503 itself when the answer is "not now".
 *
 * - A page of this anime has rendered well in this process: Next holds it (fresh, or stale while
 *   it regenerates in the background, and a failed regeneration never replaces it), so the
 *   request goes through and no upstream call is made here.
 * - A recent failure for this id is remembered (for the Retry-After it was announced with): not
 *   now, without asking the anime database again.
 * - Otherwise the record is loaded through the data layer, exactly as the page will load it
 *   (cache, single flight, limiter, 429 back-off, offline catalogue). Success lets the request
 *   through: the render then finds the record in the cache (one upstream call in all). "Not found"
 *   is answered by proxy.ts with the anime 404 page. A failure nothing stood in for (no cached copy, not in the offline
 *   catalogue) is remembered and answered "not now", with the back-off's Retry-After after a 429.
 *
 * State is process-wide (lib/server/process-state.ts), like the rest of the data layer: proxy.ts
 * runs in the same Node process as the pages (Next 16's Node.js proxy runtime), in another bundle.
 */

/** How long a failure other than a 429 (timeout, 5xx, malformed answer) is believed. */
export const DETAIL_RETRY_SECONDS = 15;

const state = processState<{
  detailFailures?: LRUCache<number, number>;
  detailStandIns?: LRUCache<number, { anime: AnimeDetails; until: number }>;
}>('detail-availability', () => ({}));

/** Ids whose details failed, each until the time a new attempt is allowed. */
function failures(): LRUCache<number, number> {
  state.detailFailures ??= new LRUCache({ max: 10_000 });
  return state.detailFailures;
}

/**
 * Offline-catalogue records and stale stored copies that stood in for a failed call, each believed as long as a failure
 * is (DETAIL_RETRY_SECONDS). The check here and the render that follows it are two requests to
 * the data layer: without this, a hanging database cost the page two timeouts in a row, one for
 * each. The database is asked again once the stand-in expires.
 */
function standIns(): LRUCache<number, { anime: AnimeDetails; until: number }> {
  state.detailStandIns ??= new LRUCache({ max: 1000 });
  return state.detailStandIns;
}

/**
 * The record of anime `id` as the pages of one anime load it (components/detail/load-anime.ts,
 * the review card): through the data layer, or the offline stand-in a failed call got within the
 * last DETAIL_RETRY_SECONDS, at once. Fails as getAnimeDetails does.
 */
export async function currentDetails(id: number): Promise<AnimeDetails> {
  const standIn = standIns().get(id);
  if (standIn && standIn.until > Date.now()) return standIn.anime;
  const anime = await getAnimeDetails(id);
  if (anime.offline || anime.stale) {
    standIns().set(id, { anime, until: Date.now() + DETAIL_RETRY_SECONDS * 1000 });
  } else standIns().delete(id);
  return anime;
}

/**
 * What the page of anime `id` would show now: the record ('ok'), 'not-found' (Jikan does not know
 * the id: proxy.ts answers the 404 page without the detail page's loading boundary, so it reads
 * without JavaScript), or the seconds to wait before it can be had.
 */
export type DetailStatus = 'ok' | 'not-found' | { retryAfterSeconds: number };

export async function detailStatus(id: number): Promise<DetailStatus> {
  if (hasGoodListing(`detail:${id}`)) return 'ok';
  const until = failures().get(id);
  if (until !== undefined) {
    const left = until - Date.now();
    if (left > 0) return { retryAfterSeconds: Math.ceil(left / 1000) };
    failures().delete(id);
  }
  try {
    await currentDetails(id);
    return 'ok';
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND') || isAppError(error, 'INVALID_ID')) return 'not-found';
    const seconds = isAppError(error, 'RATE_LIMITED')
      ? Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))
      : DETAIL_RETRY_SECONDS;
    failures().set(id, Date.now() + seconds * 1000);
    console.warn(`[detail] anime ${id} unavailable for ${seconds} s`, isAppError(error) ? error.code : error);
    return { retryAfterSeconds: seconds };
  }
}

/** Seconds to wait before the page of anime `id` can be had, or null when it can be rendered now. */
export async function detailUnavailableFor(id: number): Promise<number | null> {
  const status = await detailStatus(id);
  return typeof status === 'object' ? status.retryAfterSeconds : null;
}

/** Test-only. */
export function resetDetailAvailabilityForTests(): void {
  state.detailFailures = undefined;
  state.detailStandIns = undefined;
}
