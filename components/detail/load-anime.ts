import 'server-only';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { parseAnimeId } from '@/lib/detail/anime-id';
import { currentDetails } from '@/lib/detail/availability';
import type { AnimeDetails } from '@/lib/jikan/types';
import { isAppError } from '@/lib/server/errors';
import { failedListing, rememberGoodListing } from '@/lib/server/render-cache';

/**
 * The record behind /anime/{id} and its metadata, once per render (React cache). An id that is not
 * a MyAnimeList id ('abc', '-1', '0', 16 digits) is not found without any upstream call; an id
 * Jikan does not know is not found too. Anything else (rate limited, down, timed out) is thrown:
 * the segment's error boundary shows 'Anime não disponível', and an earlier good render of the page
 * is never replaced by it (a failed render is not cached).
 */
export const loadAnime = cache(async (rawId: string): Promise<AnimeDetails> => {
  const id = parseAnimeId(rawId);
  if (id === null) notFound();
  try {
    // The record, or the offline stand-in proxy.ts's check got a moment ago (one timeout, not two).
    const anime = await currentDetails(id);
    // An offline-catalogue record or a stale stored copy stands in while the database cannot
    // answer: like a failed listing, it never replaces a good page and is cached for a second only.
    if (anime.offline || anime.stale) await failedListing(`detail:${id}`);
    else rememberGoodListing(`detail:${id}`);
    return anime;
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND') || isAppError(error, 'INVALID_ID')) notFound();
    throw error;
  }
});
