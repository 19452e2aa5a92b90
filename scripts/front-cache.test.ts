import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  chooseEncoding,
  createEntry,
  createFrontCache,
  encodedBody,
  frontCacheKey,
  readCookie,
  storableLife,
} from './front-cache.mjs';

const page = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers });
const html = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 's-maxage=600, stale-while-revalidate=86400',
};

describe('frontCacheKey', () => {
  it('keys anonymous page requests by language and URL', () => {
    expect(frontCacheKey(page('/explore?tab=popular'))).toBe('pt /explore?tab=popular');
    expect(frontCacheKey(page('/', { cookie: 'a=1; NEXT_LOCALE=en' }))).toBe('en /');
    expect(frontCacheKey({ ...page('/'), method: 'HEAD' })).toBe('pt /');
  });

  it('never shares what is personal, a router request, the API or a tampered language', () => {
    expect(frontCacheKey({ ...page('/'), method: 'POST' })).toBeNull();
    expect(frontCacheKey(page('/', { authorization: 'Bearer x' }))).toBeNull();
    expect(frontCacheKey(page('/', { rsc: '1' }))).toBeNull();
    expect(frontCacheKey(page('/', { 'next-router-prefetch': '1' }))).toBeNull();
    expect(frontCacheKey(page('/api/anime/1'))).toBeNull();
    expect(frontCacheKey(page('/_next/static/chunks/a.js'))).toBeNull();
    expect(frontCacheKey(page('/', { cookie: 'NEXT_LOCALE=xx' }))).toBeNull();
    expect(frontCacheKey(page('/unavailable/detail', { 'x-anime-master-internal': 'token' }))).toBeNull();
    expect(frontCacheKey(page('http://evil.example/'))).toBeNull();
  });

  it('reads one cookie among many', () => {
    expect(readCookie(' a=1 ; NEXT_LOCALE=pt;b=2', 'NEXT_LOCALE')).toBe('pt');
    expect(readCookie('XNEXT_LOCALE=en', 'NEXT_LOCALE')).toBeUndefined();
    expect(readCookie(undefined, 'NEXT_LOCALE')).toBeUndefined();
  });
});

describe('storableLife', () => {
  it('keeps shareable HTML pages for s-maxage, at most maxAge, then stale for stale-while-revalidate', () => {
    expect(storableLife({ status: 200, headers: html }, 30_000)).toEqual({
      freshMs: 30_000,
      staleMs: 86_400_000,
    });
    expect(
      storableLife(
        { status: 200, headers: { ...html, 'cache-control': 's-maxage=1, stale-while-revalidate=5' } },
        30_000,
      ),
    ).toEqual({ freshMs: 1000, staleMs: 5000 });
  });

  it('stores no error, no private or unshared answer, nothing that sets a cookie, nothing but HTML', () => {
    const none = { freshMs: 0, staleMs: 0 };
    expect(storableLife({ status: 404, headers: html }, 30_000)).toEqual(none);
    expect(storableLife({ status: 503, headers: html }, 30_000)).toEqual(none);
    expect(
      storableLife(
        { status: 200, headers: { ...html, 'cache-control': 'private, no-cache, no-store' } },
        30_000,
      ),
    ).toEqual(none);
    expect(
      storableLife({ status: 200, headers: { ...html, 'cache-control': 'public, max-age=60' } }, 30_000),
    ).toEqual(none);
    expect(
      storableLife({ status: 200, headers: { ...html, 'set-cookie': 'NEXT_LOCALE=; Max-Age=0' } }, 30_000),
    ).toEqual(none);
    expect(
      storableLife({ status: 200, headers: { ...html, 'content-type': 'application/json' } }, 30_000),
    ).toEqual(none);
  });
});

describe('encodedBody', () => {
  const identity = Buffer.from('plain');
  const gzip = Buffer.from('gz');
  const br = Buffer.from('br');
  it('answers the stored body of the encoding chosen from Accept-Encoding', () => {
    expect(encodedBody({ identity, gzip, br }, 'gzip, br')).toEqual({ encoding: 'br', body: br });
    expect(encodedBody({ identity, gzip, br }, 'gzip')).toEqual({ encoding: 'gzip', body: gzip });
    expect(encodedBody({ identity, gzip, br }, undefined)).toEqual({ encoding: 'identity', body: identity });
  });
  it('falls back to the plain body when that encoding was not stored (an image, say)', () => {
    expect(encodedBody({ identity }, 'gzip, br')).toEqual({ encoding: 'identity', body: identity });
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});

describe('createFrontCache', () => {
  const body = Buffer.from('<html><body>' + 'anime '.repeat(500) + '</body></html>');
  const entry = (now: number, freshMs = 1000, staleMs = 10_000) =>
    createEntry({ headers: { 'content-type': 'text/html' }, body, freshMs, staleMs, now });

  it('compresses each page once, in both encodings, losslessly', () => {
    const e = entry(0);
    expect(gunzipSync(e.bodies.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(e.bodies.br).equals(body)).toBe(true);
    expect(e.bodies.br.length).toBeLessThan(body.length);
  });

  it('answers fresh copies, then lets exactly one request refresh while the others get the stale copy', () => {
    const cache = createFrontCache({ retryMs: 5000 });
    expect(cache.lookup('pt /', 0)).toEqual({ action: 'miss' });
    const e = entry(0);
    cache.store('pt /', e);
    expect(cache.lookup('pt /', 999).action).toBe('hit');
    expect(cache.lookup('en /', 999).action).toBe('miss');
    expect(cache.lookup('pt /', 1000).action).toBe('refresh');
    expect(cache.lookup('pt /', 1001).action).toBe('stale');
    // The refresh failed: the stale copy is kept and answered, and retried after retryMs.
    cache.refreshFailed(e, 1002);
    expect(cache.lookup('pt /', 3000).action).toBe('stale');
    expect(cache.lookup('pt /', 6002).action).toBe('refresh');
    // Past stale-while-revalidate, the copy is gone.
    expect(cache.lookup('pt /', 11_000)).toEqual({ action: 'miss' });
  });

  it('stays within its byte bound, dropping the least recently used pages', () => {
    const one = entry(0, 60_000);
    const size = one.bodies.identity.length + one.bodies.gzip.length + one.bodies.br.length + 2048;
    const cache = createFrontCache({ maxBytes: size * 2 + 10 });
    cache.store('a', one);
    cache.store('b', entry(0, 60_000));
    cache.lookup('a', 1);
    cache.store('c', entry(0, 60_000));
    expect(cache.size).toBe(2);
    expect(cache.lookup('b', 1)).toEqual({ action: 'miss' });
    expect(cache.lookup('a', 1).action).toBe('hit');
  });
});
