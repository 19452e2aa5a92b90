/// <reference lib="webworker" />
import {
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistPlugin,
} from 'serwist';
import {
  ANIME_API_BOUNDS,
  CACHE_NAMES,
  COVER_BOUNDS,
  isAnimeApiRequest,
  isCoverRequest,
  isPageRequest,
  isStalePagesCache,
  isStorableResponse,
  LOCAL_DATA_PAGES,
  OFFLINE_COPY_TIMING,
  OFFLINE_PAGE,
  PAGE_BOUNDS,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  pageCacheKey,
  pageLocale,
  pagesCacheName,
} from './cache-policy';

/**
 * The service worker, built by `serwist build` (scripts/build-worker.mjs) after `next build` into
 * public/sw.js, with the build's file list injected as `self.__SW_MANIFEST` and the build's id
 * as WORKER_VERSION. What it keeps and for how long is lib/pwa/cache-policy.ts; this file wires
 * that policy to Serwist's strategies and plugins.
 */
declare const self: ServiceWorkerGlobalScope & {
  __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
};
declare const WORKER_VERSION: string;

const origin = self.location.origin;

/** The visitor's language, as the server reads it from the cookie (Chromium's cookieStore; pt without it). */
async function currentLocale() {
  try {
    return pageLocale((await self.cookieStore?.get('NEXT_LOCALE'))?.value);
  } catch {
    return pageLocale(undefined);
  }
}

/** Whole 200 answers only, never one marked private or no-store. */
const storableOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorableResponse(response) ? response : null),
};

/** Each language of a page under its own key. */
const keyedByLanguage: SerwistPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => pageCacheKey(request.url, await currentLocale()),
};

/** A page answered from the cache says so, in a Server-Timing metric the page reads. */
const markedAsSaved: SerwistPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.append('Server-Timing', OFFLINE_COPY_TIMING);
    return new Response(cachedResponse.body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

const pagesCache = pagesCacheName(WORKER_VERSION);

/** A page never saved, without a network: the offline page, in the visitor's language. */
const offlineFallback: SerwistPlugin = {
  handlerDidError: async () => {
    const cache = await caches.open(pagesCache);
    const saved = await cache.match(pageCacheKey(new URL(OFFLINE_PAGE, origin).href, await currentLocale()));
    return saved ?? Response.error();
  },
};

const pages = new NetworkFirst({
  cacheName: pagesCache,
  networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
  plugins: [
    storableOnly,
    keyedByLanguage,
    new ExpirationPlugin({ ...PAGE_BOUNDS, purgeOnQuotaError: true }),
    markedAsSaved,
    offlineFallback,
  ],
});

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new version waits until the visitor chooses to update (components/pwa/pwa-client.tsx).
  skipWaiting: false,
  clientsClaim: true,
  runtimeCaching: [
    { matcher: ({ request }) => isPageRequest(request, origin), handler: pages },
    {
      matcher: ({ request }) => isCoverRequest(request, origin),
      handler: new StaleWhileRevalidate({
        cacheName: CACHE_NAMES.covers,
        plugins: [storableOnly, new ExpirationPlugin({ ...COVER_BOUNDS, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ request }) => isAnimeApiRequest(request, origin),
      handler: new StaleWhileRevalidate({
        cacheName: CACHE_NAMES.animeApi,
        plugins: [storableOnly, new ExpirationPlugin({ ...ANIME_API_BOUNDS, purgeOnQuotaError: true })],
      }),
    },
  ],
});

/** The pages that show only local data, saved in the visitor's language through the pages strategy. */
function saveLocalDataPages(event: ExtendableEvent) {
  return Promise.allSettled(
    LOCAL_DATA_PAGES.map((path) =>
      pages.handle({
        event,
        request: new Request(new URL(path, origin), { headers: { Accept: 'text/html' } }),
      }),
    ),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(saveLocalDataPages(event));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => isStalePagesCache(name, WORKER_VERSION)).map((name) => caches.delete(name)),
        ),
      ),
  );
});

serwist.addEventListeners();
