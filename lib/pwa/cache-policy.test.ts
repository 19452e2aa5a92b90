import { describe, expect, it } from 'vitest';
import {
  ANIME_API_BOUNDS,
  COVER_BOUNDS,
  isAnimeApiRequest,
  isCoverRequest,
  isPageRequest,
  buildFilesOf,
  isBuildFileRequest,
  isPrepareOfflineMessage,
  isShareable,
  isStopOfflineKitMessage,
  isStaleBuildCache,
  isStorableResponse,
  OFFLINE_KIT_PAGES,
  OFFLINE_PAGE,
  PAGE_BOUNDS,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  pageCacheKey,
  pageLocale,
  pagesCacheName,
  PREPARE_OFFLINE,
  refreshesKeptAnswer,
  sameOriginBuildFiles,
  staticCacheName,
  STOP_OFFLINE_KIT,
  type RequestLike,
} from './cache-policy';

const ORIGIN = 'https://animemaster.example';

function request(
  path: string,
  init: { method?: string; mode?: string; headers?: Record<string, string> } = {},
) {
  return {
    url: path.startsWith('http') ? path : `${ORIGIN}${path}`,
    method: init.method ?? 'GET',
    mode: init.mode ?? 'cors',
    headers: new Headers(init.headers),
  } satisfies RequestLike;
}
const navigation = (path: string, headers: Record<string, string> = {}) =>
  request(path, { mode: 'navigate', headers: { Accept: 'text/html', ...headers } });

describe('pages', () => {
  it('are navigations and HTML requests of this origin', () => {
    for (const path of ['/', '/anime/20', '/watching', '/search?q=naruto', '/settings', '/offline']) {
      expect(isPageRequest(navigation(path), ORIGIN), path).toBe(true);
    }
    // How the worker and the language switch ask for the local-data pages.
    expect(isPageRequest(request('/watching', { headers: { Accept: 'text/html' } }), ORIGIN)).toBe(true);
  });

  it('are not Next’s data requests, API answers, build files, the worker or the manifest', () => {
    expect(isPageRequest(navigation('/watching', { RSC: '1' }), ORIGIN)).toBe(false);
    for (const path of [
      '/api/anime/20',
      '/_next/static/chunks/a.js',
      '/_next/image?url=x',
      '/sw.js',
      '/manifest.webmanifest',
    ]) {
      expect(isPageRequest(navigation(path), ORIGIN), path).toBe(false);
    }
    expect(isPageRequest(request('/watching'), ORIGIN)).toBe(false);
  });

  it('are never another site’s, nor a request that writes', () => {
    expect(isPageRequest(navigation('https://other.example/watching'), ORIGIN)).toBe(false);
    expect(isPageRequest(request('/watching', { method: 'POST', mode: 'navigate' }), ORIGIN)).toBe(false);
  });

  it('wait for the network for a few seconds at most, within bounds', () => {
    expect(PAGE_NETWORK_TIMEOUT_SECONDS).toBe(3);
    expect(PAGE_BOUNDS.maxEntries).toBeGreaterThan(OFFLINE_KIT_PAGES.length * 2);
    expect(PAGE_BOUNDS.maxAgeSeconds).toBeGreaterThan(0);
  });
});

