import 'server-only';
import { AppError, isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { MAX_QUERY_LENGTH } from '@/lib/server/upstream';
import { jikanGet } from './client';
import { filterAnimeList, isListable, type ContentAccess } from './filter';
import { toAnimeList } from './mappers';
import { answersOffline, gateOfflinePage, offlineSearch, offlineSeasonNow, remember } from './offline';
import { jikanAnimeListResponseSchema, parseAnimeItems, type JikanAnimeListResponse } from './schemas';
import type { Anime, AnimePage } from './types';

const log = serverLog('jikan');

/**
 * The anime database's listings: search, suggestions, top, season and popular. They never throw
 * for upstream trouble: they log and answer an empty "stopgap" page (SPEC §8), or the offline
 * catalogue's answer where one exists (offline.ts).
 */

/** SPEC §7/§9 page sizes. Jikan's own maximum is 25. */
export const PAGE_SIZE = { search: 25, suggestions: 5, carousel: 10, explore: 20, max: 25 } as const;
export const MIN_SUGGESTION_LENGTH = 2;

/**
 * SPEC §5 sort fields, and the name Jikan v4 knows each by: `mal_id` for the SPEC's `id`.
 * (`rating` is missing from openapi.json's enum but jikan-rest's AnimeOrderByEnum accepts it.)
 */
const ORDER_BY: Record<string, string> = {
  title: 'title',
  score: 'score',
  popularity: 'popularity',
  rank: 'rank',
  rating: 'rating',
  start_date: 'start_date',
  end_date: 'end_date',
  episodes: 'episodes',
  id: 'mal_id',
};
const SORT_DIRECTIONS = ['asc', 'desc'];
/** Jikan v4 enums (openapi.json); anything else is dropped rather than spent on a 400. */
const ANIME_TYPES = ['tv', 'movie', 'ova', 'special', 'ona', 'music', 'cm', 'pv', 'tv_special'];
const ANIME_STATUSES = ['airing', 'complete', 'upcoming'];
const TOP_FILTERS = ['airing', 'upcoming', 'bypopularity', 'favorite'];
const SEASON_FILTERS = ['tv', 'movie', 'ova', 'special', 'ona', 'music'];

function oneOf(value: string | undefined, allowed: readonly string[]): string | undefined {
  const normalised = value?.trim().toLowerCase();
  return normalised && allowed.includes(normalised) ? normalised : undefined;
}

/** `genres` is a comma-separated list of MyAnimeList genre ids. */
export function genreIds(value: string | undefined): string | undefined {
  const ids = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[1-9]\d{0,5}$/.test(part));
  return ids.length ? [...new Set(ids)].join(',') : undefined;
}

