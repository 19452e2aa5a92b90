/**
 * SPEC §5 result filter over the app's own Anime type. Pure and free of server code, so client
 * components (the detail page's adult-content banner) and tests may import it directly.
 * The third part of the rule, `approved !== false`, is applied to raw records in mappers.ts
 * (toAnimeList): the app type carries no moderation flag.
 */
import type { Anime } from './types';

/** SPEC §9; matched case-insensitively anywhere in a genre or theme name. */
export const ADULT_GENRE_KEYWORDS = ['hentai', 'ecchi', 'yuri', 'yaoi', 'harem'] as const;
/** SPEC §9; Jikan's ratings read "R+ - Mild Nudity" and "Rx - Hentai". */
export const ADULT_RATING_MARKERS = ['R+', 'Rx'] as const;

export interface ContentAccess {
  adult: boolean;
}

export function hasAdultGenre(genres: readonly string[]): boolean {
  return genres.some((name) => {
    const lower = name.toLowerCase();
    return ADULT_GENRE_KEYWORDS.some((keyword) => lower.includes(keyword));
  });
}

export function hasAdultRating(rating: string | null): boolean {
  return rating !== null && ADULT_RATING_MARKERS.some((marker) => rating.includes(marker));
}

/**
 * Hidden from anyone without verified adult access. `genres` includes themes (see toAnime). A
 * record whose adult facts are unknown (an offline record never fetched from the anime database)
 * fails closed: nothing shows it is safe, so it is treated as adult.
 */
export function isAdultAnime(anime: Pick<Anime, 'rating' | 'genres' | 'adultFactsUnknown'>): boolean {
  return anime.adultFactsUnknown === true || hasAdultRating(anime.rating) || hasAdultGenre(anime.genres);
}

/** A record worth a card: a real id and a title to show. */
export function isListable(anime: Pick<Anime, 'id' | 'title'>): boolean {
  return Number.isSafeInteger(anime.id) && anime.id > 0 && (anime.title ?? '').trim() !== '';
}

export function filterAnimeList<T extends Anime>(list: readonly T[], access: ContentAccess): T[] {
  return gateAnimeList(list, access).shown;
}

/**
 * The list as `access` may see it, and how many records were withheld only because their adult
 * facts are unknown (known-adult records are hidden as on any live page, and not counted).
 */
export function gateAnimeList<T extends Anime>(
  list: readonly T[],
  access: ContentAccess,
): { shown: T[]; withheld: number } {
  const shown: T[] = [];
  let withheld = 0;
  for (const anime of list) {
    if (!isListable(anime)) continue;
    if (access.adult || !isAdultAnime(anime)) shown.push(anime);
    else if (anime.adultFactsUnknown && !hasAdultRating(anime.rating) && !hasAdultGenre(anime.genres))
      withheld += 1;
  }
  return { shown, withheld };
}
