import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_MAX_ENTRIES,
  CACHE_TTL_MS,
  InProcessCache,
  SHARED_CACHE_LIVES,
  STALE_LIMIT_MS,
  cacheKey,
  cacheKind,
  cacheLife,
  createCache,
  getCache,
  normalizeParams,
  singleFlight,
} from './cache';
import { freshProcess } from '@/test/support/process';

describe('cacheKey', () => {
  it('sorts params, trims and lower-cases q, and drops empty ones', () => {
    expect(
      cacheKey('jikan:/anime', {
        q: '  NaRuTo ',
        page: 1,
        limit: 25,
        sort: '',
        genres: undefined,
        type: null,
      }),
    ).toBe('jikan:/anime?limit=25&page=1&q=naruto');
  });

  it('gives the same key whatever the order or case of the request', () => {
    expect(cacheKey('x', { page: 2, q: 'One Piece' })).toBe(cacheKey('x', { q: 'one piece  ', page: '2' }));
    expect(cacheKey('x', { q: 'one piece' })).not.toBe(cacheKey('x', { q: 'one piece', page: 2 }));
  });

  it('keeps the case of other params and encodes hostile text', () => {
    expect(cacheKey('x', { type: 'TV', q: '<script>/../' })).toBe('x?q=%3Cscript%3E%2F..%2F&type=TV');
  });

  it('is the bare namespace without params', () => {
    expect(cacheKey('jikan:/anime/1/full')).toBe('jikan:/anime/1/full');
    expect(normalizeParams({ a: '   ' })).toEqual([]);
  });
});

