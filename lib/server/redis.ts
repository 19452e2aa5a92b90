import 'server-only';
import type { Redis } from 'ioredis';
import { serverEnv } from '@/lib/env';
import { serverLog } from './log';
import type { Cache, CacheHit, CacheLife, RateLimiter } from './contracts';
import { rateLimited } from './errors';
import { processState } from './process-state';
import { createRedisClient, RedisHealth as Health, redisUsable } from './redis-connection.mjs';

const log = serverLog('redis');

/**
 * Redis backends of the Cache and RateLimiter interfaces, for several server instances
 * sharing one Jikan quota. Each wraps an in-process fallback: while Redis is down, slow or
 * misconfigured, requests use the fallback (with one warning per outage) and never fail because
 * of Redis; ioredis keeps reconnecting, and the shared backend is used again once it answers.
 */

export { createRedisClient, redisUsable };

const moduleState = () => processState<{ redis?: Redis }>('redis', () => ({}));

/** One Redis connection per process for the cache and the limiter, when REDIS_URL is set. */
export function getRedis(): Redis | undefined {
  const state = moduleState();
  const url = serverEnv().REDIS_URL;
  if (!url) return undefined;
  state.redis ??= createRedisClient(url);
  return state.redis;
}

interface StoredEntry {
  value: unknown;
  storedAt: number;
  /** The entry's fresh life when stored (a later change of policy does not shorten old entries). */
  freshMs?: number;
}

/** Eviction policies that keep writes working when memory is full (all our keys have a life). */
const BOUNDED_POLICIES = ['allkeys-lru', 'allkeys-lfu', 'volatile-lru', 'volatile-lfu', 'volatile-ttl'];

/** Redis's memory bound and eviction policy, read with INFO (allowed where CONFIG is not). */
async function memorySettings(redis: Redis): Promise<{ maxMemory: number; policy: string }> {
  const info = await redis.info('memory');
  const field = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? '';
  return { maxMemory: Number(field('maxmemory')), policy: field('maxmemory_policy') };
}

/**
 * Checks that Redis forgets the least recently used entries instead of growing without end or
 * refusing writes. The server's settings belong to its operator: by default this only reads them
 * and warns when memory is unbounded (no `maxmemory`) or full memory would refuse writes
 * (`noeviction`). Only when the operator opted in with `setTo` (REDIS_SET_MAXMEMORY) does it set
 * `maxmemory` (when there is none) and `allkeys-lru` (when the policy does not evict). Never
 * throws. Answers what it found or did, for the log.
 */
export async function checkMemoryBound(redis: Redis, setTo?: string): Promise<string> {
  try {
    const { maxMemory, policy } = await memorySettings(redis);
    const unbounded = maxMemory === 0;
    const evicting = BOUNDED_POLICIES.includes(policy);
    if (!unbounded && evicting) return `already bounded (${maxMemory} bytes, ${policy})`;
    if (!setTo) {
      log.warn(
        `Redis ${unbounded ? 'has no memory bound (maxmemory 0)' : `does not evict (${policy})`}: set ` +
          'maxmemory and maxmemory-policy allkeys-lru on the server, or REDIS_SET_MAXMEMORY to let the app ' +
          'set them (README "Deployment")',
      );
      return `left alone (${maxMemory} bytes, ${policy})`;
    }
    const changes: string[] = [];
    if (unbounded) {
      await redis.config('SET', 'maxmemory', setTo);
      changes.push(`maxmemory ${setTo}`);
    }
    if (!evicting) {
      await redis.config('SET', 'maxmemory-policy', 'allkeys-lru');
      changes.push('maxmemory-policy allkeys-lru');
    }
    return `set ${changes.join(', ')}`;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn(
      `cannot check the memory bound (${reason}); set maxmemory and maxmemory-policy ` +
        'allkeys-lru on the Redis server (README "Deployment")',
    );
    return 'unknown';
  }
}

/**
 * The shared cache. Each entry lives in Redis for its kind's fresh life plus its stale limit (PX),
 * so Redis itself forgets what even a stale answer would not use; memory is bounded by Redis's
 * `maxmemory` with an LRU policy (checkMemoryBound). Values are JSON, as the interface requires.
 */
