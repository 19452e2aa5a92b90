import 'server-only';

/**
 * The anime database as the app sees it. Server components call these directly; client
 * components reach them through app/api. Listings never throw for upstream trouble: they log and
 * answer an empty page (SPEC §8). Details throw AppError with the SPEC §8 messages.
 * - listings.ts: search, suggestions, top, season and popular listings;
 * - details.ts: one anime's record;
 * - titles.ts: title → id;
 * - offline.ts: when and how the offline catalogue answers, and what a caller may see of it.
 */

export { filterAnimeList, gateAnimeList, hasAdultGenre, isAdultAnime, isListable } from './filter';
export { gateAnimeDetails, isGatedAnime, toGatedAnime } from './gate';
export type { GatedAnime } from './types';
export { MAX_ANIME_ID } from './types';
export type { ContentAccess } from './filter';
export {
  getPopularAnime,
  getSeasonNow,
  getTopAnime,
  isStopgapPage,
  MIN_SUGGESTION_LENGTH,
  PAGE_SIZE,
  searchAnime,
  stopgapError,
  suggestAnime,
  type PopularAnimeParams,
  type SearchAnimeParams,
  type SeasonNowParams,
  type TopAnimeParams,
} from './listings';
export { getAnimeDetails, isAnimeId } from './details';
export { getAnimeIdByTitle } from './titles';
