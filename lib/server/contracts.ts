/**
 * The contracts of the data layer's shared state: the response cache and the limiter of calls to
 * the anime database. Each has an in-process implementation (cache.ts, rate-limiter.ts) and a
 * Redis one shared by every instance (redis.ts); the data layer depends on these interfaces only.
 */

/**
 * The response cache shared by every visitor of this server (SPEC §9: 10 minute life, at most 200
 * entries, least recently used evicted). An entry past its life is not deleted at once: while the
 * anime database is rate limiting us or failing, the stale copy is still better than nothing
 * (SPEC §8), so `get` returns it marked `fresh: false` until its stale limit.
 *
 * Values must be plain JSON data: a shared backend (Redis) serialises them.
 */
export interface CacheHit<T> {
  value: T;
  fresh: boolean;
  /** When the value was stored (its fetch time). */
  storedAt: number;
}

export interface Cache {
  get<T>(key: string): Promise<CacheHit<T> | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
  /** Whether every instance sees this cache (Redis), not only this process. */
  readonly shared?: boolean;
  /**
   * Single flight across instances (shared backends only): true when this instance may make the
   * call for `key`; false while another instance holds the lock (it expires after `ttlMs`).
   */
  tryLock?(key: string, ttlMs: number): Promise<boolean>;
  /** Whether another instance still holds the lock of `key`. */
  isLocked?(key: string): Promise<boolean>;
  unlock?(key: string): Promise<void>;
}

/**
 * What a kind of data is worth keeping in a cache.
 * - `freshMs`: answered without a call; `staleMs` more: answered at once while one background call
 *   refreshes it (stale-while-revalidate), or in place of a failing database (SPEC §8).
 */
export interface CacheLife {
  freshMs: number;
  staleMs: number;
}

/**
 * Paces this server's calls to the anime database. Jikan allows 3 requests/s and 60/min per
 * client IP, and every visitor of this server shares our IP, so the gap is enforced here, once,
 * for all of them (SPEC §9: at least 1200 ms between calls).
 */
export interface RateLimiter {
  /**
   * Resolves when the caller may make its upstream call. Rejects with RATE_LIMITED at once while
   * the database has told us to back off, or when the caller's turn would come later than
   * `maxWaitMs` from now (a bounded queue: fail fast rather than pile up).
   */
  acquire(options: { maxWaitMs: number }): Promise<void>;
  /** The database answered 429: make no call before `retryAfterSeconds` have passed. */
  markLimited(retryAfterSeconds: number): Promise<void>;
  /** Milliseconds left of a 429 back-off; 0 when not limited. */
  limitedForMs(): Promise<number>;
  /**
   * How long a caller asking now would wait before its call: the turns queued ahead of it, or
   * what is left of a 429 back-off; 0 when it could call at once. An estimate that reserves
   * nothing, so the data layer can decide before queueing (lib/jikan/client.ts answers from the
   * offline catalogue instead when this exceeds JIKAN_QUEUE_OFFLINE_MS).
   */
  expectedWaitMs(): Promise<number>;
}
