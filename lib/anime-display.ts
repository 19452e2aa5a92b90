import type { Anime } from '@/lib/jikan/types';

/**
 * Small display rules shared by every card, carousel and suggestion. Pure, so server and client
 * components render the same text.
 */

/**
 * SPEC §2: the English title is preferred when the interface is in English; otherwise the title,
 * with the English one as a fallback. Null when the record has neither (the caller shows N/A).
 */
export function animeTitle(anime: Pick<Anime, 'title' | 'titleEnglish'>, locale: string): string | null {
  return locale === 'en' ? (anime.titleEnglish ?? anime.title) : (anime.title ?? anime.titleEnglish);
}

/**
 * A MyAnimeList score with one decimal (SPEC §2 "X.X/10"), written the way the language writes
 * decimals ("8,0" in Portuguese). Null for a missing or non-positive score: unscored titles have none.
 */
export function formatScore(score: number | null, locale: string): string | null {
  if (score === null || !Number.isFinite(score) || score <= 0) return null;
  // Scores run from 0 to 10, so no digit grouping is needed: only the decimal sign differs. Not
  // Intl.NumberFormat: the first one made for a language loads its locale data, ~80 ms on a
  // throttled phone during the home page's hydration. Rounded half up on the decimal the score
  // is written as (0.15 → 0.2), as Intl does; toPrecision drops the binary noise of × 10.
  const fixed = (Math.round(Number((score * 10).toPrecision(12))) / 10).toFixed(1);
  return locale === 'en' ? fixed : fixed.replace('.', ',');
}
