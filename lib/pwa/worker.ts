/// <reference lib="webworker" />
import {
  CacheFirst,
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
  buildFilesOf,
  isAnimeApiRequest,
  isBuildFileRequest,
  isCoverRequest,
  isPageRequest,
  isPrepareOfflineMessage,
  isStopOfflineKitMessage,
  PREPARE_OFFLINE,
  isStaleBuildCache,
  isStorableResponse,
  OFFLINE_COPY_TIMING,
  OFFLINE_KIT_PAGES,
  OFFLINE_PAGE,
  PAGE_BOUNDS,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  pageCacheKey,
  pageLocale,
  pagesCacheName,
  refreshesKeptAnswer,
  sameOriginBuildFiles,
  STATIC_BOUNDS,
  staticCacheName,
} from './cache-policy';
import { BACKGROUND_REQUEST_HEADERS } from '@/lib/request-priority';

/**
 * The service worker, built by `serwist build` (scripts/build-worker.mjs) after `next build` into
 * public/sw.js, with the build's id as WORKER_VERSION. It precaches nothing when it installs:
 * build files are kept as pages load them, and the offline kit when the page asks for it
 * (PREPARE_OFFLINE, lib/pwa/offline-kit.ts). What it keeps and for how long is
 * lib/pwa/cache-policy.ts; this file wires that policy to Serwist's strategies and plugins.
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

/** `request` marked as a background job's (lib/request-priority.ts). */
function asBackground(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(BACKGROUND_REQUEST_HEADERS)) headers.set(name, value);
  return new Request(request, { headers });
}

/**
 * The refresh of an anime API answer the page already has from this cache waits, on the server,
 * behind what people are waiting for: it is sent as a background job's request.
 */
const refreshInBackground: SerwistPlugin = {
  requestWillFetch: async ({ request }) => {
    const kept = await (await caches.open(CACHE_NAMES.animeApi)).match(request);
    return refreshesKeptAnswer(kept) ? asBackground(request) : request;
  },
};

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

const staticCache = staticCacheName(WORKER_VERSION);

/** Build files: named by their content, so a kept one is always right (for this build). */
const buildFiles = new CacheFirst({
  cacheName: staticCache,
  plugins: [storableOnly, new ExpirationPlugin({ ...STATIC_BOUNDS, purgeOnQuotaError: true })],
});

const serwist = new Serwist({
  // Empty (serwist.config.mjs): nothing is downloaded in bulk when the worker installs.
  precacheEntries: self.__SW_MANIFEST,
  // A new version waits until the visitor chooses to update (components/pwa/pwa-client.tsx).
  skipWaiting: false,
  clientsClaim: true,
  runtimeCaching: [
    { matcher: ({ request }) => isPageRequest(request, origin), handler: pages },
    { matcher: ({ request }) => isBuildFileRequest(request, origin), handler: buildFiles },
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
        plugins: [
          refreshInBackground,
          storableOnly,
          new ExpirationPlugin({ ...ANIME_API_BOUNDS, purgeOnQuotaError: true }),
        ],
      }),
    },
  ],
});

/** A page of the kit, from the pages cache in the visitor's language, or through the pages strategy. */
async function kitPage(
  event: ExtendableEvent,
  path: string,
  locale: string,
  signal: AbortSignal,
): Promise<string> {
  const url = new URL(path, origin).href;
  const saved = await (await caches.open(pagesCache)).match(pageCacheKey(url, pageLocale(locale)));
  const response =
    saved ??
    (await pages.handle({
      event,
      // Nobody waits for the kit: its requests say so (lib/request-priority.ts).
      request: asBackground(new Request(url, { headers: { Accept: 'text/html' }, signal })),
    }));
  return response.ok ? response.text() : '';
}

/**
 * The offline kit (cache-policy.ts): the kit's pages in the visitor's language, and the build
 * files their HTML names plus those the page has loaded, each fetched only when not kept yet (the
 * page's own come from the browser's HTTP cache). One at a time: it never competes with the page.
 */
let preparing: Promise<unknown> | null = null;
/** Aborted when the visitor chooses a new version (STOP_OFFLINE_KIT): this worker asks for nothing more. */
const replaced = new AbortController();
async function prepareOffline(event: ExtendableEvent, loaded: string[]) {
  const { signal } = replaced;
  const locale = await currentLocale();
  const files = new Set(sameOriginBuildFiles(loaded, origin));
  for (const path of OFFLINE_KIT_PAGES) {
    if (signal.aborted) return;
    try {
      for (const file of buildFilesOf(await kitPage(event, path, locale, signal))) files.add(file);
    } catch {
      // no network: what is kept stays, the next page load asks again
    }
  }
  const cache = await caches.open(staticCache);
  for (const file of files) {
    if (signal.aborted) return;
    const request = new Request(new URL(file, origin).href, { signal });
    if (await cache.match(request)) continue;
    try {
      await buildFiles.handle({ event, request });
    } catch {
      // kept on a later visit
    }
  }
}

self.addEventListener('message', (event) => {
  if (isStopOfflineKitMessage(event.data)) {
    replaced.abort();
    return;
  }
  if (!isPrepareOfflineMessage(event.data) || replaced.signal.aborted) return;
  const { loaded } = event.data;
  // Asks that overlap (two tabs, a language switch) share one pass, then the last runs again.
  const run = (preparing ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => prepareOffline(event, loaded));
  preparing = run;
  // A port sent with the message hears when the kit is kept (tests, and any page that waits).
  const done = run.finally(() => {
    if (preparing === run) preparing = null;
    event.ports[0]?.postMessage({ type: PREPARE_OFFLINE, done: true });
  });
  event.waitUntil(done);
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => isStaleBuildCache(name, WORKER_VERSION)).map((name) => caches.delete(name)),
        ),
      ),
  );
});

serwist.addEventListeners();
