import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/config';
import { listMenuItems, routes } from '@/lib/routes';

/**
 * What the service worker (lib/pwa/worker.ts) keeps, for how long, and what it never touches.
 * A plain module of data and pure functions, so the policy is unit-tested (cache-policy.test.ts)
 * and the worker only wires it to Serwist's strategies.
 *
 * - Build files (/_next/static), the icons and the other public files are precached by Serwist
 *   from the build's manifest (serwist.config.mjs).
 * - Pages: network first, for at most PAGE_NETWORK_TIMEOUT_SECONDS, then the saved copy, which
 *   the page then marks as a saved copy (OFFLINE_COPY_TIMING). A page never saved answers with
 *   the offline page.
 * - Pages that show only the visitor's own data (LOCAL_DATA_PAGES) are saved when the worker
 *   installs and whenever the language changes, so they open offline without a first visit.
 * - Covers and anime API answers: stale-while-revalidate, bounded in count and age.
 * - Never: a request with credentials (Authorization), an answer marked private or no-store, the
 *   library sync API or anything else per visitor (PERSONAL_PATHS), another site's files.
 *
 * Page URLs carry no language (the NEXT_LOCALE cookie chooses it, proxy.ts), so one URL has two
 * pages; the worker keeps them apart by adding the language to the cache key (pageCacheKey).
 */

/** Caches the worker fills at run time. Pages belong to one build: its scripts are named by it. */
export const CACHE_NAMES = {
  pagesPrefix: 'anime-master-pages-',
  covers: 'anime-master-covers',
  animeApi: 'anime-master-anime-api',
} as const;

export function pagesCacheName(version: string): string {
  return `${CACHE_NAMES.pagesPrefix}${version}`;
}

/** A pages cache of another build: deleted when this one activates. */
export function isStalePagesCache(name: string, version: string): boolean {
  return name.startsWith(CACHE_NAMES.pagesPrefix) && name !== pagesCacheName(version);
}

/** A weak signal gives up on the network after this long and shows the saved copy. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 3;

export interface Bounds {
  maxEntries: number;
  maxAgeSeconds: number;
}

const DAY = 86_400;

/** Covers: a few pages of cards' worth, for a month (a cover of a given URL never changes). */
export const COVER_BOUNDS: Bounds = { maxEntries: 300, maxAgeSeconds: 30 * DAY };
/** Anime API answers (search, season, one anime): a day, then asked again. */
export const ANIME_API_BOUNDS: Bounds = { maxEntries: 150, maxAgeSeconds: DAY };
/** Visited pages of one build, each language apart. */
export const PAGE_BOUNDS: Bounds = { maxEntries: 120, maxAgeSeconds: 30 * DAY };

/** The page shown for a page never saved, opened without a network (app/[locale]/offline). */
export const OFFLINE_PAGE = '/offline';

/**
 * Saved when the worker installs, in the visitor's language: the home page (the installed app's
 * start), the five lists, the ratings and the settings, whose content lives in the browser, and
 * the offline page.
 */
export const LOCAL_DATA_PAGES: readonly string[] = [
  routes.home,
  ...listMenuItems.map((item) => item.href),
  routes.myRatings,
  routes.settings,
  OFFLINE_PAGE,
];

/** Paths whose answers belong to one visitor: never read from or written to a cache. */
export const PERSONAL_PATHS: readonly RegExp[] = [/^\/api\/library(?:\/|$)/];

/** Pages answered from elsewhere than a page render: Next's files, the API, the worker itself. */
const NOT_PAGES = /^\/(?:api|_next)(?:\/|$)|^\/(?:sw\.js|manifest\.webmanifest|robots\.txt)$/;
const ANIME_API = /^\/api\/anime(?:\/|$)/;
const COVERS = /^\/_next\/image$|^\/images\//;

/** The fields of a request the policy reads (a Request, or a plain object in tests). */
export interface RequestLike {
  url: string;
  method: string;
  mode?: string;
  headers: Headers;
}

function sameOrigin(request: RequestLike, origin: string): URL | null {
  const url = new URL(request.url);
  return url.origin === origin ? url : null;
}

/** A request that may be answered from, or stored in, a cache at all. */
export function isShareable(request: RequestLike, origin: string): boolean {
  if (request.method !== 'GET') return false;
  if (request.headers.has('authorization')) return false;
  const url = sameOrigin(request, origin);
  if (!url) return false;
  return !PERSONAL_PATHS.some((path) => path.test(url.pathname));
}

/**
 * A page: a navigation, or a request that asks for HTML (how the worker and the language switch
 * ask for the local-data pages). Next's client-side navigations ask for RSC data with the `RSC`
 * header: those are not pages and go to the network (a failed one makes Next load the page).
 */
export function isPageRequest(request: RequestLike, origin: string): boolean {
  if (!isShareable(request, origin)) return false;
  const url = new URL(request.url);
  if (NOT_PAGES.test(url.pathname)) return false;
  if (request.headers.has('rsc')) return false;
  return request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
}

export function isCoverRequest(request: RequestLike, origin: string): boolean {
  if (!isShareable(request, origin)) return false;
  return COVERS.test(new URL(request.url).pathname);
}

export function isAnimeApiRequest(request: RequestLike, origin: string): boolean {
  if (!isShareable(request, origin)) return false;
  return ANIME_API.test(new URL(request.url).pathname);
}

/** An answer that may be stored: a whole 200 that neither `private` nor `no-store` keeps from caches. */
export function isStorableResponse(response: { status: number; headers: Headers }): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('cache-control') ?? '').toLowerCase();
  return !/(?:^|[\s,])(?:private|no-store)(?:[\s,=]|$)/.test(cacheControl);
}

/** The language a page request is answered in: the NEXT_LOCALE cookie's, by the server's rule. */
export function pageLocale(cookieValue: string | null | undefined): Locale {
  const value = cookieValue?.replace(/^[ \t]+|[ \t]+$/g, '');
  return isLocale(value) ? value : defaultLocale;
}

/** The key a page is kept under: its URL without a fragment, and its language. */
export function pageCacheKey(url: string, locale: Locale): string {
  const key = new URL(url);
  key.hash = '';
  key.searchParams.set(PAGE_LOCALE_PARAM, locale);
  return key.href;
}

/** The query parameter of a page's cache key that names its language (never sent to the server). */
export const PAGE_LOCALE_PARAM = '__locale';

/**
 * A page the worker answered from its cache carries this Server-Timing metric, which the page
 * reads from its navigation entry (components/pwa/pwa-client.tsx).
 */
export const OFFLINE_COPY_TIMING = 'sw-offline-copy';
