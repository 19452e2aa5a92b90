import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InProcessCache } from '@/lib/server/cache';
import type { Cache } from '@/lib/server/contracts';
import { AppError } from '@/lib/server/errors';
import { getRateLimiter } from '@/lib/server/rate-limiter';
import { captureServerLog } from '@/test/support/log';
import { NOT_FOUND_TTL_MS, REFRESH_RETRY_MS } from './client';
import {
  MAX_ANIME_ID,
  getAnimeDetails,
  getAnimeIdByTitle,
  getPopularAnime,
  getSeasonNow,
  getTopAnime,
  isStopgapPage,
  searchAnime,
  suggestAnime,
} from './index';
import { freshProcess, provideProcessState } from '@/test/support/process';
import { freshDataLayer } from '@/test/support/data-layer';

const BASE = 'http://jikan.test/v4';
const anon = { adult: false };

function record(id: number, overrides: Record<string, unknown> = {}) {
  return {
    mal_id: id,
    title: `Anime ${id}`,
    rating: 'PG-13 - Teens 13 or older',
    genres: [{ mal_id: 1, type: 'anime', name: 'Action', url: 'x' }],
    images: { jpg: { image_url: `https://cdn.myanimelist.net/${id}.jpg` } },
    ...overrides,
  };
}

function listBody(ids: number[], hasNext = true) {
  return { data: ids.map((id) => record(id)), pagination: { current_page: 1, has_next_page: hasNext } };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

/** Replaces fetch with `handler`; returns the list of requested URLs. */
function upstream(handler: Handler): URL[] {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(url);
      return handler(url, init);
    }),
  );
  return calls;
}

/** A server that never answers: only the abort signal ends the request. */
const hang: Handler = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

let log: ReturnType<typeof captureServerLog>;

beforeEach(() => {
  process.env.JIKAN_BASE_URL = BASE;
  process.env.JIKAN_MIN_INTERVAL_MS = '0';
  process.env.JIKAN_TIMEOUT_MS = '1000';
  freshDataLayer();
  log = captureServerLog('info');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete process.env.JIKAN_BASE_URL;
  delete process.env.JIKAN_MIN_INTERVAL_MS;
  delete process.env.JIKAN_TIMEOUT_MS;
  freshDataLayer();
  log.stop();
});