export class RedisCache implements Cache {
  readonly shared = true;
  private readonly health = new Health('cache');
  private bounded?: Promise<string>;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: Cache,
    private readonly options: {
      /** The life of the entry under `key` (see SHARED_CACHE_LIVES). */
      life: (key: string) => CacheLife;
      prefix?: string;
      /** Opt-in (REDIS_SET_MAXMEMORY): the memory bound to set when Redis has none. */
      setMaxMemory?: string;
    },
  ) {}

  private key(key: string): string {
    return (this.options.prefix ?? 'am:cache:') + key;
  }

  private async usable(): Promise<boolean> {
    const ready = await redisUsable(this.redis);
    if (ready) {
      this.bounded ??= checkMemoryBound(this.redis, this.options.setMaxMemory).then((outcome) => {
        log.info({ outcome }, 'cache memory bound');
        return outcome;
      });
    }
    return ready;
  }

  async get<T>(key: string): Promise<CacheHit<T> | undefined> {
    if (!(await this.usable())) {
      this.health.failed(new Error(`connection ${this.redis.status}`));
      return this.fallback.get<T>(key);
    }
    try {
      const raw = await this.redis.get(this.key(key));
      this.health.worked();
      if (raw === null) return this.fallback.get<T>(key);
      const entry = JSON.parse(raw) as StoredEntry;
      const freshMs = entry.freshMs ?? this.options.life(key).freshMs;
      return {
        value: entry.value as T,
        fresh: Date.now() - entry.storedAt < freshMs,
        storedAt: entry.storedAt,
      };
    } catch (error) {
      this.health.failed(error);
      return this.fallback.get<T>(key);
    }
  }

  async set<T>(key: string, value: T): Promise<void> {
    // The fallback keeps a copy too, so an outage starts with this instance's recent answers.
    await this.fallback.set(key, value);
    if (!(await this.usable())) return;
    try {
      const { freshMs, staleMs } = this.options.life(key);
      const entry: StoredEntry = { value, storedAt: Date.now(), freshMs };
      await this.redis.set(this.key(key), JSON.stringify(entry), 'PX', Math.max(1, freshMs + staleMs));
      this.health.worked();
    } catch (error) {
      this.health.failed(error);
    }
  }

  async delete(key: string): Promise<void> {
    await this.fallback.delete(key);
    if (!(await this.usable())) return;
    try {
      await this.redis.del(this.key(key));
    } catch (error) {
      this.health.failed(error);
    }
  }

  private lockKey(key: string): string {
    return `am:lock:${key}`;
  }

  /** Redis failing: every instance for itself (true), never a request stuck on a lost lock. */
  async tryLock(key: string, ttlMs: number): Promise<boolean> {
    if (!(await this.usable())) return true;
    try {
      return (
        (await this.redis.set(this.lockKey(key), '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX')) === 'OK'
      );
    } catch (error) {
      this.health.failed(error);
      return true;
    }
  }

  async isLocked(key: string): Promise<boolean> {
    if (!(await this.usable())) return false;
    try {
      return (await this.redis.exists(this.lockKey(key))) === 1;
    } catch (error) {
      this.health.failed(error);
      return false;
    }
  }

  async unlock(key: string): Promise<void> {
    if (!(await this.usable())) return;
    try {
      await this.redis.del(this.lockKey(key));
    } catch (error) {
      this.health.failed(error);
    }
  }

  async clear(): Promise<void> {
    await this.fallback.clear();
    if (!(await this.usable())) return;
    try {
      const prefix = this.options.prefix ?? 'am:cache:';
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        if (keys.length) await this.redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } catch (error) {
      this.health.failed(error);
    }
  }
}

/**
 * Two steps on Redis's own clock (TIME), shared by every instance.
 *
 * RESERVE takes the next slot in one queue: answers [-1, ms] while limited (429 back-off), [-2, ms]
 * when the slot is further than maxWait, else [0, ms to wait]. The slot key expires once nobody is
 * queued.
 *
 * START is asked when the wait is over, right before the call: it records the call's start as
 * `last` and answers [0, 0], or answers [1, ms] when the previous call started less than the
 * spacing ago (the caller waits and asks again), or [-1, ms] while limited. A reservation alone
 * cannot keep the gap: a caller whose process stalls after its reservation (a busy event loop, a
 * late timer, a slow reply) calls late, and the next caller, on time on another instance, would
 * follow it by a few milliseconds. Those were the 9–48 ms gaps between two instances on a loaded
 * machine; with START every call is at least the spacing after the previous call's real start.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limited = tonumber(redis.call('GET', KEYS[2]) or '0')
if limited > now then return {-1, limited - now} end
local spacing = tonumber(ARGV[1])
local maxWait = tonumber(ARGV[2])
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local last = tonumber(redis.call('GET', KEYS[3]) or '-1e15')
local slot = math.max(now, nextSlot, last + spacing)
if slot - now > maxWait then return {-2, slot - now} end
redis.call('SET', KEYS[1], tostring(slot + spacing), 'PX', slot + spacing - now + 1000)
return {0, slot - now}
`;

const START = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limited = tonumber(redis.call('GET', KEYS[2]) or '0')
if limited > now then return {-1, limited - now} end
local spacing = tonumber(ARGV[1])
local last = tonumber(redis.call('GET', KEYS[1]) or '-1e15')
if now < last + spacing then return {1, last + spacing - now} end
redis.call('SET', KEYS[1], tostring(now), 'PX', spacing + 1000)
-- A late start moves the queue back with it, so later reservations do not bunch up behind it.
local nextSlot = tonumber(redis.call('GET', KEYS[3]) or '0')
if nextSlot < now + spacing then
  redis.call('SET', KEYS[3], tostring(now + spacing), 'PX', spacing + 1000)
end
return {0, 0}
`;

/** Moves "limited until" forward only (on Redis's clock); answers the ms left. */
const MARK_LIMITED = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then
  redis.call('SET', KEYS[1], tostring(untilMs), 'PX', tonumber(ARGV[1]) + 1000)
  current = untilMs