describe('the offline kit', () => {
  it('is the five lists, the ratings, the settings and the offline page: not the home page', () => {
    expect([...OFFLINE_KIT_PAGES].sort()).toEqual(
      [
        '/completed',
        '/dropped',
        '/my-ratings',
        '/offline',
        '/on-hold',
        '/plan-to-watch',
        '/settings',
        '/watching',
      ].sort(),
    );
    expect(OFFLINE_KIT_PAGES).toContain(OFFLINE_PAGE);
  });

  it('takes the build files a page’s HTML names: scripts, styles, fonts and the RSC payload’s chunks', () => {
    const html = [
      '<link rel="preload" href="/_next/static/media/inter.p.0gsa.woff2" as="font" crossorigin=""/>',
      '<link rel="stylesheet" href="/_next/static/chunks/205qes.css" data-precedence="next"/>',
      '<script src="/_next/static/chunks/3-pz54.js" async=""></script>',
      '<script src="/_next/static/chunks/448kg.js?dpl=abc" async=""></script>',
      '<script>self.__next_f.push([1,"5:I[\\"/_next/static/chunks/0o_3bg.js\\",\\"/_next/static/chunks/3-pz54.js\\"]"])</script>',
      '<img src="/_next/image?url=%2Fimages%2Fa.jpg&w=384"/><a href="/_next/static/chunks/notes.txt">',
    ].join('');
    expect(buildFilesOf(html).sort()).toEqual(
      [
        '/_next/static/chunks/0o_3bg.js',
        '/_next/static/chunks/205qes.css',
        '/_next/static/chunks/3-pz54.js',
        '/_next/static/chunks/448kg.js',
        '/_next/static/media/inter.p.0gsa.woff2',
      ].sort(),
    );
    expect(buildFilesOf('<main>Sem conexão</main>')).toEqual([]);
  });

  it('keeps the build files the page loaded, of this origin only, as paths', () => {
    expect(
      sameOriginBuildFiles(
        [
          `${ORIGIN}/_next/static/chunks/a.js`,
          `${ORIGIN}/_next/static/chunks/a.js`,
          `${ORIGIN}/_next/image?url=x`,
          'https://other.example/_next/static/chunks/b.js',
          '/_next/static/chunks/c.css',
          'http://[bad',
        ],
        ORIGIN,
      ),
    ).toEqual(['/_next/static/chunks/a.js', '/_next/static/chunks/c.css']);
  });

  it('is asked for by a message with the loaded files, nothing else', () => {
    expect(isPrepareOfflineMessage({ type: PREPARE_OFFLINE, loaded: ['/_next/static/chunks/a.js'] })).toBe(
      true,
    );
    expect(isPrepareOfflineMessage({ type: PREPARE_OFFLINE, loaded: [] })).toBe(true);
    for (const data of [
      null,
      'PREPARE_OFFLINE',
      { type: PREPARE_OFFLINE },
      { type: 'SKIP_WAITING' },
      { type: PREPARE_OFFLINE, loaded: [1] },
    ])
      expect(isPrepareOfflineMessage(data), JSON.stringify(data)).toBe(false);
  });

  it('is stopped by its own message only, never by a kit request or a skip-waiting one', () => {
    expect(isStopOfflineKitMessage({ type: STOP_OFFLINE_KIT })).toBe(true);
    for (const data of [
      null,
      STOP_OFFLINE_KIT,
      { type: PREPARE_OFFLINE, loaded: [] },
      { type: 'SKIP_WAITING' },
    ])
      expect(isStopOfflineKitMessage(data), JSON.stringify(data)).toBe(false);
  });
});

describe('build files', () => {
  it('are Next’s /_next/static files of this origin, read without credentials', () => {
    expect(isBuildFileRequest(request('/_next/static/chunks/a.js'), ORIGIN)).toBe(true);
    expect(isBuildFileRequest(request('/_next/static/media/inter.woff2'), ORIGIN)).toBe(true);
    expect(isBuildFileRequest(request('/_next/image?url=x'), ORIGIN)).toBe(false);
    expect(isBuildFileRequest(request('https://other.example/_next/static/chunks/a.js'), ORIGIN)).toBe(false);
    expect(
      isBuildFileRequest(
        request('/_next/static/chunks/a.js', { headers: { Authorization: 'Bearer t' } }),
        ORIGIN,
      ),
    ).toBe(false);
  });
});

describe('page cache keys', () => {
  it('keep the two languages of one URL apart and drop the fragment', () => {
    const pt = pageCacheKey(`${ORIGIN}/watching#top`, 'pt');
    const en = pageCacheKey(`${ORIGIN}/watching`, 'en');
    expect(pt).toBe(`${ORIGIN}/watching?__locale=pt`);
    expect(en).toBe(`${ORIGIN}/watching?__locale=en`);
    expect(pageCacheKey(`${ORIGIN}/search?q=bleach`, 'pt')).toBe(`${ORIGIN}/search?q=bleach&__locale=pt`);
  });

  it('name the language as the server reads it from the cookie: pt or en, else pt', () => {
    expect(pageLocale('en')).toBe('en');
    expect(pageLocale(' en\t')).toBe('en');
    expect(pageLocale('pt')).toBe('pt');
    for (const value of [undefined, null, '', 'EN', 'fr', 'en-US'])
      expect(pageLocale(value), String(value)).toBe('pt');
  });

  it('belong to one build: another build’s pages and build files are stale, as is the old bulk precache', () => {
    expect(isStaleBuildCache(pagesCacheName('build-1'), 'build-2')).toBe(true);
    expect(isStaleBuildCache(staticCacheName('build-1'), 'build-2')).toBe(true);
    expect(isStaleBuildCache('serwist-precache-v2-https://animemaster.example/', 'build-2')).toBe(true);
    expect(isStaleBuildCache(pagesCacheName('build-2'), 'build-2')).toBe(false);
    expect(isStaleBuildCache(staticCacheName('build-2'), 'build-2')).toBe(false);
    expect(isStaleBuildCache('anime-master-covers', 'build-2')).toBe(false);
    expect(isStaleBuildCache('anime-master-anime-api', 'build-2')).toBe(false);
  });
});

