import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/config';
import { listMenuItems, routes } from '@/lib/routes';

/**
 * What the service worker (lib/pwa/worker.ts) keeps, for how long, and what it never touches.
 * A plain module of data and pure functions, so the policy is unit-tested (cache-policy.test.ts)
 * and the worker only wires it to Serwist's strategies.
 *
 * - Nothing is downloaded in bulk when the worker installs. The offline kit (OFFLINE_KIT_PAGES:
 *   the offline page, the five lists, the ratings and the settings, with the build files their
 *   HTML names, buildFilesOf) is saved when the page asks for it (PREPARE_OFFLINE), which it does
 *   once it is idle, never within the first 25 s on a slow link and never on Save-Data
 *   (lib/pwa/offline-kit.ts). The page also hands over the build files it has loaded itself.
 * - Build files (/_next/static): cache first, in a cache of this build (staticCacheName), filled
 *   as pages load them and by the offline kit; the next build's worker deletes it.
 * - Pages: network first, for at most PAGE_NETWORK_TIMEOUT_SECONDS, then the saved copy, which
 *   the page then marks as a saved copy (OFFLINE_COPY_TIMING). A page never saved answers with
 *   the offline page.
 * - Covers and anime API answers: stale-while-revalidate, bounded in count and age.
 * - Never: a request with credentials (Authorization), an answer marked private or no-store, the
 *   library sync API or anything else per visitor (PERSONAL_PATHS), another site's files.
 *
 * Page URLs carry no language (the NEXT_LOCALE cookie chooses it, proxy.ts), so one URL has two
 * pages; the worker keeps them apart by adding the language to the cache key (pageCacheKey).
 */

/**
 * Caches the worker fills at run time. Pages and build files belong to one build: a page names
 * its build's scripts.
 */
export const CACHE_NAMES = {
  pagesPrefix: 'anime-master-pages-',
  staticPrefix: 'anime-master-static-',
  covers: 'anime-master-covers',
  animeApi: 'anime-master-anime-api',
} as const;

export function pagesCacheName(version: string): string {
  return `${CACHE_NAMES.pagesPrefix}${version}`;
}

export function staticCacheName(version: string): string {
  return `${CACHE_NAMES.staticPrefix}${version}`;
}

/**
 * A cache of another build (its pages or its build files), or the bulk precache of the workers
 * before the offline kit: deleted when this one activates.
 */
export function isStaleBuildCache(name: string, version: string): boolean {
  if (name.startsWith(CACHE_NAMES.pagesPrefix)) return name !== pagesCacheName(version);
  if (name.startsWith(CACHE_NAMES.staticPrefix)) return name !== staticCacheName(version);
  return name.startsWith(LEGACY_PRECACHE_PREFIX);
}

/** Serwist's precache, which held every build file before the offline kit replaced it. */
const LEGACY_PRECACHE_PREFIX = 'serwist-precache-';

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
/**
 * Whether the worker's network call for an anime API request only refreshes the copy it has just
 * answered the page with (stale-while-revalidate): a kept copy within ANIME_API_BOUNDS' age, as
 * the expiration plugin judges by its Date. Nobody waits for such a refresh, so it tells the server
 * so (lib/request-priority.ts); without a usable copy the page waits for the network itself.
 */
export function refreshesKeptAnswer(kept: Response | undefined, now = Date.now()): boolean {
  if (!kept) return false;
  const date = Date.parse(kept.headers.get('date') ?? '');
  if (Number.isNaN(date)) return true;
  return date + ANIME_API_BOUNDS.maxAgeSeconds * 1000 >= now;
}

/** Build files of one build: every route's chunks at most, as the fan uses them. */
export const STATIC_BOUNDS: Bounds = { maxEntries: 400, maxAgeSeconds: 30 * DAY };
/** Visited pages of one build, each language apart. */
export const PAGE_BOUNDS: Bounds = { maxEntries: 120, maxAgeSeconds: 30 * DAY };

/** The page shown for a page never saved, opened without a network (app/[locale]/offline). */
export const OFFLINE_PAGE = '/offline';

/**
 * The offline kit: the pages that show only the visitor's own data (the five lists, the ratings,
 * the settings) and the offline page, saved in the visitor's language with the build files their
 * HTML names, so they open without a network though never visited. The home page is not in it:
 * it shows the season from the network, and the offline page links to the lists.
 */
export const OFFLINE_KIT_PAGES: readonly string[] = [
  ...listMenuItems.map((item) => item.href),
  routes.myRatings,
  routes.settings,
  OFFLINE_PAGE,
];

/** The page's message that asks the worker for the offline kit (and hands it loaded build files). */
export const PREPARE_OFFLINE = 'PREPARE_OFFLINE';

export interface PrepareOfflineMessage {
  type: typeof PREPARE_OFFLINE;
  /** Build files the page has already loaded (from the browser's cache: no new download). */
  loaded: string[];
}

export function isPrepareOfflineMessage(data: unknown): data is PrepareOfflineMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; loaded?: unknown };
  return (
    message.type === PREPARE_OFFLINE &&
    Array.isArray(message.loaded) &&
    message.loaded.every((url) => typeof url === 'string')
  );
}

/**
 * The page's message to the worker in control when the visitor chooses a new version: the kit
 * stops where it is (a worker with work under way is not replaced until the work ends) and is
 * asked of the new worker once it controls the reloaded page.
 */
export const STOP_OFFLINE_KIT = 'STOP_OFFLINE_KIT';

export function isStopOfflineKitMessage(data: unknown): data is { type: typeof STOP_OFFLINE_KIT } {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === STOP_OFFLINE_KIT;
}

const BUILD_FILE = /^\/_next\/static\//;
/** Paths of build files in a page's HTML: its scripts, styles and fonts, and the RSC payload's. */
const BUILD_FILE_IN_HTML = /\/_next\/static\/[\w\-.~/%@[\]]+?\.(?:js|css|woff2)(?=["'\\\s?)#])/g;

/** The build files a page's HTML makes the browser load (script tags, style and font preloads, client chunks). */
export function buildFilesOf(html: string): string[] {
  return [...new Set(html.match(BUILD_FILE_IN_HTML) ?? [])];
}

/** Same-origin build files, as paths, from any list of URLs (the page's own resource entries). */
export function sameOriginBuildFiles(urls: readonly string[], origin: string): string[] {
  const paths = new Set<string>();
  for (const value of urls) {
    try {
      const url = new URL(value, origin);
      if (url.origin === origin && BUILD_FILE.test(url.pathname)) paths.add(url.pathname);
    } catch {
      // not a URL: ignored
    }
  }
  return [...paths];
}

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

/** A build file of this origin (Next's /_next/static: named by their content, never changed). */
export function isBuildFileRequest(request: RequestLike, origin: string): boolean {
  if (!isShareable(request, origin)) return false;
  return BUILD_FILE.test(new URL(request.url).pathname);
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
