import 'server-only';
import {
  getPopularAnime,
  getSeasonNow,
  getTopAnime,
  isStopgapPage,
  PAGE_SIZE,
  searchAnime,
  type ContentAccess,
} from '@/lib/jikan';
import { browseAnime, getSeasonArchive } from '@/lib/jikan/browse';
import type { Anime, AnimePage } from '@/lib/jikan/types';
import { failedListing, rememberGoodListing } from '@/lib/server/render-cache';
import {
  BROWSE_SORT_ORDER,
  browseDateWindow,
  browseResultKey,
  type BrowseState,
  type SeasonRef,
} from './browse-params';
import { SEARCH_SORT_ORDER, type ExploreTab, type SearchSort } from './params';

/**
 * What the discovery screens' server components load. lib/jikan never throws for a failed
 * listing: it answers an empty "stopgap" page (SPEC §8). The screens must still tell "could not
 * load" (SPEC §8 error messages, with retry) from "nothing found", so each result says which.
 */
export type ListingResult =
  | {
      status: 'loaded';
      items: Anime[];
      hasNextPage: boolean;
      /** Answered from the offline catalogue while the database is down. */
      offline?: boolean;
      /** The season an offline season listing shows (see AnimePage.season). */
      season?: AnimePage['season'];
      /** Offline records withheld from this visitor: their adult facts are unknown (AnimePage.withheld). */
      withheld?: number;
      /** Adult records left out of a live page for this visitor (AnimePage.hiddenAdult). */
      hiddenAdult?: number;
    }
  | { status: 'failed' };

/**
 * Until sign-in lands, server components render for an anonymous visitor (SPEC §6: no adult
 * content). lib/server/request-auth.ts reads access from a Request, which a server component does
 * not have; when sign-in adds a cookie-based check there, it replaces this constant.
 */
export const VISITOR_ACCESS: ContentAccess = { adult: false };

/**
 * A listing's page as a screen state. `key` names the listing for the render cache rules
 * (lib/server/render-cache.ts): a failure either keeps the last good page or is cached briefly.
 */
async function settle(key: string, load: Promise<AnimePage>): Promise<ListingResult> {
  const page = await load;
  if (isStopgapPage(page)) {
    await failedListing(key);
    return { status: 'failed' };
  }
  if (page.offline) {
    // The offline catalogue stands in for a failure: the last good page wins if there is one,
    // and this render is cached briefly, like an error, so live data returns as soon as it can.
    await failedListing(key);
    return {
      status: 'loaded',
      items: page.data,
      hasNextPage: page.pagination.hasNextPage,
      offline: true,
      season: page.season,
      withheld: page.withheld ?? 0,
    };
  }
  rememberGoodListing(key);
  return {
    status: 'loaded',
    items: page.data,
    hasNextPage: page.pagination.hasNextPage,
    ...(page.hiddenAdult ? { hiddenAdult: page.hiddenAdult } : {}),
  };
}

export type CarouselListing = 'season' | 'top';

/** SPEC §9: carousels load page 1 with 10 items. */
export function loadCarousel(
  kind: CarouselListing,
  access: ContentAccess = VISITOR_ACCESS,
): Promise<ListingResult> {
  const params = { page: 1, limit: PAGE_SIZE.carousel };
  return settle(
    `carousel:${kind}`,
    kind === 'season' ? getSeasonNow(params, access) : getTopAnime(params, access),
  );
}

/** SPEC §9: each Explore tab loads 20 items a page (page 1 unless a link asks for another). */
export function loadExploreTab(
  tab: ExploreTab,
  access: ContentAccess = VISITOR_ACCESS,
  page = 1,
): Promise<ListingResult> {
  const params = { page, limit: PAGE_SIZE.explore };
  const key = page > 1 ? `explore:${tab}:${page}` : `explore:${tab}`;
  switch (tab) {
    case 'top':
      return settle(key, getTopAnime(params, access));
    case 'seasonal':
      return settle(key, getSeasonNow(params, access));
    case 'popular':
      return settle(key, getPopularAnime(params, access));
  }
}

/** Items a page of the season archive and of /browse lists: Jikan's maximum. */
export const BROWSE_PAGE_SIZE = PAGE_SIZE.max;

/** One page of one season of the archive. */
export function loadSeasonArchive(
  { year, season, page }: SeasonRef & { page: number },
  access: ContentAccess = VISITOR_ACCESS,
): Promise<ListingResult> {
  return settle(
    `season:${year}:${season}:${page}`,
    getSeasonArchive({ year, season, page, limit: BROWSE_PAGE_SIZE }, access),
  );
}

/** The anime database's search arguments for a browse state (also the adult's API call). */
export function browseArguments(state: BrowseState) {
  const { startDate, endDate } = browseDateWindow(state);
  return {
    genres: state.genres.join(',') || undefined,
    exclude: state.exclude.join(',') || undefined,
    type: state.type,
    status: state.status,
    startDate,
    endDate,
    minScore: state.minScore,
    orderBy: BROWSE_SORT_ORDER[state.sort].orderBy,
    page: state.page,
    limit: BROWSE_PAGE_SIZE,
  };
}

/** One page of /browse's filtered listing. */
export function loadBrowsePage(
  state: BrowseState,
  access: ContentAccess = VISITOR_ACCESS,
): Promise<ListingResult> {
  return settle(
    `browse:${state.page}:${browseResultKey(state)}`,
    browseAnime(browseArguments(state), access),
  );
}

/** One page of search results (SPEC §9: 25 per page) in the SPEC §4 sort. */
export function loadSearchPage(
  { q, sort, page = 1 }: { q: string; sort: SearchSort; page?: number },
  access: ContentAccess = VISITOR_ACCESS,
): Promise<ListingResult> {
  const order = SEARCH_SORT_ORDER[sort];
  return settle(
    `search:${sort}:${page}:${q.toLowerCase()}`,
    searchAnime({ q, page, limit: PAGE_SIZE.search, orderBy: order.orderBy, sort: order.sort }, access),
  );
}