describe('covers and anime API answers', () => {
  it('are the optimiser’s covers and the public images of this origin', () => {
    expect(
      isCoverRequest(
        request('/_next/image?url=https%3A%2F%2Fcdn.myanimelist.net%2Fa.jpg&w=384&q=75'),
        ORIGIN,
      ),
    ).toBe(true);
    expect(isCoverRequest(request('/images/anime-placeholder.svg'), ORIGIN)).toBe(true);
    expect(isCoverRequest(request('https://cdn.myanimelist.net/images/anime/1/1.jpg'), ORIGIN)).toBe(false);
    expect(isCoverRequest(request('/_next/static/media/icon.svg'), ORIGIN)).toBe(false);
  });

  it('are the anime API, not the rest of the API', () => {
    for (const path of [
      '/api/anime/20',
      '/api/anime/search?q=naruto',
      '/api/anime/season',
      '/api/anime/top',
    ]) {
      expect(isAnimeApiRequest(request(path), ORIGIN), path).toBe(true);
    }
    for (const path of [
      '/api/library',
      '/api/streaming/episodes?id=20',
      '/api/animesomething',
      '/anime/20',
    ]) {
      expect(isAnimeApiRequest(request(path), ORIGIN), path).toBe(false);
    }
  });

  it('are bounded in count and age', () => {
    for (const bounds of [COVER_BOUNDS, ANIME_API_BOUNDS]) {
      expect(bounds.maxEntries).toBeGreaterThan(0);
      expect(bounds.maxEntries).toBeLessThanOrEqual(500);
      expect(bounds.maxAgeSeconds).toBeGreaterThan(0);
      expect(bounds.maxAgeSeconds).toBeLessThanOrEqual(30 * 86_400);
    }
  });
});

describe('refreshes of kept anime API answers', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const kept = (date?: string) => new Response('{}', { headers: date ? { Date: date } : {} });

  it('are background jobs while the copy the page got is within its age', () => {
    expect(refreshesKeptAnswer(kept('Fri, 27 Nov 2026 11:59:00 GMT'), now)).toBe(true);
    expect(refreshesKeptAnswer(kept('Thu, 26 Nov 2026 12:00:00 GMT'), now)).toBe(true);
    // No Date to judge by: the expiration plugin's own bookkeeping bounds it; it was answered.
    expect(refreshesKeptAnswer(kept(), now)).toBe(true);
  });

  it('are what the page waits for with no copy, or one too old to be answered', () => {
    expect(refreshesKeptAnswer(undefined, now)).toBe(false);
    const tooOld = new Date(now - ANIME_API_BOUNDS.maxAgeSeconds * 1000 - 1000).toUTCString();
    expect(refreshesKeptAnswer(kept(tooOld), now)).toBe(false);
  });
});

describe('what is never cached', () => {
  it('a request with credentials, whatever it asks for', () => {
    const auth = { Authorization: 'Bearer token' };
    expect(isShareable(request('/api/anime/20', { headers: auth }), ORIGIN)).toBe(false);
    expect(isAnimeApiRequest(request('/api/anime/20', { headers: auth }), ORIGIN)).toBe(false);
    expect(isPageRequest(navigation('/anime/20', auth), ORIGIN)).toBe(false);
    expect(isCoverRequest(request('/_next/image?url=x', { headers: auth }), ORIGIN)).toBe(false);
  });

  it('the library and anything below it, even without credentials', () => {
    for (const path of ['/api/library', '/api/library/', '/api/library?since=1']) {
      expect(isShareable(request(path), ORIGIN), path).toBe(false);
    }
    expect(isShareable(request('/api/libraryx'), ORIGIN)).toBe(true);
  });

  it('an answer that is private, no-store or not a whole 200', () => {
    const answer = (status: number, cacheControl?: string) => ({
      status,
      headers: new Headers(cacheControl ? { 'Cache-Control': cacheControl } : {}),
    });
    expect(isStorableResponse(answer(200))).toBe(true);
    expect(isStorableResponse(answer(200, 'public, s-maxage=600, stale-while-revalidate=86400'))).toBe(true);
    expect(isStorableResponse(answer(200, 'private, no-store'))).toBe(false);
    expect(isStorableResponse(answer(200, 'private, max-age=600'))).toBe(false);
    expect(isStorableResponse(answer(200, 'no-store'))).toBe(false);
    expect(isStorableResponse(answer(200, 'Private'))).toBe(false);
    expect(isStorableResponse(answer(200, 'max-age=0,no-store'))).toBe(false);
    for (const status of [0, 206, 304, 404, 429, 500, 503])
      expect(isStorableResponse(answer(status)), String(status)).toBe(false);
  });
});