describe('searchAnime', () => {
  it.each(['', '   ', '\n\t'])('answers an empty page for the blank query %j without a call', async (q) => {
    const calls = upstream(() => json(listBody([1])));
    expect(await searchAnime({ q, page: 3 }, anon)).toEqual({
      data: [],
      pagination: { page: 3, hasNextPage: false },
    });
    expect(calls).toHaveLength(0);
  });

  it('answers an empty page without a call for a query over 200 characters', async () => {
    const calls = upstream(() => json(listBody([1])));
    const page = await searchAnime({ q: 'x'.repeat(201) }, anon);
    expect(page.data).toEqual([]);
    expect(isStopgapPage(page)).toBe(false);
    expect(calls).toHaveLength(0);
    await searchAnime({ q: `  ${'y'.repeat(200)}  ` }, anon);
    expect(calls).toHaveLength(1);
  });

  it('sends the normalised query with 25 per page by default', async () => {
    const calls = upstream(() => json(listBody([1, 2], true)));
    const page = await searchAnime({ q: '  Naruto ' }, anon);
    expect(page.pagination).toEqual({ page: 1, hasNextPage: true });
    expect(page.data.map((a) => a.id)).toEqual([1, 2]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.pathname).toBe('/v4/anime');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ q: 'naruto', page: '1', limit: '25' });
  });

  it('URL-encodes hostile text into q and never into the path', async () => {
    const calls = upstream(() => json(listBody([])));
    await searchAnime({ q: '<script>alert(1)</script> ../../etc/passwd?x=1&y' }, anon);
    expect(calls[0]!.pathname).toBe('/v4/anime');
    expect(calls[0]!.searchParams.get('q')).toBe('<script>alert(1)</script> ../../etc/passwd?x=1&y');
    expect(calls[0]!.search).not.toContain('<');
    expect([...calls[0]!.searchParams.keys()].sort()).toEqual(['limit', 'page', 'q']);
  });

  it.each([
    ['title', 'title'],
    ['SCORE', 'score'],
    ['popularity', 'popularity'],
    ['rank', 'rank'],
    ['start_date', 'start_date'],
    ['end_date', 'end_date'],
    ['episodes', 'episodes'],
    ['id', 'mal_id'],
    ['rating', 'rating'],
    ['members', null],
    ['score; drop table', null],
    ['__proto__', null],
  ])('order_by %s is sent as %s', async (orderBy, sent) => {
    const calls = upstream(() => json(listBody([])));
    await searchAnime({ q: 'x', orderBy, sort: 'desc' }, anon);
    expect(calls[0]!.searchParams.get('order_by')).toBe(sent);
  });

  it.each([
    ['asc', 'asc'],
    ['DESC', 'desc'],
    ['descending', null],
    ['1', null],
  ])('sort %s is sent as %s', async (sort, sent) => {
    const calls = upstream(() => json(listBody([])));
    await searchAnime({ q: 'x', sort }, anon);
    expect(calls[0]!.searchParams.get('sort')).toBe(sent);
  });

  it('sends only known types, statuses and numeric genre ids', async () => {
    const calls = upstream(() => json(listBody([])));
    await searchAnime({ q: 'x', type: 'Movie', status: 'airing', genres: '1, 2,abc,2,-4' }, anon);
    expect(calls[0]!.searchParams.get('type')).toBe('movie');
    expect(calls[0]!.searchParams.get('status')).toBe('airing');
    expect(calls[0]!.searchParams.get('genres')).toBe('1,2');

    await searchAnime({ q: 'y', type: 'hentai', status: 'finished', genres: 'x' }, anon);
    expect(calls[1]!.searchParams.get('type')).toBeNull();
    expect(calls[1]!.searchParams.get('status')).toBeNull();
    expect(calls[1]!.searchParams.get('genres')).toBeNull();
  });

  it('caps limit at 25 and ignores a nonsense page', async () => {
    const calls = upstream(() => json(listBody([])));
    await searchAnime({ q: 'x', limit: 500, page: -2 }, anon);
    expect(calls[0]!.searchParams.get('limit')).toBe('25');
    expect(calls[0]!.searchParams.get('page')).toBe('1');
  });

  it('applies the SPEC §5 result filter, hiding adult content from anonymous visitors', async () => {
    upstream(() =>
      json({
        data: [
          record(1),
          record(2, { rating: 'Rx - Hentai' }),
          record(3, { rating: 'R+ - Mild Nudity' }),
          record(4, { themes: [{ name: 'Harem' }] }),
          record(5, { explicit_genres: [{ name: 'Ecchi' }] }),
          record(6, { approved: false }),
          record(0),
          record(7, { title: '' }),
          record(8),
        ],
        pagination: { has_next_page: false },
      }),
    );
    expect((await searchAnime({ q: 'x' }, anon)).data.map((a) => a.id)).toEqual([1, 8]);
    // Same cached answer, filtered for an adult.
    expect((await searchAnime({ q: 'x' }, { adult: true })).data.map((a) => a.id)).toEqual([
      1, 2, 3, 4, 5, 8,
    ]);
  });

  it('drops a malformed record and keeps the rest', async () => {
    upstream(() => json({ data: [record(1), { title: 'no id' }, 'junk', record(2)], pagination: null }));
    const page = await searchAnime({ q: 'x' }, anon);
    expect(page.data.map((a) => a.id)).toEqual([1, 2]);
    expect(page.pagination.hasNextPage).toBe(false);
  });

  it('answers repeats from the cache, whatever the case or spacing of q', async () => {
    const calls = upstream(() => json(listBody([1])));
    await searchAnime({ q: 'Naruto' }, anon);
    await searchAnime({ q: 'naruto  ' }, anon);
    await searchAnime({ q: ' NARUTO', page: 1, limit: 25 }, anon);
    expect(calls).toHaveLength(1);
    await searchAnime({ q: 'naruto', page: 2 }, anon);
    expect(calls).toHaveLength(2);
  });

  it('makes one upstream call for 50 concurrent identical searches', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = upstream(async () => {
      await gate;
      return json(listBody([1, 2]));
    });
    const pages = Promise.all(Array.from({ length: 50 }, () => searchAnime({ q: 'bleach' }, anon)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const results = await pages;
    expect(calls).toHaveLength(1);
    expect(results.every((p) => p.data.length === 2)).toBe(true);
  });

  it.each([
    ['HTTP 500', () => new Response('oops', { status: 500 })],
    ['HTTP 503', () => new Response('busy', { status: 503 })],
    ['malformed JSON', () => new Response('{"data": [', { status: 200 })],
    ['an HTML page', () => new Response('<html>Cloudflare</html>', { status: 200 })],
    ['a body without data', () => json({ pagination: {} })],
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
  ] as [string, Handler][])('answers an empty stop-gap page on %s', async (_label, handler) => {
    upstream(handler);
    const page = await searchAnime({ q: 'x', page: 2 }, anon);
    expect(page).toEqual({ data: [], pagination: { page: 2, hasNextPage: false } });
    expect(isStopgapPage(page)).toBe(true);
    expect(log.matching(/answering an empty page/)).toHaveLength(1);
  });

  it('answers an empty page when the call times out', async () => {
    process.env.JIKAN_TIMEOUT_MS = '50';
    freshDataLayer();
    upstream(hang);
    const page = await searchAnime({ q: 'x' }, anon);
    expect(isStopgapPage(page)).toBe(true);
  });

  it('does not mark real or blank answers as stop-gaps', async () => {
    upstream(() => json(listBody([])));
    expect(isStopgapPage(await searchAnime({ q: '' }, anon))).toBe(false);
    expect(isStopgapPage(await searchAnime({ q: 'x' }, anon))).toBe(false);
  });
});

