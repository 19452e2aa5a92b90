import { hasAdultGenre, isAdultAnime, type ContentAccess } from '@/lib/jikan/filter';
import type { Anime } from '@/lib/jikan/types';

/**
 * What the detail page may show of a record (SPEC §2/§5/§6). Pure, for server and client alike.
 * - `banner`: the adult-content warning, for an adult genre keyword or a gated record.
 * - `gated`: only title, banner and notice; no cover, synopsis, trailer or episodes.
 * - `unverified`: gated only because its age rating cannot be checked right now.
 */
export interface DetailVisibility {
  banner: boolean;
  gated: boolean;
  /**
   * Gated because the record's age rating cannot be checked right now (an offline record whose
   * adult facts are unknown): the page says so instead of calling it adult.
   */
  unverified: boolean;
}

export function detailVisibility(
  anime: Pick<Anime, 'rating' | 'genres' | 'adultFactsUnknown'>,
  access: ContentAccess,
): DetailVisibility {
  const gated = !access.adult && isAdultAnime(anime);
  const unverified = gated && anime.adultFactsUnknown === true;
  return { gated, unverified, banner: gated || hasAdultGenre(anime.genres) };
}

/**
 * Jikan's duration ("24 min per ep", "1 hr 55 min") in the interface language. Only the units are
 * rewritten; the numbers stay as MyAnimeList gives them.
 */
export function formatDuration(raw: string | null, locale: string): string | null {
  const value = raw?.trim();
  if (!value || value.toLowerCase() === 'unknown') return null;
  if (locale !== 'pt') return value;
  return value
    .replace(/\bper ep\.?/i, 'por episódio')
    .replace(/\bhrs?\.?/gi, 'h')
    .replace(/\bsecs?\.?/gi, 's');
}
