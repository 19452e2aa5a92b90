import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  assetBody,
  assetCacheKey,
  assetLife,
  createAssetCache,
  createAssetEntry,
  MAX_ENTRY_BYTES,
} from './asset-cache.mjs';

const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers });
const cover = '/_next/image?url=https%3A%2F%2Fcdn.myanimelist.net%2Fimages%2Fanime%2F1%2F1.jpg&w=384&q=75';
const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('assetCacheKey', () => {
  it('keys build files by URL and covers by URL and Accept (the format Next chose)', () => {
    expect(assetCacheKey(get('/_next/static/chunks/a1.js'))).toEqual({
      kind: 'static',
      key: 'static /_next/static/chunks/a1.js',
    });
    expect(assetCacheKey({ ...get('/_next/static/media/inter.woff2'), method: 'HEAD' })?.kind).toBe('static');
    const avif = assetCacheKey(get(cover, { accept: chrome }));
    const webp = assetCacheKey(get(cover, { accept: 'image/webp,*/*' }));
    expect(avif?.kind).toBe('image');
    expect(avif?.key).not.toBe(webp?.key);
    expect(assetCacheKey(get(cover, { accept: chrome }))?.key).toBe(avif?.key);
  });

  it('leaves pages, the API, ranges, writes and oversized keys to Next', () => {
    expect(assetCacheKey(get('/'))).toBeNull();
    expect(assetCacheKey(get('/anime/1'))).toBeNull();
    expect(assetCacheKey(get('/api/anime/1'))).toBeNull();
    expect(assetCacheKey(get('/_next/data/x.json'))).toBeNull();
    expect(assetCacheKey(get('/_next/imagex?url=a'))).toBeNull();
    expect(assetCacheKey(get('/_next/static/chunks/a1.js', { range: 'bytes=0-10' }))).toBeNull();
    expect(assetCacheKey({ ...get('/_next/static/chunks/a1.js'), method: 'POST' })).toBeNull();
    expect(assetCacheKey(get(`/_next/static/${'a'.repeat(2000)}.js`))).toBeNull();
    expect(assetCacheKey(get(cover, { accept: 'x'.repeat(2000) }))).toBeNull();
    expect(assetCacheKey(get('http://evil.example/_next/static/a.js'))).toBeNull();
  });
});

describe('assetLife', () => {
  const ok = (headers: Record<string, string>) =>
    assetLife({ status: 200, headers: { 'content-length': '10', ...headers } });

  it('keeps a shareable 200 for its max-age (s-maxage first)', () => {
    expect(ok({ 'cache-control': 'public, max-age=31536000, immutable' })).toBe(31_536_000_000);
    expect(ok({ 'cache-control': 'public, max-age=86400, must-revalidate' })).toBe(86_400_000);
    expect(ok({ 'cache-control': 'max-age=60, s-maxage=600' })).toBe(600_000);
  });

  it('keeps no error, nothing private or unbounded, no cookie', () => {
    expect(
      assetLife({ status: 404, headers: { 'content-length': '10', 'cache-control': 'max-age=60' } }),
    ).toBe(0);
    expect(
      assetLife({ status: 500, headers: { 'content-length': '10', 'cache-control': 'max-age=60' } }),
    ).toBe(0);
    expect(ok({ 'cache-control': 'private, max-age=60' })).toBe(0);
    expect(ok({ 'cache-control': 'no-store' })).toBe(0);
    expect(ok({ 'cache-control': 'no-cache, max-age=60' })).toBe(0);
    expect(ok({})).toBe(0);
    expect(ok({ 'cache-control': 'max-age=0' })).toBe(0);
    expect(ok({ 'cache-control': 'max-age=60', 'set-cookie': 'a=1' })).toBe(0);
    expect(assetLife({ status: 200, headers: { 'cache-control': 'max-age=60' } })).toBe(0);
    expect(
      assetLife({
        status: 200,
        headers: { 'cache-control': 'max-age=60', 'content-length': String(MAX_ENTRY_BYTES + 1) },
      }),
    ).toBe(0);
  });
});

describe('asset entries', () => {
  const script = Buffer.from('console.log("hello");'.repeat(200));

  it('compresses a script once and answers each client in what it accepts', () => {
    const entry = createAssetEntry({
      headers: { 'content-type': 'application/javascript; charset=UTF-8' },
      body: script,
      lifeMs: 1000,
      now: 0,
    });
    const br = assetBody(entry, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(script);
    const gzip = assetBody(entry, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(script);
    expect(assetBody(entry, undefined)).toEqual({ encoding: 'identity', body: script });
    expect(br.body.length).toBeLessThan(script.length / 10);
  });

  it('sends an image or a font as it is', () => {
    const avif = Buffer.from([0, 0, 0, 28, 102, 116, 121, 112]);
    const entry = createAssetEntry({
      headers: { 'content-type': 'image/avif' },
      body: avif,
      lifeMs: 1000,
      now: 0,
    });
    expect(assetBody(entry, 'br, gzip')).toEqual({ encoding: 'identity', body: avif });
    expect(entry.bodies.br).toBeUndefined();
  });
});

describe('createAssetCache', () => {
  const entry = (size: number, lifeMs = 1000, now = 0) =>
    createAssetEntry({ headers: { 'content-type': 'image/avif' }, body: Buffer.alloc(size), lifeMs, now });

  it('answers an entry until it expires, then forgets it', () => {
    const cache = createAssetCache();
    cache.store('a', entry(10, 1000, 0));
    expect(cache.get('a', 999)).not.toBeNull();
    expect(cache.get('a', 1000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('stays within its bytes, dropping the least recently used, and never keeps an entry larger than itself', () => {
    const cache = createAssetCache({ maxBytes: 12_000 });
    cache.store('a', entry(4000));
    cache.store('b', entry(4000));
    cache.get('a', 0);
    cache.store('c', entry(4000));
    expect(cache.get('a', 0)).not.toBeNull();
    expect(cache.get('b', 0)).toBeNull();
    expect(cache.get('c', 0)).not.toBeNull();
    cache.store('huge', entry(20_000));
    expect(cache.get('huge', 0)).toBeNull();
    expect(cache.size).toBe(2);
  });
});