end
return current - now
`;

const LIMITED_FOR = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
return math.max(0, current - now)
`;

/**
 * What ACQUIRE would make a caller asking now wait (the back-off or the queue ahead), without
 * taking a slot.
 */
const EXPECTED_WAIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limited = tonumber(redis.call('GET', KEYS[2]) or '0')
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local last = tonumber(redis.call('GET', KEYS[3]) or '-1e15')
return math.max(0, limited - now, nextSlot - now, last + tonumber(ARGV[1]) - now)
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The limiter shared by every instance: one slot queue and one 429 back-off in Redis. While Redis
 * fails, the in-process limiter paces this instance alone (each instance then keeps the gap on its
 * own: safe for one instance, a best effort for several).
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly health = new Health('rate limiter');
  private readonly spacingMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: RateLimiter,
    minIntervalMs: number,
    receiverMarginMs: number,
    private readonly prefix = 'am:limiter:',
  ) {
    this.spacingMs = minIntervalMs > 0 ? minIntervalMs + receiverMarginMs : 0;
  }

  private usable(): Promise<boolean> {
    return redisUsable(this.redis);
  }

  async acquire({ maxWaitMs }: { maxWaitMs: number }): Promise<void> {
    if (!(await this.usable())) {
      this.health.failed(new Error(`connection ${this.redis.status}`));
      return this.fallback.acquire({ maxWaitMs });
    }
    const started = Date.now();
    const keys = { next: `${this.prefix}next`, limited: `${this.prefix}limited`, last: `${this.prefix}last` };
    let answer: [number, number];
    try {
      answer = (await this.redis.eval(
        RESERVE,
        3,
        keys.next,
        keys.limited,
        keys.last,
        String(this.spacingMs),
        String(Math.max(0, Math.floor(maxWaitMs))),
      )) as [number, number];
      this.health.worked();
    } catch (error) {
      this.health.failed(error);
      return this.fallback.acquire({ maxWaitMs });
    }
    const [outcome, ms] = answer;
    if (outcome !== 0) throw rateLimited(ms);
    if (ms > 0) await sleep(ms);
    // Start only a whole spacing after the previous call's real start (see START). A caller
    // stalled past its slot pushes the others back by its lateness, never into its own gap.
    for (;;) {
      let start: [number, number];
      try {
        start = (await this.redis.eval(
          START,
          3,
          keys.last,
          keys.limited,
          keys.next,
          String(this.spacingMs),
        )) as [number, number];
      } catch (error) {
        // Redis lost between the two steps: this instance alone keeps the pace from here.
        this.health.failed(error);
        return this.fallback.acquire({ maxWaitMs: Math.max(0, maxWaitMs - (Date.now() - started)) });
      }
      const [startState, waitMs] = start;
      // A 429 may have arrived (on any instance) while this caller waited for its slot.
      if (startState === -1) throw rateLimited(waitMs);
      if (startState === 0) return;
      if (Date.now() + waitMs - started > maxWaitMs) throw rateLimited(waitMs);
      await sleep(waitMs);
    }
  }

  async markLimited(retryAfterSeconds: number): Promise<void> {
    await this.fallback.markLimited(retryAfterSeconds);
    if (!(await this.usable())) return;
    try {
      await this.redis.eval(MARK_LIMITED, 1, `${this.prefix}limited`, String(retryAfterSeconds * 1000));
      this.health.worked();
    } catch (error) {
      this.health.failed(error);
    }
  }

  async limitedForMs(): Promise<number> {
    const local = await this.fallback.limitedForMs();
    if (!(await this.usable())) return local;
    try {
      const shared = Number(await this.redis.eval(LIMITED_FOR, 1, `${this.prefix}limited`));
      this.health.worked();
      return Math.max(local, shared);
    } catch (error) {
      this.health.failed(error);
      return local;
    }
  }

  async expectedWaitMs(): Promise<number> {
    if (!(await this.usable())) return this.fallback.expectedWaitMs();
    try {
      const shared = Number(
        await this.redis.eval(
          EXPECTED_WAIT,
          3,
          `${this.prefix}next`,
          `${this.prefix}limited`,
          `${this.prefix}last`,
          String(this.spacingMs),
        ),
      );
      this.health.worked();
      // A 429 seen by this instance only (marked while Redis failed) still counts.
      return Math.max(shared, await this.fallback.limitedForMs());
    } catch (error) {
      this.health.failed(error);
      return this.fallback.expectedWaitMs();
    }
  }
}
