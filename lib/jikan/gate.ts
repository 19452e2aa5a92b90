/**
 * The gated stub of an adult record. Pure and free of server code: the API route and the detail
 * page (server or client) build the same stub, and tests import it directly.
 */
import { isAdultAnime } from './filter';
import type { Anime, AnimeDetails, GatedAnime } from './types';

type GateInput = Pick<Anime, 'id' | 'title' | 'titleEnglish' | 'titleJapanese' | 'rating' | 'genres'> &
  Partial<Pick<Anime, 'offline' | 'adultFactsUnknown' | 'stale'>>;

/** Only the fields the adult-content notice needs; a new field of Anime never leaks by default. */
export function toGatedAnime(anime: GateInput): GatedAnime {
  return {
    id: anime.id,
    title: anime.title,
    titleEnglish: anime.titleEnglish,
    titleJapanese: anime.titleJapanese,
    rating: anime.rating,
    genres: [...anime.genres],
    adult: true,
    ...(anime.offline ? { offline: true as const } : {}),
    ...(anime.stale ? { stale: anime.stale } : {}),
    ...(anime.adultFactsUnknown ? { unverified: true as const } : {}),
  };
}

/** The record as `access` may see it: adult records become stubs unless access is adult. */
export function gateAnimeDetails(
  details: AnimeDetails,
  access: { adult: boolean },
): AnimeDetails | GatedAnime {
  return !access.adult && isAdultAnime(details) ? toGatedAnime(details) : details;
}

/** Whether an answer of /api/anime/[id] is a gated stub rather than the full record. */
export function isGatedAnime<T extends Anime>(value: T | GatedAnime): value is GatedAnime {
  return (value as Partial<GatedAnime>).adult === true;
}
