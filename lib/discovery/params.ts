/**
 * The URL state of the discovery screens (SPEC §2): /explore?tab&view and /search?q&sort&view.
 * Values a person may type or an old link may carry are parsed leniently: anything unknown falls
 * back to the default (SPEC §9) instead of erroring. Pure, so server pages and client components
 * read the URL the same way.
 */

import { cleanText } from '@/lib/utils/clean-text';
import {
  browseParamsFromQuery,
  browseResultKey,
  parseBrowseParams,
  parseSeasonSegments,
  readPage,
  seasonAt,
  seasonPathSegments,
} from './browse-params';
import { MAX_SEARCH_LENGTH } from './search-limit';

export type SearchParamsInput =
  URLSearchParams | { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function first(params: SearchParamsInput, name: string): string | undefined {
  if (typeof (params as URLSearchParams).get === 'function') {
    return (params as URLSearchParams).get(name) ?? undefined;
  }
  const value = (params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  const normalised = value?.trim().toLowerCase();
  return (allowed as readonly string[]).includes(normalised ?? '') ? (normalised as T) : fallback;
}

export const VIEWS = ['grid', 'list'] as const;
export type View = (typeof VIEWS)[number];
export const DEFAULT_VIEW: View = 'grid';

export function parseView(params: SearchParamsInput): View {
  return oneOf(first(params, 'view'), VIEWS, DEFAULT_VIEW);
}

// ---------------------------------------------------------------------------------------------
// Explore

export const EXPLORE_TABS = ['top', 'seasonal', 'popular'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];
export const DEFAULT_EXPLORE_TAB: ExploreTab = 'top';

/** SPEC §9: each tab lists page 1 with 20 items (the same figure as lib/jikan PAGE_SIZE.explore). */
export const EXPLORE_PAGE_SIZE = 20;

export interface ExploreState {
  tab: ExploreTab;
  view: View;
  /** 1 when absent (browse-params.ts parsePage). */
  page?: number;
}

export function parseExploreParams(params: SearchParamsInput): Required<ExploreState> {
  return {
    tab: oneOf(first(params, 'tab'), EXPLORE_TABS, DEFAULT_EXPLORE_TAB),
    view: parseView(params),
    page: readPage(params),
  };
}

/**
 * Tab and view are always written, so a shared link shows exactly what its sender saw; the page
 * only past the first.
 */
export function exploreHref(state: ExploreState): string {
  const query = new URLSearchParams({ tab: state.tab, view: state.view });
  if (state.page && state.page > 1) query.set('page', String(state.page));
  return `/explore?${query.toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Search

export const SEARCH_SORTS = ['relevance', 'title', 'score'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'relevance';

export { MAX_SEARCH_LENGTH };
/** How much of a query the page repeats back; the rest is cut with an ellipsis. */
export const QUERY_DISPLAY_LENGTH = 80;

/** `q` shortened for display, cutting between characters (never inside a surrogate pair). */
export function displayQuery(q: string, max = QUERY_DISPLAY_LENGTH): string {
  const characters = Array.from(q);
  return characters.length > max ? `${characters.slice(0, max).join('').trimEnd()}…` : q;
}

export interface SearchState {
  /** Cleaned (lib/utils/clean-text.ts) and trimmed; '' when absent or blank (SPEC §5: no call then). */
  q: string;
  sort: SearchSort;
  view: View;
  /** 1 when absent (browse-params.ts parsePage). */
  page?: number;
}

export function parseSearchParams(params: SearchParamsInput): Required<SearchState> {
  return {
    q: cleanText(first(params, 'q') ?? ''),
    sort: oneOf(first(params, 'sort'), SEARCH_SORTS, DEFAULT_SEARCH_SORT),
    view: parseView(params),
    page: readPage(params),
  };
}

/**
 * /search?q=… with the sort and view only when they differ from the defaults, so the plain
 * /search?q=naruto of SPEC §2 stays the common link. URLSearchParams does the URL-encoding (SPEC §5).
 */
export function searchHref({
  q,
  sort = DEFAULT_SEARCH_SORT,
  view = DEFAULT_VIEW,
  page = 1,
}: Partial<SearchState> & { q: string }): string {
  const params = new URLSearchParams({ q: q.trim() });
  if (sort !== DEFAULT_SEARCH_SORT) params.set('sort', sort);
  if (view !== DEFAULT_VIEW) params.set('view', view);
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}

/**
 * SPEC §4 sorts as the anime database's order_by/sort. "Relevância = popularity descending" means
 * most popular first; Jikan's `popularity` is a rank (1 = most members), so that is ascending.
 */
export const SEARCH_SORT_ORDER: Record<SearchSort, { orderBy: string; sort: 'asc' | 'desc' }> = {
  relevance: { orderBy: 'popularity', sort: 'asc' },
  title: { orderBy: 'title', sort: 'asc' },
  score: { orderBy: 'score', sort: 'desc' },
};

// ---------------------------------------------------------------------------------------------
// Cached page paths

/**
 * The query text as one path segment of the cached search page: base64url of its UTF-8 bytes, so
 * slashes, dots, percent signs and any script survive the trip through a URL path unchanged.
 */
export function encodeSearchSegment(q: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(q)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The inverse of encodeSearchSegment; anything that is not one decodes to '' (no search). */
export function decodeSearchSegment(segment: string): string {
  try {
    const base64 = decodeURIComponent(segment).replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return '';
  }
}

/**
 * The internal path that renders a public URL's page in `locale` (proxy.ts rewrites to it). Query
 * parameters that choose what a page shows become path segments, normalised, so every distinct
 * screen is exactly one cached page and junk parameters cannot multiply cache entries. A query
 * longer than the limit is kept only to one character past it: the page then says it is too long.
 */
export function internalPagePath(pathname: string, searchParams: URLSearchParams, locale: string): string {
  const pageSegment = (page: number) => (page > 1 ? `/${page}` : '');
  if (pathname === '/explore') {
    const { tab, view, page } = parseExploreParams(searchParams);
    return `/${locale}/explore/${tab}/${view}${pageSegment(page)}`;
  }
  if (pathname === '/search') {
    const { q, sort, view, page } = parseSearchParams(searchParams);
    if (!q) return `/${locale}/search`;
    const kept = Array.from(q)
      .slice(0, MAX_SEARCH_LENGTH + 1)
      .join('');
    return `/${locale}/search/${sort}/${view}/${encodeSearchSegment(kept)}${pageSegment(page)}`;
  }
  if (pathname === '/browse' || pathname === '/browse/') {
    // The result set (filters and sort, normalised) as one segment: '_' for no filter at all.
    const state = parseBrowseParams(browseParamsFromQuery(searchParams), seasonAt(new Date()));
    const key = browseResultKey(state);
    return `/${locale}/browse/${state.view}/${state.page}/${key ? encodeSearchSegment(key) : '_'}`;
  }
  if (pathname === '/season' || pathname === '/season/') {
    // The picker's GET form, or no season: a redirect to the chosen (or current) season's page.
    const segment = (name: string) => encodeURIComponent(searchParams.get(name)?.trim() || 'now');
    return `/${locale}/season/go/${segment('year')}/${segment('season')}`;
  }
  const season = seasonPathSegments(pathname);
  if (season) {
    const ref = parseSeasonSegments(season.year, season.season, seasonAt(new Date()));
    // No such season: the page's own 404 (its segments cannot be read either).
    if (!ref) return `/${locale}/season/0/none/grid/1`;
    return `/${locale}/season/${ref.year}/${ref.season}/${parseView(searchParams)}/${readPage(searchParams)}`;
  }
  return pathname === '/' ? `/${locale}` : `/${locale}${pathname}`;
}
