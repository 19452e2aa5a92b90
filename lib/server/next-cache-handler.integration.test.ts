/**
 * Next's incremental cache handler against a real redis-server (apt package `redis-server`),
 * started here on 127.0.0.1 with a free port. Two handlers on two clients stand for two instances
 * of the app. Skips, saying why, when redis-server is not installed.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FETCH_STALE_SECONDS,
  MAX_TTL_SECONDS,
  RedisIncrementalCache,
  createMemoryStore,
  decodeEntry,
  type CacheValue,
  type HandlerContext,
  encodeEntry,
  packEntry,
  unpackEntry,
} from './next-cache-handler.mjs';
import { createRedisClient } from './redis-connection.mjs';
import {
  REDIS_MISSING,
  freePort,
  redisServerPath,
  startTestRedis,
  type TestRedis,
} from '@/test/support/redis';

const available = redisServerPath() !== null;
if (!available) console.warn(`${REDIS_MISSING}: Redis tests skipped`);

const ready = (client: Redis) =>
  vi.waitFor(() => expect(client.status).toBe('ready'), { timeout: 10_000, interval: 50 });

const ctx: HandlerContext = { revalidatedTags: [], _requestHeaders: {} };
type IncrementalCacheValue = CacheValue;
type GetContext = Parameters<RedisIncrementalCache['get']>[1];
type SetContext = Parameters<RedisIncrementalCache['set']>[2];
// Next's contexts name their kind with enums: the same strings, as it stores them.
const getContext = (value: object) => value as GetContext;
const setContext = (value: object) => value as SetContext;
const PAGE_GET = getContext({ kind: 'APP_PAGE', isFallback: false, isRoutePPREnabled: false });
const LIFE = setContext({ cacheControl: { revalidate: 600, expire: 600 + 86_400 } });

function page(html: string, tags?: string): IncrementalCacheValue {
  return {
    kind: 'APP_PAGE',
    html,
    rscData: Buffer.from(`rsc of ${html}`),
    headers: tags ? { 'x-next-cache-tags': tags } : {},
    postponed: undefined,
    status: 200,
    segmentData: new Map([['/_tree', Buffer.from([0, 1, 2, 255])]]),
  } as unknown as IncrementalCacheValue;
}

describe('entry encoding', () => {
  it('stores an entry gzipped and reads it back whole', async () => {
    const entry = { lastModified: 1, value: page('<main>' + 'episódio '.repeat(5000) + '</main>'), tags: [] };
    const stored = await packEntry(entry);
    expect(stored.length).toBeLessThan(encodeEntry(entry).length / 5);
    expect(await unpackEntry(stored)).toEqual(entry);
  });

  it('keeps Buffers and Maps through JSON', () => {
    const value = page('<p>olá</p>');
    const back = decodeEntry(encodeEntry({ value })) as { value: typeof value };
    expect(back.value).toEqual(value);
    const rsc = (back.value as unknown as { rscData: Buffer }).rscData;
    expect(Buffer.isBuffer(rsc)).toBe(true);
    expect(rsc.toString()).toBe('rsc of <p>olá</p>');
  });
});

describe.skipIf(!available)('Redis incremental cache handler (real redis-server)', () => {
  let server: TestRedis;
  const clients: Redis[] = [];

  async function instance(options: { buildId?: string } = {}) {
    const redis = createRedisClient(server.url);
    clients.push(redis);
    await ready(redis);
    return { redis, cache: new RedisIncrementalCache(ctx, { redis, buildId: options.buildId ?? 'build-1' }) };
  }

  beforeAll(async () => {
    server = await startTestRedis();
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    if (clients[0]?.status === 'ready') await clients[0].flushall();
  });

  afterAll(async () => {
    for (const each of clients) each.disconnect();
    await server.stop();
  });

  it('serves a page one instance rendered to the other, whole, with its cache life', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(await b.cache.get('/pt/anime/457', PAGE_GET)).toBeNull();
    const before = Date.now();
    await a.cache.set('/pt/anime/457', page('<h1>Mushishi</h1>'), LIFE);
    const hit = await b.cache.get('/pt/anime/457', PAGE_GET);
    expect(hit?.value).toEqual(page('<h1>Mushishi</h1>'));
    expect(hit?.cacheControl).toEqual({ revalidate: 600, expire: 600 + 86_400 });
    expect(hit?.lastModified).toBeGreaterThanOrEqual(before);
    expect(hit?.lastModified).toBeLessThanOrEqual(Date.now());
  });

  it('lets Redis forget an entry when Next would no longer serve it', async () => {
    const { redis, cache } = await instance();
    const ttl = async (key: string) => redis.ttl(`am:next:build-1:${key}`);
    await cache.set('/page', page('x'), LIFE);
    expect(await ttl('/page')).toBeGreaterThan(600 + 86_400 - 5);
    expect(await ttl('/page')).toBeLessThanOrEqual(600 + 86_400);
    await cache.set('/no-expire', page('x'), setContext({ cacheControl: { revalidate: 60 } }));
    expect(await ttl('/no-expire')).toBeLessThanOrEqual(60 + FETCH_STALE_SECONDS);
    expect(await ttl('/no-expire')).toBeGreaterThan(FETCH_STALE_SECONDS);
    await cache.set('/static', page('x'), setContext({ cacheControl: { revalidate: false } }));
    expect(await ttl('/static')).toBeLessThanOrEqual(MAX_TTL_SECONDS);
    expect(await ttl('/static')).toBeGreaterThan(MAX_TTL_SECONDS - 5);
    const fetched = {
      kind: 'FETCH',
      data: { headers: {}, body: 'e30=', url: 'u', status: 200 },
      revalidate: 1,
    };
    await cache.set('f1', fetched as IncrementalCacheValue, setContext({ fetchCache: true, tags: ['t'] }));
    expect(await ttl('f1')).toBeLessThanOrEqual(1 + FETCH_STALE_SECONDS);
    expect(await ttl('f1')).toBeGreaterThan(FETCH_STALE_SECONDS - 5);
  });

  it('keeps the pages of two builds apart', async () => {
    const [a, b] = [await instance({ buildId: 'build-1' }), await instance({ buildId: 'build-2' })];
    await a.cache.set('/pt', page('one'), LIFE);
    expect(await b.cache.get('/pt', PAGE_GET)).toBeNull();
    expect((await a.cache.get('/pt', PAGE_GET))?.value).toEqual(page('one'));
  });

  it('expires a tagged page on every instance when one revalidates its tag', async () => {
    const [a, b] = [await instance(), await instance()];
    await a.cache.set('/pt/explore', page('old', '_N_T_/layout,_N_T_/pt/explore'), LIFE);
    await a.cache.set('/pt/other', page('other', '_N_T_/pt/other'), LIFE);
    await b.cache.revalidateTag('_N_T_/pt/explore');
    expect(await a.cache.get('/pt/explore', PAGE_GET)).toBeNull();
    expect((await a.cache.get('/pt/other', PAGE_GET))?.value).toEqual(page('other', '_N_T_/pt/other'));
    // A page rendered after the revalidation is a hit again.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await a.cache.set('/pt/explore', page('new', '_N_T_/layout,_N_T_/pt/explore'), LIFE);
    expect((await b.cache.get('/pt/explore', PAGE_GET))?.value).toEqual(
      page('new', '_N_T_/layout,_N_T_/pt/explore'),
    );
  });

  it('misses a page whose tag was marked stale on another instance (no faked age)', async () => {
    const [a, b] = [await instance(), await instance()];
    await a.cache.set('/pt', page('home', 'home'), LIFE);
    await b.cache.revalidateTag(['home'], { expire: 3600 });
    expect(await a.cache.get('/pt', PAGE_GET)).toBeNull();
    expect(await a.redis.ttl('am:next:tag:home')).toBeGreaterThan(MAX_TTL_SECONDS - 5);
  });

  it('misses a fetch entry whose tag (given at read time) was revalidated', async () => {
    const [a, b] = [await instance(), await instance()];
    const fetched = {
      kind: 'FETCH',
      data: { headers: {}, body: 'e30=', url: 'u', status: 200 },
      revalidate: 600,
    };
    await a.cache.set('f2', fetched as IncrementalCacheValue, setContext({ fetchCache: true }));
    const read = getContext({ kind: 'FETCH', revalidate: 600, tags: ['anime'], softTags: ['_N_T_/pt'] });
    expect((await b.cache.get('f2', read))?.value).toEqual(fetched);
    await a.cache.revalidateTag('_N_T_/pt');
    expect(await b.cache.get('f2', read)).toBeNull();
  });

  it('degrades to a miss and a lost write when Redis is unreachable, within the connect wait', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const redis = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    clients.push(redis);
    const cache = new RedisIncrementalCache(ctx, { redis, buildId: 'build-1' });
    const started = Date.now();
    await expect(cache.get('/pt', PAGE_GET)).resolves.toBeNull();
    await expect(cache.set('/pt', page('x'), LIFE)).resolves.toBeUndefined();
    await expect(cache.revalidateTag('home')).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warn.mock.calls.filter(([message]) => String(message).includes('render cache'))).toHaveLength(1);
  });

  it('recovers when Redis restarts', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { redis, cache } = await instance();
    await server.stop();
    await vi.waitFor(() => expect(redis.status).not.toBe('ready'), { timeout: 5000 });
    await expect(cache.get('/pt', PAGE_GET)).resolves.toBeNull();
    await expect(cache.set('/pt', page('x'), LIFE)).resolves.toBeUndefined();
    server = await startTestRedis(server.port);
    await ready(redis);
    await cache.set('/pt', page('back'), LIFE);
    expect((await cache.get('/pt', PAGE_GET))?.value).toEqual(page('back'));
  });

  it('reads an entry it cannot decode as a miss, and the next write replaces it', async () => {
    const { redis, cache } = await instance();
    await redis.set('am:next:build-1:/pt', 'not gzip');
    expect(await cache.get('/pt', PAGE_GET)).toBeNull();
    await cache.set('/pt', page('whole'), LIFE);
    expect((await cache.get('/pt', PAGE_GET))?.value).toEqual(page('whole'));
  });

  it('without a Redis client, keeps entries in this process, images apart, and honours tags', async () => {
    const memory = createMemoryStore();
    const cache = new RedisIncrementalCache(ctx, { redis: null, buildId: 'x', memory });
    const other = new RedisIncrementalCache(ctx, { redis: null, buildId: 'x', memory });
    await cache.set('/pt', page('x', 'home'), LIFE);
    expect((await other.get('/pt', PAGE_GET))?.value).toEqual(page('x', 'home'));
    const image = {
      kind: 'IMAGE',
      etag: 'e',
      buffer: Buffer.from([1, 2, 3]),
      extension: 'webp',
      revalidate: 86_400,
    };
    const imageLife = setContext({ kind: 'IMAGE', cacheControl: { revalidate: 86_400 } });
    await cache.set('img-key', image as IncrementalCacheValue, imageLife);
    expect((await other.get('img-key', getContext({ kind: 'IMAGE', isFallback: false })))?.value).toEqual(
      image,
    );
    await new Promise((resolve) => setTimeout(resolve, 2));
    await other.revalidateTag('home');
    expect(await cache.get('/pt', PAGE_GET)).toBeNull();
    // Another build's handler does not see this one's entries.
    await cache.set('/en', page('y'), LIFE);
    expect(
      await new RedisIncrementalCache(ctx, { redis: null, buildId: 'y', memory }).get('/en', PAGE_GET),
    ).toBeNull();
  });
});