describe('suggestAnime', () => {
  it('makes no call below 2 characters', async () => {
    const calls = upstream(() => json(listBody([1])));
    expect((await suggestAnime(' a ', anon)).data).toEqual([]);
    expect((await suggestAnime('', anon)).data).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('asks for 5', async () => {
    const calls = upstream(() => json(listBody([1, 2, 3, 4, 5])));
    expect((await suggestAnime('na', anon)).data).toHaveLength(5);
    expect(calls[0]!.searchParams.get('limit')).toBe('5');
    expect(calls[0]!.searchParams.get('q')).toBe('na');
  });
});

describe('other listings', () => {
  it('top defaults to type tv and filter bypopularity', async () => {
    const calls = upstream(() => json(listBody([1])));
    await getTopAnime({ page: 1, limit: 10 }, anon);
    expect(calls[0]!.pathname).toBe('/v4/top/anime');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      filter: 'bypopularity',
      limit: '10',
      page: '1',
      type: 'tv',
    });
    await getTopAnime({ type: 'movie', filter: 'airing' }, anon);
    expect(calls[1]!.searchParams.get('type')).toBe('movie');
    expect(calls[1]!.searchParams.get('filter')).toBe('airing');
    await getTopAnime({ type: 'bogus', filter: 'bogus', page: 2 }, anon);
    expect(calls[2]!.searchParams.get('type')).toBe('tv');
    expect(calls[2]!.searchParams.get('filter')).toBe('bypopularity');
  });

  it('season now defaults to filter tv', async () => {
    const calls = upstream(() => json(listBody([1])));
    const page = await getSeasonNow({ limit: 20 }, anon);
    expect(page.data).toHaveLength(1);
    expect(calls[0]!.pathname).toBe('/v4/seasons/now');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({ filter: 'tv', limit: '20', page: '1' });
  });

  it('popular asks for TV by popularity rank, most popular first, with optional genres', async () => {
    const calls = upstream(() => json(listBody([1])));
    await getPopularAnime({ limit: 20, genres: '1,4' }, anon);
    expect(calls[0]!.pathname).toBe('/v4/anime');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      genres: '1,4',
      limit: '20',
      order_by: 'popularity',
      page: '1',
      sort: 'asc',
      type: 'tv',
    });
  });
});