describe('InProcessCache', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is fresh for 10 minutes, then stale but still there', async () => {
    const cache = new InProcessCache();
    const storedAt = Date.now();
    await cache.set('k', { a: 1 });
    expect(await cache.get('k')).toEqual({ value: { a: 1 }, fresh: true, storedAt });

    vi.advanceTimersByTime(CACHE_TTL_MS - 1);
    expect((await cache.get('k'))?.fresh).toBe(true);

    vi.advanceTimersByTime(1);
    expect(await cache.get('k')).toEqual({ value: { a: 1 }, fresh: false, storedAt });
  });

  it('drops an entry once it is past the stale limit', async () => {
    const cache = new InProcessCache();
    await cache.set('k', 1);
    vi.advanceTimersByTime(CACHE_TTL_MS + STALE_LIMIT_MS);
    expect(await cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('setting again makes an entry fresh again', async () => {
    const cache = new InProcessCache();
    await cache.set('k', 1);
    vi.advanceTimersByTime(CACHE_TTL_MS + 5);
    await cache.set('k', 2);
    expect(await cache.get('k')).toMatchObject({ value: 2, fresh: true });
  });

  it('holds at most 200 entries and evicts the least recently used at the 201st', async () => {
    expect(CACHE_MAX_ENTRIES).toBe(200);
    const cache = new InProcessCache();
    for (let i = 0; i < 200; i++) await cache.set(`k${i}`, i);
    // Reading k0 makes k1 the least recently used.
    expect((await cache.get('k0'))?.value).toBe(0);
    await cache.set('k200', 200);

    expect(cache.size).toBe(200);
    expect(await cache.get('k1')).toBeUndefined();
    expect((await cache.get('k0'))?.value).toBe(0);
    expect((await cache.get('k200'))?.value).toBe(200);
  });

  it('deletes and clears', async () => {
    const cache = new InProcessCache();
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.delete('a');
    expect(await cache.get('a')).toBeUndefined();
    await cache.clear();
    expect(await cache.get('b')).toBeUndefined();
  });
});

describe('getCache', () => {
  afterEach(() => {
    delete process.env.REDIS_URL;
    freshProcess('env', 'cache', 'redis');
    vi.restoreAllMocks();
  });

  it('builds caches that each hold their own entries', async () => {
    const first = createCache(undefined);
    const second = createCache(60_000);
    await first.set('detail:1', { title: 'one' });
    expect(await first.get('detail:1')).toMatchObject({ value: { title: 'one' }, fresh: true });
    expect(await second.get('detail:1')).toBeUndefined();
    await second.set('detail:1', { title: 'other' });
    expect(await first.get('detail:1')).toMatchObject({ value: { title: 'one' } });
    // A fresh process's cache starts empty, whatever the previous one held.
    await getCache().set('detail:2', { title: 'two' });
    freshProcess('cache');
    expect(await getCache().get('detail:2')).toBeUndefined();
  });

  it('is one instance per process', () => {
    freshProcess('cache', 'redis');
    expect(getCache()).toBe(getCache());
    expect(getCache()).toBeInstanceOf(InProcessCache);
  });

  it('with an unreachable REDIS_URL answers from the in-process fallback, with one warning, never failing', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    freshProcess('env', 'cache', 'redis');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cache = getCache();
    expect(cache).not.toBeInstanceOf(InProcessCache);
    await cache.set('k', { a: 1 });
    expect(await cache.get('k')).toMatchObject({ value: { a: 1 }, fresh: true });
    expect(await cache.get('missing')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('using the in-process fallback');
  });
});

describe('singleFlight', () => {
  afterEach(() => freshProcess('cache', 'redis'));

  it('runs one call for concurrent identical keys and shares its result', async () => {
    let release!: (value: string) => void;
    const fn = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const calls = Array.from({ length: 50 }, () => singleFlight('same', fn));
    await Promise.resolve();
    release('done');
    expect(await Promise.all(calls)).toEqual(Array(50).fill('done'));
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('shares a failure too, then lets the next call run afresh', async () => {
    const failing = vi.fn(async () => {
      throw new Error('boom');
    });
    const results = await Promise.allSettled([singleFlight('k', failing), singleFlight('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(failing).toHaveBeenCalledTimes(1);

    const ok = vi.fn(async () => 'ok');
    expect(await singleFlight('k', ok)).toBe('ok');
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it('keeps different keys apart', async () => {
    const fn = vi.fn(async () => 1);
    await Promise.all([singleFlight('a', fn), singleFlight('b', fn)]);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('does not leave a synchronous throw behind', async () => {
    const throwsAtOnce = (() => {
      throw new Error('sync');
    }) as () => Promise<never>;
    await expect(singleFlight('s', throwsAtOnce)).rejects.toThrow('sync');
    expect(await singleFlight('s', async () => 'later')).toBe('later');
  });
});

describe('lives per kind of data (the shared cache)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the kind of every key lib/jikan and lib/translate write', () => {
    expect(cacheKind('jikan:/anime/20/full')).toBe('details');
    expect(cacheKind('jikan:/anime/20')).toBe('details');
    expect(cacheKind(cacheKey('jikan:/anime', { q: 'naruto', page: 1, limit: 25 }))).toBe('search');
    expect(cacheKind(cacheKey('jikan:/anime', { type: 'tv', order_by: 'popularity', sort: 'asc' }))).toBe(
      'listing',
    );
    expect(cacheKind('jikan:/seasons/now?filter=tv&limit=25&page=1')).toBe('listing');
    expect(cacheKind('jikan:/top/anime?filter=bypopularity&limit=25&page=1&type=tv')).toBe('listing');
    expect(cacheKind('missing:jikan:/anime/999999/full')).toBe('notFound');
    expect(cacheKind('translate:pt:abc')).toBe('translation');
    expect(cacheKind('jikan:/anime/20/recommendations')).toBe('extras');
  });

  it('keeps details and translations longest, listings shortest, search in between, 404s an hour', () => {
    const { details, translation, search, listing, notFound } = SHARED_CACHE_LIVES;
    expect(details.freshMs).toBeGreaterThan(search.freshMs);
    expect(search.freshMs).toBeGreaterThan(listing.freshMs);
    expect(translation.freshMs).toBeGreaterThanOrEqual(details.freshMs);
    expect(details.staleMs).toBeGreaterThan(0); // stale-while-revalidate
    expect(notFound).toEqual({ freshMs: 60 * 60 * 1000, staleMs: 0 });
  });

  it('an in-process cache given those lives applies each entry its own', async () => {
    vi.useFakeTimers();
    const cache = new InProcessCache({ life: (key) => SHARED_CACHE_LIVES[cacheKind(key)] });
    await cache.set('jikan:/anime/20/full', 'details');
    await cache.set('jikan:/seasons/now', 'listing');
    await cache.set('missing:jikan:/anime/9/full', true);
    vi.advanceTimersByTime(SHARED_CACHE_LIVES.listing.freshMs);
    expect(await cache.get('jikan:/seasons/now')).toMatchObject({ value: 'listing', fresh: false });
    expect(await cache.get('jikan:/anime/20/full')).toMatchObject({ value: 'details', fresh: true });
    vi.advanceTimersByTime(SHARED_CACHE_LIVES.notFound.freshMs);
    expect(await cache.get('missing:jikan:/anime/9/full')).toBeUndefined();
  });

  it("without Redis, an anime's extras keep their days; CACHE_TTL_MS, when set, rules them too", async () => {
    vi.useFakeTimers();
    delete process.env.CACHE_TTL_MS;
    freshProcess('env', 'cache', 'redis');
    const key = 'jikan:/anime/20/recommendations';
    await getCache().set(key, []);
    vi.advanceTimersByTime(CACHE_TTL_MS);
    expect((await getCache().get(key))?.fresh).toBe(true);
    expect(cacheLife(key)).toEqual(SHARED_CACHE_LIVES.extras);
    vi.advanceTimersByTime(SHARED_CACHE_LIVES.extras.freshMs);
    expect((await getCache().get(key))?.fresh).toBe(false);

    process.env.CACHE_TTL_MS = '1500';
    freshProcess('env', 'cache', 'redis');
    expect(cacheLife(key).freshMs).toBe(1500);
    delete process.env.CACHE_TTL_MS;
    freshProcess('env', 'cache', 'redis');
  });

  it("without Redis every kind keeps SPEC §9's 10 minutes, or CACHE_TTL_MS when set", async () => {
    vi.useFakeTimers();
    delete process.env.CACHE_TTL_MS;
    freshProcess('env', 'cache', 'redis');
    await getCache().set('jikan:/anime/20/full', 'details');
    vi.advanceTimersByTime(CACHE_TTL_MS);
    expect((await getCache().get('jikan:/anime/20/full'))?.fresh).toBe(false);
    expect(getCache().shared).toBe(false);

    process.env.CACHE_TTL_MS = '1500';
    freshProcess('env', 'cache', 'redis');
    await getCache().set('jikan:/anime/20/full', 'details');
    vi.advanceTimersByTime(1500);
    expect((await getCache().get('jikan:/anime/20/full'))?.fresh).toBe(false);
    delete process.env.CACHE_TTL_MS;
    freshProcess('env', 'cache', 'redis');
  });
});
