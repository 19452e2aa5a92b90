/**
 * The Redis cache and limiter against a real redis-server (apt package `redis-server`), started
 * here on 127.0.0.1 with a free port. Two clients stand for two server instances. Skips, saying
 * why, when redis-server is not installed.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { InProcessCache, SHARED_CACHE_LIVES, cacheKind } from './cache';
import { isAppError } from './errors';
import { InProcessRateLimiter, RECEIVER_MARGIN_MS } from './rate-limiter';
import { checkMemoryBound, RedisCache, RedisRateLimiter } from './redis';
import { captureServerLog } from '@/test/support/log';
import { connected, describeWithRedis } from '@/test/support/redis-suite';

describeWithRedis('Redis cache and limiter (real redis-server)', (server) => {
  afterEach(async () => {
    vi.restoreAllMocks();
    const first = server.clients[0];
    if (server.running && first?.status === 'ready') await first.flushall();
  });

  it('shares cache entries between two instances, fresh then stale', async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const options = { life: () => ({ freshMs: 300, staleMs: 60_000 }) };
    const cacheA = new RedisCache(a, new InProcessCache(), options);
    const cacheB = new RedisCache(b, new InProcessCache(), options);
    await cacheA.set('jikan:/anime/20', { id: 20, title: 'Naruto' });
    expect(await cacheB.get('jikan:/anime/20')).toMatchObject({
      value: { id: 20, title: 'Naruto' },
      fresh: true,
    });
    await vi.waitFor(async () => expect((await cacheB.get('jikan:/anime/20'))?.fresh).toBe(false), {
      timeout: 5000,
      interval: 50,
    });
    expect(Number(await b.pttl('am:cache:jikan:/anime/20'))).toBeGreaterThan(50_000);
  });

  it('keeps the minimum gap across two instances under a burst split between them', async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const interval = 150;
    const limiters = [a, b].map(
      (redis) =>
        new RedisRateLimiter(redis, new InProcessRateLimiter(interval), interval, RECEIVER_MARGIN_MS),
    );
    const granted: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        await limiters[i % 2]!.acquire({ maxWaitMs: 10_000 });
        granted.push(Date.now());
      }),
    );
    granted.sort((x, y) => x - y);
    const gaps = granted.slice(1).map((time, i) => time - granted[i]!);
    // Each grant is timed on this process's clock after its sleep: allow timer jitter, never the
    // 0 ms a per-instance limiter would give the second instance.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(interval);
  });

  it("waits a whole gap after another instance's late start, not only after its reserved slot", async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const interval = 300;
    const spacing = interval + RECEIVER_MARGIN_MS;
    const limiterA = new RedisRateLimiter(
      a,
      new InProcessRateLimiter(interval),
      interval,
      RECEIVER_MARGIN_MS,
    );
    const limiterB = new RedisRateLimiter(
      b,
      new InProcessRateLimiter(interval),
      interval,
      RECEIVER_MARGIN_MS,
    );
    await limiterA.acquire({ maxWaitMs: 5000 });
    // Instance A's process stalled after its turn: its call really started 250 ms late.
    const [seconds, micros] = await a.time();
    const lateStart = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) + 250;
    await a.set('am:limiter:last', String(lateStart), 'PX', 5000);
    await limiterB.acquire({ maxWaitMs: 5000 });
    const [s2, m2] = await b.time();
    expect(Number(s2) * 1000 + Math.floor(Number(m2) / 1000) - lateStart).toBeGreaterThanOrEqual(spacing);
  });

  it('gives each kind of data its own life in Redis', async () => {
    const a = server.client();
    await connected(a);
    const cache = new RedisCache(a, new InProcessCache(), {
      life: (key) => SHARED_CACHE_LIVES[cacheKind(key)],
    });
    await cache.set('jikan:/anime/20/full', { id: 20 });
    await cache.set('jikan:/seasons/now?filter=tv&limit=25&page=1', { items: [] });
    await cache.set('jikan:/anime?limit=25&page=1&q=naruto', { items: [] });
    await cache.set('missing:jikan:/anime/999999/full', true);
    const pttl = (key: string) => a.pttl(`am:cache:${key}`);
    const life = (kind: keyof typeof SHARED_CACHE_LIVES) =>
      SHARED_CACHE_LIVES[kind].freshMs + SHARED_CACHE_LIVES[kind].staleMs;
    expect(await pttl('jikan:/anime/20/full')).toBeGreaterThan(life('details') - 60_000);
    expect(await pttl('jikan:/seasons/now?filter=tv&limit=25&page=1')).toBeLessThanOrEqual(life('listing'));
    expect(await pttl('jikan:/anime?limit=25&page=1&q=naruto')).toBeGreaterThan(life('listing'));
    expect(await pttl('jikan:/anime?limit=25&page=1&q=naruto')).toBeLessThan(life('details'));
    expect(await pttl('missing:jikan:/anime/999999/full')).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(await pttl('missing:jikan:/anime/999999/full')).toBeGreaterThan(59 * 60 * 1000);
  });

  it("leaves the server's memory settings alone unless the operator opted in", async () => {
    const log = captureServerLog('warn');
    const a = server.client();
    await connected(a);
    await a.config('SET', 'maxmemory', '0');
    await a.config('SET', 'maxmemory-policy', 'noeviction');
    expect(await checkMemoryBound(a)).toBe('left alone (0 bytes, noeviction)');
    expect(await a.config('GET', 'maxmemory')).toEqual(['maxmemory', '0']);
    expect(await a.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    expect(log.matching(/has no memory bound \(maxmemory 0\)/)).toHaveLength(1);
    log.stop();

    // The shared cache, without REDIS_SET_MAXMEMORY, changes nothing either.
    const cache = new RedisCache(a, new InProcessCache(), { life: () => ({ freshMs: 1000, staleMs: 1000 }) });
    await cache.set('jikan:/anime/1', { id: 1 });
    expect((await cache.get('jikan:/anime/1'))?.value).toEqual({ id: 1 });
    expect(await a.config('GET', 'maxmemory')).toEqual(['maxmemory', '0']);

    // Opted in: bounded, and a bounded Redis is then left as it is.
    expect(await checkMemoryBound(a, '32mb')).toBe('set maxmemory 32mb, maxmemory-policy allkeys-lru');
    expect(await a.config('GET', 'maxmemory')).toEqual(['maxmemory', String(32 * 1024 * 1024)]);
    expect(await a.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'allkeys-lru']);
    expect(await checkMemoryBound(a, '1gb')).toMatch(/^already bounded/);
    await a.config('SET', 'maxmemory', '64mb');
  });

  it('bounds Redis through the shared cache when REDIS_SET_MAXMEMORY is set', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const a = server.client();
    await connected(a);
    await a.config('SET', 'maxmemory', '0');
    const cache = new RedisCache(a, new InProcessCache(), {
      life: () => ({ freshMs: 1000, staleMs: 1000 }),
      setMaxMemory: '48mb',
    });
    await cache.set('jikan:/anime/2', { id: 2 });
    await vi.waitFor(async () =>
      expect(await a.config('GET', 'maxmemory')).toEqual(['maxmemory', String(48 * 1024 * 1024)]),
    );
    await a.config('SET', 'maxmemory', '64mb');
  });
  it('tells one instance how long the queue other instances built would keep it waiting', async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const interval = 2000;
    const [limiterA, limiterB] = [a, b].map(
      (redis) =>
        new RedisRateLimiter(redis, new InProcessRateLimiter(interval), interval, RECEIVER_MARGIN_MS),
    );
    expect(await limiterB!.expectedWaitMs()).toBe(0);
    // A takes the turn now and queues a second one: B's caller would come third.
    await limiterA!.acquire({ maxWaitMs: 10_000 });
    const queued = limiterA!.acquire({ maxWaitMs: 10_000 });
    await vi.waitFor(async () => expect(await limiterB!.expectedWaitMs()).toBeGreaterThan(interval));
    const wait = await limiterB!.expectedWaitMs();
    expect(wait).toBeLessThanOrEqual(2 * (interval + RECEIVER_MARGIN_MS));
    // Asking reserved nothing: the estimate does not grow.
    expect(await limiterB!.expectedWaitMs()).toBeLessThanOrEqual(wait);
    await limiterA!.markLimited(30);
    expect(await limiterB!.expectedWaitMs()).toBeGreaterThan(29_000);
    await queued.catch(() => undefined);
  }, 15_000);

  it("one instance's 429 stops the other", async () => {
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const limiterA = new RedisRateLimiter(a, new InProcessRateLimiter(0), 0, 0);
    const limiterB = new RedisRateLimiter(b, new InProcessRateLimiter(0), 0, 0);
    await limiterA.markLimited(5);
    const error = await limiterB.acquire({ maxWaitMs: 1000 }).catch((e: unknown) => e);
    expect(isAppError(error, 'RATE_LIMITED')).toBe(true);
    expect((error as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(4);
    expect(await limiterB.limitedForMs()).toBeGreaterThan(4000);
  });

  it('degrades to the in-process fallback while Redis is down, and shares again once it is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [a, b] = [server.client(), server.client()];
    await Promise.all([connected(a), connected(b)]);
    const options = { life: () => ({ freshMs: 60_000, staleMs: 60_000 }) };
    const cacheA = new RedisCache(a, new InProcessCache(), options);
    const cacheB = new RedisCache(b, new InProcessCache(), options);
    const limiterA = new RedisRateLimiter(a, new InProcessRateLimiter(0), 0, 0);

    await server.stop();
    await vi.waitFor(() => expect(a.status).not.toBe('ready'), { timeout: 5000, interval: 20 });
    // Nothing fails: this instance's own copy answers, the local limiter paces.
    await cacheA.set('k', 'during the outage');
    expect(await cacheA.get('k')).toMatchObject({ value: 'during the outage', fresh: true });
    expect(await cacheB.get('k')).toBeUndefined();
    await expect(limiterA.acquire({ maxWaitMs: 1000 })).resolves.toBeUndefined();
    expect(warn.mock.calls.some(([text]) => String(text).includes('Redis unavailable'))).toBe(true);

    await server.start();
    await Promise.all([connected(a), connected(b)]);
    await cacheA.set('k2', 'after');
    expect(await cacheB.get('k2')).toMatchObject({ value: 'after', fresh: true });
    expect(warn.mock.calls.some(([text]) => String(text).includes('Redis is back'))).toBe(true);
  }, 30_000);
});