/** Polls `condition` on real timers (vi.waitFor would move a faked clock on). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe('rate limiting and stale serving', () => {
  const T0 = new Date('2025-01-01T00:00:00Z').getTime();

  beforeEach(() => {
    // Only the clock is faked: fetch stubs and the 0 ms limiter need no timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
  });

  it('on 429 with Retry-After: 5 makes no call for 5 s, answering empty pages, then calls again', async () => {
    let limited = true;
    const calls = upstream(() =>
      limited ? new Response('{}', { status: 429, headers: { 'Retry-After': '5' } }) : json(listBody([1])),
    );
    const first = await searchAnime({ q: 'a' }, anon);
    expect(isStopgapPage(first)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(await getRateLimiter().limitedForMs()).toBe(5000);

    limited = false;
    vi.setSystemTime(T0 + 4999);
    expect(isStopgapPage(await searchAnime({ q: 'b' }, anon))).toBe(true);
    expect(isStopgapPage(await getTopAnime({}, anon))).toBe(true);
    expect(calls).toHaveLength(1);

    vi.setSystemTime(T0 + 5000);
    expect((await searchAnime({ q: 'b' }, anon)).data).toHaveLength(1);
    expect(calls).toHaveLength(2);
  });

  it('on 429 without Retry-After backs off for 60 s', async () => {
    const calls = upstream(() => new Response('', { status: 429 }));
    await searchAnime({ q: 'a' }, anon);
    expect(await getRateLimiter().limitedForMs()).toBe(60_000);
    vi.setSystemTime(T0 + 59_999);
    await searchAnime({ q: 'b' }, anon);
    expect(calls).toHaveLength(1);
  });

  it('serves a fresh cached entry during a back-off, and an expired one too', async () => {
    let status = 200;
    const calls = upstream(() =>
      status === 200
        ? json(listBody([1, 2]))
        : new Response('', { status: 429, headers: { 'Retry-After': '3600' } }),
    );
    await searchAnime({ q: 'cached' }, anon);
    expect(calls).toHaveLength(1);

    status = 429;
    await searchAnime({ q: 'other' }, anon);
    expect(calls).toHaveLength(2);

    const fresh = await searchAnime({ q: 'cached' }, anon);
    expect(fresh.data.map((a) => a.id)).toEqual([1, 2]);

    vi.setSystemTime(T0 + 11 * 60 * 1000);
    const stale = await searchAnime({ q: 'cached' }, anon);
    expect(stale.data.map((a) => a.id)).toEqual([1, 2]);
    expect(isStopgapPage(stale)).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['HTTP 500', () => new Response('', { status: 500 })],
    ['malformed JSON', () => new Response('not json', { status: 200 })],
    ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
  ] as [string, Handler][])(
    'keeps serving an expired entry when its background refresh fails with %s, and waits before retrying',
    async (_label, failure) => {
      let failing = false;
      const calls = upstream((url, init) => (failing ? failure(url, init) : json(listBody([7]))));
      await getTopAnime({}, anon);
      failing = true;
      vi.setSystemTime(T0 + 11 * 60 * 1000);
      const page = await getTopAnime({}, anon);
      expect(page.data.map((a) => a.id)).toEqual([7]);
      // Real timers (only Date is faked): wait until the background refresh has failed.
      await until(() => log.matching(/still serving/).length > 0);
      expect(calls).toHaveLength(2);
      // Within REFRESH_RETRY_MS the stale copy answers without another try.
      const failedAt = Date.now();
      vi.setSystemTime(failedAt + REFRESH_RETRY_MS - 1);
      expect((await getTopAnime({}, anon)).data.map((a) => a.id)).toEqual([7]);
      expect(calls).toHaveLength(2);
      vi.setSystemTime(failedAt + REFRESH_RETRY_MS);
      await getTopAnime({}, anon);
      await vi.waitFor(() => expect(calls).toHaveLength(3));
    },
  );

  it('answers an expired entry at once and refreshes it with one background call (stale-while-revalidate)', async () => {
    let ids = [1];
    let release: () => void = () => undefined;
    const calls = upstream(async () => {
      if (ids[0] === 2) await new Promise<void>((resolve) => (release = resolve));
      return json(listBody(ids));
    });
    await getTopAnime({}, anon);
    ids = [2];
    vi.setSystemTime(T0 + 9 * 60 * 1000);
    expect((await getTopAnime({}, anon)).data[0]!.id).toBe(1);
    expect(calls).toHaveLength(1);

    vi.setSystemTime(T0 + 10 * 60 * 1000);
    // The database is slow to answer: 20 readers get the old copy meanwhile, one call is made.
    const pages = await Promise.all(Array.from({ length: 20 }, () => getTopAnime({}, anon)));
    expect(pages.every((page) => page.data[0]!.id === 1)).toBe(true);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    release();
    await vi.waitFor(async () => expect((await getTopAnime({}, anon)).data[0]!.id).toBe(2));
    expect(calls).toHaveLength(2);
  });

  it('answers an expired entry at once while the database hangs', async () => {
    const calls = upstream(() => json(listBody([3])));
    await searchAnime({ q: 'hang' }, anon);
    upstream(hang);
    // A timeout far longer than any pause of a busy machine: "at once" is well within it.
    process.env.JIKAN_TIMEOUT_MS = '30000';
    vi.setSystemTime(T0 + 11 * 60 * 1000);
    const started = performance.now();
    expect((await searchAnime({ q: 'hang' }, anon)).data.map((a) => a.id)).toEqual([3]);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(calls).toHaveLength(1);
  });
});

describe('getAnimeDetails', () => {
  const full = (id: number) => ({
    data: record(id, { external: [{ name: 'Site', url: 'https://site.example/' }] }),
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, Number.MAX_VALUE])(
    'refuses id %s with "ID de anime inválido" and no call',
    async (id) => {
      const calls = upstream(() => json(full(1)));
      await expect(getAnimeDetails(id)).rejects.toMatchObject({
        code: 'INVALID_ID',
        message: 'ID de anime inválido',
      });
      expect(calls).toHaveLength(0);
    },
  );

  it('reads /anime/{id}/full', async () => {
    const calls = upstream(() => json(full(21)));
    const details = await getAnimeDetails(21);
    expect(details.id).toBe(21);
    expect(details.externalLinks).toEqual([{ name: 'Site', url: 'https://site.example/' }]);
    expect(calls.map((u) => u.pathname)).toEqual(['/v4/anime/21/full']);
    await getAnimeDetails(21);
    expect(calls).toHaveLength(1);
  });

  it("takes another instance's answer that landed between its read and its lock, without a call", async () => {
    const calls = upstream(() => json(full(23)));
    const details = await getAnimeDetails(23);
    expect(calls).toHaveLength(1);
    // A shared cache (Redis) where the other instance answers and lets go just as this one reads
    // nothing and asks for the lock.
    const local = new InProcessCache({ ttlMs: 60_000 });
    const shared: Cache = {
      shared: true,
      get: (key) => local.get(key),
      set: (key, value) => local.set(key, value),
      delete: (key) => local.delete(key),
      clear: () => local.clear(),
      tryLock: async (key) => {
        await local.set(key, details);
        return true;
      },
      isLocked: async () => false,
      unlock: async () => undefined,
    };
    provideProcessState('cache', { cache: shared });
    expect((await getAnimeDetails(23)).id).toBe(23);
    expect(calls).toHaveLength(1);
  });

  /** What undici rejects with when a kept-alive socket was closed by the server under the request. */
  const dropped = () =>
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });

  it('tries once more when the connection was dropped before an answer', async () => {
    let first = true;
    const calls = upstream(() => {
      if (!first) return json(full(22));
      first = false;
      throw dropped();
    });
    expect((await getAnimeDetails(22)).id).toBe(22);
    expect(calls.map((u) => u.pathname)).toEqual(['/v4/anime/22/full', '/v4/anime/22/full']);
  });

  it('a second dropped connection, or any other network failure, is UPSTREAM_ERROR at once', async () => {
    const calls = upstream(() => {
      throw dropped();
    });
    await expect(getAnimeDetails(23)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
    // /full twice: the one new try.
    expect(calls.filter((u) => u.pathname === '/v4/anime/23/full')).toHaveLength(2);

    const refused = upstream(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      });
    });
    await expect(getAnimeDetails(24)).rejects.toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect(refused.filter((u) => u.pathname === '/v4/anime/24/full')).toHaveLength(1);
  });

  it.each([
    [
      '404',
      () =>
        json(
          { status: 404, type: 'BadResponseException', message: 'Resource does not exist' },
          { status: 404 },
        ),
    ],
  ] as [string, Handler][])(
    'falls back to /anime/{id} when /full answers %s, and remembers it',
    async (_label, failure) => {
      const calls = upstream((url, init) =>
        url.pathname.endsWith('/full') ? failure(url, init) : json({ data: record(5) }),
      );
      const details = await getAnimeDetails(5);
      expect(details.title).toBe('Anime 5');
      expect(calls.map((u) => u.pathname)).toEqual(['/v4/anime/5/full', '/v4/anime/5']);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 11 * 60 * 1000);
      // The basic record is stale now: answered at once and refreshed; /full is not asked again.
      expect((await getAnimeDetails(5)).title).toBe('Anime 5');
      await vi.waitFor(() => expect(calls).toHaveLength(3));
      expect(calls.map((u) => u.pathname).at(-1)).toBe('/v4/anime/5');
    },
  );

  it.each([
    ['500', () => new Response('', { status: 500 }), 'UPSTREAM_ERROR'],
    ['malformed JSON', () => new Response('{', { status: 200 }), 'INVALID_RESPONSE'],
    ['429', () => new Response('', { status: 429, headers: { 'Retry-After': '9' } }), 'RATE_LIMITED'],
  ] as [string, Handler, string][])(
    'does not try /anime/{id} when /full fails with %s (same database, same quota)',
    async (_label, failure, code) => {
      const calls = upstream((url, init) =>
        url.pathname.endsWith('/full') ? failure(url, init) : json({ data: record(5) }),
      );
      await expect(getAnimeDetails(5)).rejects.toMatchObject({ code });
      expect(calls.map((u) => u.pathname)).toEqual(['/v4/anime/5/full']);
    },
  );

  it('remembers for an hour an id that exists on neither endpoint', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const T = new Date('2025-01-01T00:00:00Z').getTime();
    vi.setSystemTime(T);
    const calls = upstream(() => json({ status: 404, message: 'Resource does not exist' }, { status: 404 }));
    for (let i = 0; i < 3; i += 1) {
      await expect(getAnimeDetails(999_999)).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
    }
    expect(calls.map((u) => u.pathname)).toEqual(['/v4/anime/999999/full', '/v4/anime/999999']);
    vi.setSystemTime(T + NOT_FOUND_TTL_MS + 1);
    await expect(getAnimeDetails(999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(calls).toHaveLength(4);
  });

  it('refuses an id longer than MyAnimeList can have without a call', async () => {
    const calls = upstream(() => json(full(1)));
    await expect(getAnimeDetails(MAX_ANIME_ID + 1)).rejects.toMatchObject({ code: 'INVALID_ID' });
    await expect(getAnimeDetails(1_234_567_890_123_456)).rejects.toMatchObject({ code: 'INVALID_ID' });
    expect(calls).toHaveLength(0);
    await getAnimeDetails(MAX_ANIME_ID);
    expect(calls).toHaveLength(1);
  });

  it('reports a missing anime with the SPEC §8 message', async () => {
    upstream(() => json({ status: 404, message: 'Not Found' }, { status: 404 }));
    await expect(getAnimeDetails(99_999)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Anime com ID 99999 não foi encontrado na base de dados.',
    });
  });

  it('reports rate limiting with the SPEC §8 message and the time left', async () => {
    const calls = upstream(() => new Response('', { status: 429, headers: { 'Retry-After': '30' } }));
    const error = await getAnimeDetails(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'API temporariamente indisponível. Tente novamente em alguns minutos.',
    });
    expect((error as AppError).retryAfterSeconds).toBeGreaterThanOrEqual(29);
    // The fallback to /anime/1 was refused by the limiter, not sent.
    expect(calls).toHaveLength(1);
  });

  it('reports other failures with the SPEC §8 message', async () => {
    upstream(() => new Response('', { status: 502 }));
    await expect(getAnimeDetails(3)).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'Não foi possível carregar os detalhes do anime 3. Tente novamente mais tarde.',
    });
  });

  it('reports a timeout with the SPEC §8 message', async () => {
    process.env.JIKAN_TIMEOUT_MS = '50';
    freshDataLayer();
    const calls = upstream(hang);
    const started = Date.now();
    await expect(getAnimeDetails(3)).rejects.toMatchObject({
      code: 'UPSTREAM_TIMEOUT',
      status: 504,
      message: 'Não foi possível carregar os detalhes do anime 3. Tente novamente mais tarde.',
    });
    // One timeout for the whole request: after a timeout of /full the basic record is not tried.
    expect(calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reports a body without data as "Resposta da API não contém dados válidos"', async () => {
    upstream(() => json({ pagination: {} }));
    await expect(getAnimeDetails(4)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
      message: 'Resposta da API não contém dados válidos',
    });
  });

  it('reports malformed JSON as an invalid response', async () => {
    upstream(() => new Response('<html>', { status: 200 }));
    await expect(getAnimeDetails(4)).rejects.toMatchObject({ code: 'INVALID_RESPONSE', status: 502 });
  });
});

describe('getAnimeIdByTitle', () => {
  it('takes the first result id and remembers it apart from the response cache', async () => {
    const calls = upstream(() => json(listBody([20, 21])));
    expect(await getAnimeIdByTitle('Naruto')).toBe(20);
    expect(calls[0]!.searchParams.get('limit')).toBe('1');
    freshProcess('cache', 'redis');
    expect(await getAnimeIdByTitle('  naruto ')).toBe(20);
    expect(calls).toHaveLength(1);
  });

  it('answers null for no result, a blank title, or a failure, and retries after a failure', async () => {
    let mode: 'empty' | 'fail' | 'ok' = 'empty';
    const calls = upstream(() =>
      mode === 'empty'
        ? json(listBody([]))
        : mode === 'fail'
          ? new Response('', { status: 500 })
          : json(listBody([9])),
    );
    expect(await getAnimeIdByTitle('nothing')).toBeNull();
    expect(await getAnimeIdByTitle('   ')).toBeNull();
    mode = 'fail';
    expect(await getAnimeIdByTitle('flaky')).toBeNull();
    mode = 'ok';
    expect(await getAnimeIdByTitle('flaky')).toBe(9);
    expect(calls).toHaveLength(3);
  });
});
