import 'server-only';
import { emptyCatalogueForTests } from '@/lib/catalogue';
import { resetServerEnvForTests } from '@/lib/env';
import { setRecordStoreForTests } from '@/lib/records';
import { resetCacheForTests } from '@/lib/server/cache';
import { resetClientBudgetForTests } from '@/lib/server/client-budget';
import { resetRateLimiterForTests } from '@/lib/server/rate-limiter';
import { resetJikanClientForTests } from './client';
import { resetTitleIdsForTests } from './titles';

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

/**
 * Test-only: forget env, cache, in-flight calls, rate-limit state and the title → id cache, and
 * start with an empty offline catalogue and no durable store, so a failure stays a failure unless a
 * test installs one.
 */
export function resetJikanForTests(): void {
  emptyCatalogueForTests();
  resetServerEnvForTests();
  resetCacheForTests();
  resetRateLimiterForTests();
  resetClientBudgetForTests();
  resetJikanClientForTests();
  resetTitleIdsForTests();
  setRecordStoreForTests(null);
}
