/**
 * The Redis cache and limiter against a real redis-server (apt package `redis-server`), started
 * here on 127.0.0.1 with a free port. Two clients stand for two server instances. Skips, saying
 * why, when redis-server is not installed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InProcessCache } from './cache';
import { isAppError } from './errors';
import { InProcessRateLimiter, RECEIVER_MARGIN_MS } from './rate-limiter';
import { createRedisClient, RedisCache, RedisRateLimiter } from './redis';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const available =
  fs.existsSync(REDIS_SERVER) && spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' }).status === 0;
if (!available) {
  console.warn(
    `redis-server not found at ${REDIS_SERVER} (install it: apt-get install redis-server): Redis tests skipped`,
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      '64mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: 'ignore' },
  );
  // Ready when it accepts a connection.
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.once('error', reject);
      }),
    { timeout: 10_000, interval: 100 },
  );
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

const ready = (client: Redis) =>
  vi.waitFor(() => expect(client.status).toBe('ready'), { timeout: 10_000, interval: 50 });

describe.skipIf(!available)('Redis cache and limiter (real redis-server)', () => {
  let port: number;
  let server: ChildProcess;
  const clients: Redis[] = [];

  function client(): Redis {
    const created = createRedisClient(`redis://127.0.0.1:${port}`);
    clients.push(created);
    return created;
  }

  beforeAll(async () => {
    port = await freePort();
    server = await startRedis(port);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    if (server.exitCode === null && clients[0]?.status === 'ready') await clients[0].flushall();
  });

  afterAll(async () => {
    for (const each of clients) each.disconnect();
    await stopRedis(server);
  });

  it('shares cache entries between two instances, fresh then stale', async () => {
    const [a, b] = [client(), client()];
    await Promise.all([ready(a), ready(b)]);
    const options = { ttlMs: 300, staleLimitMs: 60_000 };
    const cacheA = new RedisCache(a, new InProcessCache(), options);
    const cacheB = new RedisCache(b, new InProcessCache(), options);
    await cacheA.set('jikan:/anime/20', { id: 20, title: 'Naruto' });
    expect(await cacheB.get('jikan:/anime/20')).toEqual({ value: { id: 20, title: 'Naruto' }, fresh: true });
    await vi.waitFor(async () => expect((await cacheB.get('jikan:/anime/20'))?.fresh).toBe(false), {
      timeout: 5000,
      interval: 50,
    });
    expect(Number(await b.pttl('am:cache:jikan:/anime/20'))).toBeGreaterThan(50_000);
  });

  it('keeps the minimum gap across two instances under a burst split between them', async () => {
    const [a, b] = [client(), client()];
    await Promise.all([ready(a), ready(b)]);
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

  it("one instance's 429 stops the other", async () => {
    const [a, b] = [client(), client()];
    await Promise.all([ready(a), ready(b)]);
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
    const [a, b] = [client(), client()];
    await Promise.all([ready(a), ready(b)]);
    const options = { ttlMs: 60_000, staleLimitMs: 60_000 };
    const cacheA = new RedisCache(a, new InProcessCache(), options);
    const cacheB = new RedisCache(b, new InProcessCache(), options);
    const limiterA = new RedisRateLimiter(a, new InProcessRateLimiter(0), 0, 0);

    await stopRedis(server);
    await vi.waitFor(() => expect(a.status).not.toBe('ready'), { timeout: 5000, interval: 20 });
    // Nothing fails: this instance's own copy answers, the local limiter paces.
    await cacheA.set('k', 'during the outage');
    expect(await cacheA.get('k')).toEqual({ value: 'during the outage', fresh: true });
    expect(await cacheB.get('k')).toBeUndefined();
    await expect(limiterA.acquire({ maxWaitMs: 1000 })).resolves.toBeUndefined();
    expect(warn.mock.calls.some(([text]) => String(text).includes('Redis unavailable'))).toBe(true);

    server = await startRedis(port);
    await Promise.all([ready(a), ready(b)]);
    await cacheA.set('k2', 'after');
    expect(await cacheB.get('k2')).toEqual({ value: 'after', fresh: true });
    expect(warn.mock.calls.some(([text]) => String(text).includes('Redis is back'))).toBe(true);
  }, 30_000);
});
