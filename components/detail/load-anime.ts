import 'server-only';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { DETAIL_RETRY_SECONDS, unavailablePath, type UnavailableKind } from '@/lib/detail/status-page';
import { catalogueKnows } from '@/lib/catalogue';
import { getAnimeDetails } from '@/lib/jikan';
import { offlineDetails } from '@/lib/jikan/offline';
import type { AnimeDetails } from '@/lib/jikan/types';
import { withPageMissBudget } from '@/lib/server/client-budget';
import { isAppError } from '@/lib/server/errors';
import { DEFAULT_RETRY_AFTER_SECONDS } from '@/lib/server/rate-limiter';
import { cacheBriefly, failedListing, rememberGoodListing } from '@/lib/server/render-cache';

/** What the pages of one anime can show now. */
type AnimeRecord =
  { anime: AnimeDetails } | { notFound: true } | { id: number; retryAfterSeconds: number; error: unknown };

/**
 * The record behind /anime/{id}, once per render (React cache), through the data layer (cache,
 * single flight, limiter, 429 back-off, stored copy, offline catalogue). An id that is not a
 * MyAnimeList id ('abc', '-1', '0', 16 digits) is not found without any upstream call; an id Jikan
 * does not know is not found too. A failure nothing stood in for is "not now", with the
 * back-off's Retry-After after a 429, or DETAIL_RETRY_SECONDS after a timeout or 5xx.
 */
export const animeRecord = cache(async (rawId: string): Promise<AnimeRecord> => {
  const id = parseAnimeId(rawId);
  if (id === null) return { notFound: true };
  try {
    // A page is a cached render for no one visitor: its misses take from the budget of page
    // misses, and an id nobody knows as an anime from a small one of its own (client-budget.ts).
    const anime = await withPageMissBudget(
      () => catalogueKnows(id),
      () => getAnimeDetails(id),
    ).catch((error: unknown) => {
      // The budget of page misses is spent: an anime the catalogue knows answers its record
      // (marked offline, cached for a second) rather than 'not now'.
      const standIn = isAppError(error, 'TOO_MANY_REQUESTS') ? offlineDetails(id) : null;
      if (!standIn) throw error;
      console.warn(`[detail] anime ${id}: the budget of page misses is spent; answering the catalogue`);
      return standIn;
    });
    // An offline-catalogue record or a stale stored copy stands in while the database cannot
    // answer: like a failed listing, it never replaces a good page and is cached for a second only.
    if (anime.offline || anime.stale) await failedListing(`detail:${id}`);
    else rememberGoodListing(`detail:${id}`);
    return { anime };
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND') || isAppError(error, 'INVALID_ID')) return { notFound: true };
    // A good page of this anime is cached (on any instance): the render is dropped, that page stays.
    await failedListing(`detail:${id}`);
    // A 429 back-off, or the budget of page misses spent (lib/server/client-budget.ts): retry when
    // it says; a timeout or 5xx: DETAIL_RETRY_SECONDS.
    const retryAfterSeconds =
      isAppError(error, 'RATE_LIMITED') || isAppError(error, 'TOO_MANY_REQUESTS')
        ? Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS))
        : DETAIL_RETRY_SECONDS;
    console.warn(
      `[detail] anime ${id} unavailable for ${retryAfterSeconds} s`,
      isAppError(error) ? error.code : error,
    );
    return { id, retryAfterSeconds, error };
  }
});

/**
 * The record for a page of one anime (/anime/{id}, its edit page), or null when the anime is not
 * found: the page then answers 'Anime não encontrado' with status 404 (AnimeNotFoundAnswer). Not
 * now: a redirect to 'Anime não disponível' (503 with Retry-After), a route handler, since a page
 * cannot choose that status (lib/detail/status-page.ts); the redirect is cached for one second
 * only, like any failed render.
 */
export async function loadAnime(
  rawId: string,
  kind: UnavailableKind = 'detail',
): Promise<AnimeDetails | null> {
  const record = await animeRecord(rawId);
  if ('anime' in record) return record.anime;
  if ('notFound' in record) return null;
  await cacheBriefly();
  redirect(unavailablePath(kind, record.id, record.retryAfterSeconds));
}
