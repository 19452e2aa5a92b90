import 'server-only';
import { LRUCache } from 'lru-cache';
import { serverEnv } from '@/lib/env';

/**
 * The response cache shared by every visitor of this server (SPEC §9: 10 minute life, at most 200
 * entries, least recently used evicted). An entry past its life is not deleted at once: while the
 * anime database is rate limiting us or failing, the stale copy is still better than nothing
 * (SPEC §8), so `get` returns it marked `fresh: false` until STALE_LIMIT_MS.
 *
 * Values must be plain JSON data: a shared backend (Redis, see getCache) would serialise them.
 */
export interface CacheHit<T> {
  value: T;
  fresh: boolean;
}

export interface Cache {
  get<T>(key: string): Promise<CacheHit<T> | undefined>;
  set<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
}

export interface CacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** How long past its life an entry may still be served as stale. */
  staleLimitMs?: number;
}

export const CACHE_TTL_MS = 10 * 60 * 1000;
export const CACHE_MAX_ENTRIES = 200;
/** Jikan itself caches every answer for 24 h, so older copies are not worth keeping. */
export const STALE_LIMIT_MS = 24 * 60 * 60 * 1000;

interface Entry {
  value: unknown;
  storedAt: number;
}

export class InProcessCache implements Cache {
  private readonly lru: LRUCache<string, Entry>;
  private readonly ttlMs: number;
  private readonly staleLimitMs: number;

  constructor(options: CacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? CACHE_TTL_MS;
    this.staleLimitMs = options.staleLimitMs ?? STALE_LIMIT_MS;
    // Freshness is computed here from Date.now() rather than with lru-cache's own ttl, which
    // would drop (or hide) an entry at the end of its life and leave nothing for stale serving.
    this.lru = new LRUCache<string, Entry>({ max: options.maxEntries ?? CACHE_MAX_ENTRIES });
  }

  async get<T>(key: string): Promise<CacheHit<T> | undefined> {
    const entry = this.lru.get(key);
    if (!entry) return undefined;
    const age = Date.now() - entry.storedAt;
    if (age >= this.ttlMs + this.staleLimitMs) {
      this.lru.delete(key);
      return undefined;
    }
    return { value: entry.value as T, fresh: age < this.ttlMs };
  }

  async set<T>(key: string, value: T): Promise<void> {
    this.lru.set(key, { value, storedAt: Date.now() });
  }

  async delete(key: string): Promise<void> {
    this.lru.delete(key);
  }

  async clear(): Promise<void> {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}

export type CacheParams = Record<string, string | number | boolean | null | undefined>;

/**
 * One key per distinct request: params sorted by name, empty ones dropped, `q` trimmed and
 * lower-cased (the anime database's search ignores case, so "Naruto" and "naruto " share an entry).
 * Callers send the same normalised params upstream, so an entry never depends on who asked first.
 */
export function normalizeParams(params: CacheParams): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, raw] of Object.entries(params)) {
    if (raw === undefined || raw === null) continue;
    let value = String(raw).trim();
    if (name === 'q') value = value.toLowerCase();
    if (value === '') continue;
    pairs.push([name, value]);
  }
  return pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function cacheKey(namespace: string, params: CacheParams = {}): string {
  const query = new URLSearchParams(normalizeParams(params)).toString();
  return query ? `${namespace}?${query}` : namespace;
}

// Module state lives on globalThis so that Next's dev reloads, which re-evaluate modules, keep one
// cache and one in-flight table per process instead of a new one per reload.
const store = globalThis as typeof globalThis & {
  __animeMasterCache?: Cache;
  __animeMasterInFlight?: Map<string, Promise<unknown>>;
  __animeMasterCacheWarned?: boolean;
};

/**
 * The cache behind every service. REDIS_URL is the seam for a shared backend (a later issue);
 * until it exists the in-process cache is used either way, and we say so once.
 */
export function getCache(): Cache {
  if (!store.__animeMasterCache) {
    if (serverEnv().REDIS_URL && !store.__animeMasterCacheWarned) {
      store.__animeMasterCacheWarned = true;
      console.warn('[cache] REDIS_URL is set but no Redis backend exists yet; using the in-process cache');
    }
    store.__animeMasterCache = new InProcessCache({ ttlMs: serverEnv().CACHE_TTL_MS });
  }
  return store.__animeMasterCache;
}

/**
 * Concurrent calls with the same key share one run of `fn` (single flight): fifty visitors asking
 * for the same uncached page make one upstream request. Per process even with a shared cache.
 */
export function singleFlight<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const inFlight = (store.__animeMasterInFlight ??= new Map());
  const running = inFlight.get(key);
  if (running) return running as Promise<T>;
  // fn starts on the next microtask, after the promise is registered, so even a synchronous
  // throw cannot leave a settled promise behind in the table.
  const promise: Promise<T> = Promise.resolve()
    .then(fn)
    .finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    });
  inFlight.set(key, promise);
  return promise;
}

/** Whether a single-flight run for `key` is under way (joining it costs no upstream call). */
export function isInFlight(key: string): boolean {
  return store.__animeMasterInFlight?.has(key) ?? false;
}

/** Test-only: forget the cache and in-flight table, optionally starting over with other limits. */
export function resetCacheForTests(options?: CacheOptions): void {
  store.__animeMasterCache = options ? new InProcessCache(options) : undefined;
  store.__animeMasterInFlight = new Map();
  store.__animeMasterCacheWarned = false;
}