export function pageNumber(page: number | undefined): number {
  return page !== undefined && Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function pageSize(limit: number | undefined, fallback: number): number {
  return limit !== undefined && Number.isSafeInteger(limit) && limit >= 1
    ? Math.min(limit, PAGE_SIZE.max)
    : fallback;
}

function orderByParam(value: string | undefined): string | undefined {
  const field = value?.trim().toLowerCase();
  return field && Object.hasOwn(ORDER_BY, field) ? ORDER_BY[field] : undefined;
}

function sortParam(value: string | undefined): string | undefined {
  return oneOf(value, SORT_DIRECTIONS);
}

// ---------------------------------------------------------------------------------------------
// Listings

export interface CachedListing {
  items: Anime[];
  hasNextPage: boolean;
}

export function toListing(response: JikanAnimeListResponse): CachedListing {
  const { records, dropped } = parseAnimeItems(response.data);
  if (dropped) log.warn({ dropped }, 'dropped malformed records from a listing');
  return { items: remember(toAnimeList(records)), hasNextPage: response.pagination?.has_next_page === true };
}

/**
 * Empty pages standing in for a failure, with the failure they stand in for. Server components
 * treat them as "could not load"; routes answer the error itself so client callers can tell a
 * failure from a genuinely empty result. A WeakMap leaves the AnimePage shape untouched.
 */
const stopgapPages = new WeakMap<AnimePage, AppError>();

export function isStopgapPage(page: AnimePage): boolean {
  return stopgapPages.has(page);
}

/** The error an empty stand-in page replaces, if it is one. */
export function stopgapError(page: AnimePage): AppError | undefined {
  return stopgapPages.get(page);
}

function emptyPage(page: number): AnimePage {
  return { data: [], pagination: { page, hasNextPage: false } };
}

export async function listing(
  label: string,
  path: string,
  params: Record<string, string | number | undefined>,
  access: ContentAccess,
  /** The offline catalogue's answer, when the database is down (lib/jikan/offline.ts). */
  offline?: () => AnimePage | null,
): Promise<AnimePage> {
  const page = pageNumber(typeof params.page === 'number' ? params.page : undefined);
  try {
    const result = await jikanGet({
      path,
      params,
      schema: jikanAnimeListResponseSchema,
      map: toListing,
      // With the limiter's queue long, the catalogue answers at once.
      whenQueueBusy: offline,
    });
    if ('data' in result) return gateOfflinePage(result, access);
    const data = filterAnimeList(result.items, access);
    // Known-adult records left out for this caller: a page says how many it withheld.
    const hiddenAdult = result.items.filter(isListable).length - data.length;
    return {
      data,
      pagination: { page, hasNextPage: result.hasNextPage },
      ...(hiddenAdult > 0 ? { hiddenAdult } : {}),
    };
  } catch (error) {
    const fallback = offline && answersOffline(error) ? offline() : null;
    if (fallback) {
      log.info({ listing: label, err: error }, 'listing failed; answering from the offline catalogue');
      return gateOfflinePage(fallback, access);
    }
    log.info({ listing: label, err: error }, 'listing failed; answering an empty page');
    const stopgap = emptyPage(page);
    stopgapPages.set(
      stopgap,
      isAppError(error) ? error : new AppError('INTERNAL', undefined, { cause: error }),
    );
    return stopgap;
  }
}

export interface SearchAnimeParams {
  q: string;
  page?: number;
  limit?: number;
  orderBy?: string;
  sort?: string;
  /** Comma-separated MyAnimeList genre ids. */
  genres?: string;
  type?: string;
  status?: string;
}

/**
 * GET /anime?q=… A blank query answers an empty page without a call (SPEC §5); so does one over
 * MAX_QUERY_LENGTH, for server components that pass a URL's text straight through.
 */
export async function searchAnime(params: SearchAnimeParams, access: ContentAccess): Promise<AnimePage> {
  const page = pageNumber(params.page);
  const q = params.q.trim();
  if (!q || q.length > MAX_QUERY_LENGTH) return emptyPage(page);
  const query = {
    q,
    page,
    limit: pageSize(params.limit, PAGE_SIZE.search),
    orderBy: orderByParam(params.orderBy),
    sort: sortParam(params.sort),
    genres: genreIds(params.genres),
    type: oneOf(params.type, ANIME_TYPES),
    status: oneOf(params.status, ANIME_STATUSES),
  };
  return listing(
    'search',
    '/anime',
    {
      q,
      page,
      limit: query.limit,
      order_by: query.orderBy,
      sort: query.sort,
      genres: query.genres,
      type: query.type,
      status: query.status,
    },
    access,
    () => offlineSearch(query),
  );
}

/** Search-bar suggestions: 5, and only for 2+ characters (SPEC §5/§9). */
export async function suggestAnime(q: string, access: ContentAccess): Promise<AnimePage> {
  if (q.trim().length < MIN_SUGGESTION_LENGTH) return emptyPage(1);
  return searchAnime({ q, limit: PAGE_SIZE.suggestions }, access);
}

export interface TopAnimeParams {
  page?: number;
  limit?: number;
  type?: string;
  filter?: string;
}

/** GET /top/anime; type defaults to tv, filter to bypopularity (SPEC §7). */
export async function getTopAnime(params: TopAnimeParams, access: ContentAccess): Promise<AnimePage> {
  return listing(
    'top',
    '/top/anime',
    {
      page: pageNumber(params.page),
      limit: pageSize(params.limit, PAGE_SIZE.max),
      type: oneOf(params.type, ANIME_TYPES) ?? 'tv',
      filter: oneOf(params.filter, TOP_FILTERS) ?? 'bypopularity',
    },
    access,
  );
}

export interface SeasonNowParams {
  page?: number;
  limit?: number;
  filter?: string;
}

/** GET /seasons/now; filter (the entry type) defaults to tv (SPEC §7). */
export async function getSeasonNow(params: SeasonNowParams, access: ContentAccess): Promise<AnimePage> {
  const query = {
    page: pageNumber(params.page),
    limit: pageSize(params.limit, PAGE_SIZE.max),
    filter: oneOf(params.filter, SEASON_FILTERS) ?? 'tv',
  };
  return listing('season', '/seasons/now', query, access, () => offlineSeasonNow(query));
}

export interface PopularAnimeParams {
  page?: number;
  limit?: number;
  genres?: string;
}

/**
 * GET /anime?type=tv&order_by=popularity (SPEC §7 popular listing), most popular first.
 * SPEC says "sort desc", meaning most popular first; but Jikan's `popularity` is a rank where 1 is
 * the most popular, so Jikan's `sort=desc` would list the least known titles first. We send `asc`.
 */
export async function getPopularAnime(params: PopularAnimeParams, access: ContentAccess): Promise<AnimePage> {
  return listing(
    'popular',
    '/anime',
    {
      type: 'tv',
      order_by: 'popularity',
      sort: 'asc',
      genres: genreIds(params.genres),
      page: pageNumber(params.page),
      limit: pageSize(params.limit, PAGE_SIZE.max),
    },
    access,
  );
}
