import 'server-only';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { serverEnv, type ServerEnv } from '@/lib/env';
import type { Cache, CacheHit, CacheLife } from './contracts';
import { processState } from './process-state';
import { getRedis, RedisCache } from './redis';

export interface CacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** How long past its life an entry may still be served as stale. */
  staleLimitMs?: number;
  /**
   * A life per key instead of ttlMs/staleLimitMs: the shared cache's policy (SHARED_CACHE_LIVES),
   * which bench/traffic.mjs runs in process to model Redis.
   */
  life?: (key: string) => CacheLife;
}

export const CACHE_TTL_MS = 10 * 60 * 1000;
export const CACHE_MAX_ENTRIES = 200;
/** Jikan itself caches every answer for 24 h, so older copies are not worth keeping. */
export const STALE_LIMIT_MS = 24 * 60 * 60 * 1000;

interface Entry {
  value: unknown;
  storedAt: number;
  life: CacheLife;
}

export type CacheKind = 'details' | 'extras' | 'search' | 'listing' | 'notFound' | 'translation';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * What a kind of data is worth keeping in the shared cache. The in-process cache keeps
 * SPEC §9's single 10-minute life for everything: it holds 200 entries, the hot few. The shared
 * cache serves every instance and is sized for real traffic: MyAnimeList has about 28,000 anime
 * and Jikan allows about 50 calls a minute at our 1.26 s gap, so a detail page that expired every
 * 10 minutes could be kept warm for at most 500 titles; with a day's life one deployment can hold
 * the whole catalogue that visitors actually open (README "Deployment").
 */
export const SHARED_CACHE_LIVES: Record<CacheKind, CacheLife> = {
  // Jikan itself refreshes a record once a day; a week-old stale copy still beats no page.
  details: { freshMs: DAY, staleMs: 7 * DAY },
  // An anime's characters, staff and recommendations change far more slowly than its record.
  extras: { freshMs: 3 * DAY, staleMs: 14 * DAY },
  // A translation of a given text never changes (keyed by the text itself).
  translation: { freshMs: 30 * DAY, staleMs: 0 },
  // Search results move when new entries and scores arrive: between the two.
  search: { freshMs: 6 * HOUR, staleMs: DAY },
  // The season, top and popular listings are the home page's front row: kept current.
  listing: { freshMs: 30 * MINUTE, staleMs: DAY },
  // MyAnimeList adds entries, but not by the minute (the same hour as lib/jikan's in-process memory).
  notFound: { freshMs: HOUR, staleMs: 0 },
};

/**
 * Kinds the in-process cache keeps as long as the shared cache: they change over weeks, and a
 * refetch every 10 minutes would spend the anime database's quota on what nobody needs fresher.
 */
const LONG_LIVED_KINDS: ReadonlySet<CacheKind> = new Set(['extras']);

/** The life of `key` in the in-process cache: SPEC §9's 10 minutes, or a long-lived kind's own. */
function inProcessLife(key: string): CacheLife {
  const kind = cacheKind(key);
  return LONG_LIVED_KINDS.has(kind)
    ? SHARED_CACHE_LIVES[kind]
    : { freshMs: CACHE_TTL_MS, staleMs: STALE_LIMIT_MS };
}

/** The kind of a cache key, from the names lib/jikan and lib/translate give their entries. */
export function cacheKind(key: string): CacheKind {
  if (key.startsWith('missing:')) return 'notFound';
  if (key.startsWith('translate:')) return 'translation';
  if (/^jikan:\/anime\/\d+(\/full)?$/.test(key)) return 'details';
  if (/^jikan:\/anime\/\d+\/(characters|staff|recommendations)$/.test(key)) return 'extras';
  // The genre list, a person's credits and seasons over for a year or more change as slowly.
  if (/^jikan:\/(genres\/anime|people\/\d+\/full)$/.test(key)) return 'extras';
  const season = /^jikan:\/seasons\/(\d{4})\//.exec(key);
  if (season && Number(season[1]) < new Date().getUTCFullYear() - 1) return 'extras';
  if (/^jikan:\/anime\?(.*&)?q=/.test(key)) return 'search';
  return 'listing';
}

export class InProcessCache implements Cache {
  readonly shared = false;
  private readonly lru: LRUCache<string, Entry>;
  private readonly life: (key: string) => CacheLife;

  constructor(options: CacheOptions = {}) {
    const uniform = {
      freshMs: options.ttlMs ?? CACHE_TTL_MS,
      staleMs: options.staleLimitMs ?? STALE_LIMIT_MS,
    };
    this.life = options.life ?? (() => uniform);
    // Freshness is computed here from Date.now() rather than with lru-cache's own ttl, which
    // would drop (or hide) an entry at the end of its life and leave nothing for stale serving.
    this.lru = new LRUCache<string, Entry>({ max: options.maxEntries ?? CACHE_MAX_ENTRIES });
  }

  async get<T>(key: string): Promise<CacheHit<T> | undefined> {
    const entry = this.lru.get(key);
    if (!entry) return undefined;
    const age = Date.now() - entry.storedAt;
    if (age >= entry.life.freshMs + entry.life.staleMs) {
      this.lru.delete(key);
      return undefined;
    }
    return { value: entry.value as T, fresh: age < entry.life.freshMs, storedAt: entry.storedAt };
  }

  async set<T>(key: string, value: T): Promise<void> {
    this.lru.set(key, { value, storedAt: Date.now(), life: this.life(key) });
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

// One cache and one in-flight table per process, whichever bundle asks (process-state.ts).
const moduleState = () =>
  processState<{
    cache?: Cache;
    inFlight?: Map<string, Promise<unknown>>;
  }>('cache', () => ({}));

/**
 * A cache: in-process, or shared through `redis` when given (with the in-process cache as its
 * fallback while Redis fails). `ttlMs` (CACHE_TTL_MS), when set, is every kind's life in both.
 */
export function createCache(
  ttlMs: number | undefined,
  redis?: Redis,
  setMaxMemory?: ServerEnv['REDIS_SET_MAXMEMORY'],
): Cache {
  const local = new InProcessCache(ttlMs === undefined ? { life: inProcessLife } : { ttlMs });
  const life =
    ttlMs === undefined
      ? (key: string) => SHARED_CACHE_LIVES[cacheKind(key)]
      : () => ({ freshMs: ttlMs, staleMs: STALE_LIMIT_MS });
  return redis ? new RedisCache(redis, local, { life, setMaxMemory }) : local;
}

/** The cache behind every service: CACHE_TTL_MS, shared through Redis when REDIS_URL is set. */
export function getCache(): Cache {
  const state = moduleState();
  const env = serverEnv();
  return (state.cache ??= createCache(env.CACHE_TTL_MS, getRedis(), env.REDIS_SET_MAXMEMORY));
}

/**
 * The life an entry of `key` has in the cache getCache() answers from (the same rules): the
 * durable store (lib/records) believes its copies for as long.
 */
export function cacheLife(key: string): CacheLife {
  const configured = serverEnv().CACHE_TTL_MS;
  if (configured !== undefined) return { freshMs: configured, staleMs: STALE_LIMIT_MS };
  return getCache().shared ? SHARED_CACHE_LIVES[cacheKind(key)] : inProcessLife(key);
}

/**
 * Concurrent calls with the same key share one run of `fn` (single flight): fifty visitors asking
 * for the same uncached page make one upstream request. Per process even with a shared cache.
 */
export function singleFlight<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const state = moduleState();
  const inFlight = (state.inFlight ??= new Map());
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
  const state = moduleState();
  return state.inFlight?.has(key) ?? false;
}
