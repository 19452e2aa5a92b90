// @ts-check
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { buildIdOfServerDir, ENTRY_KIND, responseCacheTags } from './next-internals.mjs';
import { createRedisClient, redisUsable, RedisHealth } from './redis-connection.mjs';

/**
 * Next's incremental cache (rendered pages, route handler answers, `fetch` and `unstable_cache`
 * data, optimised images) through Next's `cacheHandler` interface. next.config.ts always names
 * this file; Node loads it at run time, outside the app's bundles (so it is a plain ES module,
 * typed by its .d.mts). What it knows of Next's private formats is in next-internals.mjs only.
 *
 * - With REDIS_URL: entries live in Redis under one key each, `am:next:<build id>:<Next's key>`,
 *   shared by every instance (a page is rendered once between them), and expire when Next would
 *   no longer serve them even stale: at the entry's `expire` time (next.config.ts `expireTime`),
 *   at most MAX_TTL_SECONDS. Pages of another build never mix with this one's. Redis failing
 *   (down, slow, refusing) is a miss and a lost write: the page is rendered, never an error. One
 *   warning per outage.
 * - Without it: entries live in this process's memory, in two LRUs bounded in bytes: pages and
 *   data (MEMORY_PAGES_BYTES, Next's own default bound) and optimised images (MEMORY_IMAGES_BYTES),
 *   so `next start` alone optimises a cover once per size and format, not once per browser.
 * - revalidateTag() and revalidatePath() mark the tag (in Redis, or here), seen by every instance:
 *   an entry carrying a tag marked after it was stored is a miss, rendered again by the next request.
 */

/** Nothing stays longer than a week, whatever its own life. Tag marks outlive every entry. */
export const MAX_TTL_SECONDS = 7 * 86_400;
/** `fetch` entries have no expire time: Next serves them stale for as long as they exist. */
export const FETCH_STALE_SECONDS = 86_400;
/** In-process bounds when there is no Redis. */
export const MEMORY_PAGES_BYTES = 50 * 1024 * 1024;
export const MEMORY_IMAGES_BYTES = 50 * 1024 * 1024;
const BUFFER = '__nextCacheBuffer';
const MAP = '__nextCacheMap';

/**
 * The shapes this handler reads, structurally (Next exports no public type for them).
 * @typedef {{ kind: string, revalidate?: number | false, tags?: string[], headers?: Record<string, unknown> } & Record<string, unknown>} CacheValue
 * @typedef {{ serverDistDir?: string } & Record<string, unknown>} HandlerContext
 * @typedef {{ kind: string, revalidate?: number | false, tags?: string[], softTags?: string[] }} GetContext
 * @typedef {{ fetchCache?: boolean, tags?: string[],
 *   cacheControl?: { revalidate: number | false, expire?: number } }} SetContext
 * @typedef {{ lastModified: number, value: CacheValue | null,
 *   cacheControl?: { revalidate: number | false, expire?: number }, tags: string[] }} StoredEntry
 * @typedef {{ lastModified: number, value: CacheValue | null,
 *   cacheControl?: { revalidate: number | false, expire?: number } }} HandlerValue
 * @typedef {import('ioredis').Redis} Redis
 * @typedef {{ redis?: Redis | null, prefix?: string, buildId?: string, memory?: MemoryStore }} HandlerOptions
 */

/**
 * Entries hold Buffers (RSC payloads, route bodies) and Maps (segment data): JSON with tagged
 * objects for both.
 * @param {unknown} entry
 * @returns {string}
 */
export function encodeEntry(entry) {
  return JSON.stringify(entry, function (key, value) {
    const original = this[key];
    if (original instanceof Uint8Array) {
      return {
        [BUFFER]: Buffer.from(original.buffer, original.byteOffset, original.byteLength).toString('base64'),
      };
    }
    if (original instanceof Map) return { [MAP]: [...original] };
    return value;
  });
}

/**
 * @param {string} text
 * @returns {any}
 */
export function decodeEntry(text) {
  return JSON.parse(text, (_key, value) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (typeof value[BUFFER] === 'string') return Buffer.from(value[BUFFER], 'base64');
      if (Array.isArray(value[MAP])) return new Map(value[MAP]);
    }
    return value;
  });
}

/**
 * How long Redis keeps an entry, in seconds.
 * @param {CacheValue | null} value
 * @param {SetContext} ctx
 */
export function entryTtlSeconds(value, ctx) {
  let seconds = MAX_TTL_SECONDS;
  if (value?.kind === ENTRY_KIND.FETCH) {
    if (typeof value.revalidate === 'number' && value.revalidate > 0)
      seconds = value.revalidate + FETCH_STALE_SECONDS;
  } else if (typeof ctx.cacheControl?.expire === 'number') {
    seconds = ctx.cacheControl.expire;
  } else if (typeof ctx.cacheControl?.revalidate === 'number') {
    seconds = ctx.cacheControl.revalidate + FETCH_STALE_SECONDS;
  }
  return Math.max(1, Math.min(MAX_TTL_SECONDS, Math.ceil(seconds)));
}

/**
 * The tags an entry answers to: a response's own (next-internals.mjs), a fetch's explicit tags.
 * @param {CacheValue | null} value
 * @param {string[] | undefined} extra
 * @returns {string[]}
 */
function entryTags(value, extra = []) {
  const tags = new Set([...extra, ...responseCacheTags(value)]);
  if (value?.kind === ENTRY_KIND.FETCH) for (const tag of value.tags ?? []) tags.add(tag);
  return [...tags];
}

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/**
 * An entry as stored: its JSON, gzipped (a page's HTML and RSC payload shrink about tenfold, and
 * zlib works off the event loop).
 * @param {StoredEntry} entry
 * @returns {Promise<Buffer>}
 */
export async function packEntry(entry) {
  return gzip(encodeEntry(entry), { level: 6 });
}

/**
 * @param {Buffer} stored
 * @returns {Promise<StoredEntry>}
 */
export async function unpackEntry(stored) {
  return decodeEntry((await gunzip(stored)).toString('utf8'));
}

/** One connection per process and URL (Next builds a handler per request). */
/** @type {Map<string, Redis>} */
const clients = new Map();
const health = new RedisHealth('render cache', 'rendering without it');

/** @param {string} url */
function clientFor(url) {
  let client = clients.get(url);
  if (!client) {
    client = createRedisClient(url);
    clients.set(url, client);
  }
  return client;
}

/**
 * @typedef {{
 *   entries: LRUCache<string, StoredEntry>,
 *   images: LRUCache<string, StoredEntry>,
 *   tags: Map<string, number>,
 * }} MemoryStore
 */

/**
 * An in-process store: entries and tag marks (tag → when it was marked), as they would be in Redis.
 * @returns {MemoryStore}
 */
export function createMemoryStore() {
  return {
    entries: new LRUCache({
      maxSize: MEMORY_PAGES_BYTES,
      sizeCalculation: (entry) => Math.max(1, entrySize(entry)),
    }),
    images: new LRUCache({
      maxSize: MEMORY_IMAGES_BYTES,
      sizeCalculation: (entry) => Math.max(1, entrySize(entry)),
    }),
    tags: new Map(),
  };
}

/** The process's in-process store, one per process (Next builds a handler per request). */
const processMemory = createMemoryStore();

/**
 * An entry's size in bytes, about: its buffers and strings.
 * @param {unknown} value
 * @returns {number}
 */
function entrySize(value) {
  if (value == null) return 0;
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Map) return [...value.values()].reduce((sum, each) => sum + entrySize(each), 0);
  if (typeof value === 'object') {
    let sum = 0;
    for (const each of Object.values(value)) sum += entrySize(each);
    return sum;
  }
  return 8;
}

export class RedisIncrementalCache {
  /**
   * @param {HandlerContext} ctx
   * @param {HandlerOptions} [options] tests pass their own client, names and in-process store
   */
  constructor(ctx, options = {}) {
    /** @type {MemoryStore} */
    this.memory = options.memory ?? processMemory;
    const url = process.env.REDIS_URL?.trim();
    /** @type {Redis | null} */
    this.redis = options.redis !== undefined ? options.redis : url ? clientFor(url) : null;
    const prefix = options.prefix ?? 'am:next:';
    this.entryPrefix = `${prefix}${options.buildId ?? buildIdOfServerDir(ctx.serverDistDir)}:`;
    this.tagPrefix = `${prefix}tag:`;
  }

  /** @returns {Promise<Redis | null>} */
  async usable() {
    if (!this.redis) return null;
    if (await redisUsable(this.redis)) return this.redis;
    health.failed(new Error(`connection ${this.redis.status}`));
    return null;
  }

  /**
   * @param {string} key
   * @param {GetContext} ctx
   * @returns {Promise<HandlerValue | null>}
   */
  async get(key, ctx) {
    if (!this.redis) return this.getFromMemory(key, ctx);
    try {
      const redis = await this.usable();
      if (!redis) return null;
      const stored = await redis.getBuffer(this.entryPrefix + key);
      health.worked();
      if (stored === null) return null;
      /** @type {StoredEntry} */
      let entry;
      try {
        entry = await unpackEntry(stored);
      } catch {
        // Not an entry this handler wrote whole: a miss, and the next render replaces it.
        return null;
      }
      const tags = readTags(entry, ctx);
      if (tags.length) {
        const pipeline = redis.pipeline();
        for (const tag of tags) pipeline.get(this.tagPrefix + tag);
        const marks = (await pipeline.exec()) ?? [];
        for (const [error, markedAt] of marks) {
          if (error) throw error;
          // A mark in the entry's own millisecond counts: a revalidation is never lost to the clock.
          if (Number(markedAt) >= entry.lastModified) return null;
        }
      }
      return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch (error) {
      health.failed(error);
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {GetContext} ctx
   * @returns {HandlerValue | null}
   */
  getFromMemory(key, ctx) {
    const store = ctx?.kind === ENTRY_KIND.IMAGE ? this.memory.images : this.memory.entries;
    const entry = store.get(this.entryPrefix + key);
    if (!entry) return null;
    for (const tag of readTags(entry, ctx)) {
      if ((this.memory.tags.get(tag) ?? -1) >= entry.lastModified) return null;
    }
    return { lastModified: entry.lastModified, value: entry.value, cacheControl: entry.cacheControl };
  }

  /**
   * @param {string} key
   * @param {CacheValue | null} value
   * @param {SetContext & { kind?: string }} ctx
   */
  async set(key, value, ctx) {
    /** @type {StoredEntry} */
    const entry = {
      lastModified: Date.now(),
      value,
      cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl,
      tags: entryTags(value, ctx.tags),
    };
    if (!this.redis) {
      const store = value?.kind === ENTRY_KIND.IMAGE ? this.memory.images : this.memory.entries;
      store.set(this.entryPrefix + key, entry, { ttl: entryTtlSeconds(value, ctx) * 1000 });
      return;
    }
    try {
      const redis = await this.usable();
      if (!redis) return;
      await redis.set(this.entryPrefix + key, await packEntry(entry), 'EX', entryTtlSeconds(value, ctx));
      health.worked();
    } catch (error) {
      health.failed(error);
    }
  }

  /**
   * Marks tags for every instance: entries stored before the mark carrying one of them are misses
   * from now on (rendered again by the next request), whatever the durations Next passes.
   * @param {string | string[]} tags
   */
  async revalidateTag(tags) {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (!list.length) return;
    const now = Date.now();
    if (!this.redis) {
      for (const tag of list) this.memory.tags.set(tag, now);
      return;
    }
    try {
      const redis = await this.usable();
      if (!redis) return;
      const pipeline = redis.multi();
      for (const tag of list) pipeline.set(this.tagPrefix + tag, String(now), 'EX', MAX_TTL_SECONDS);
      await pipeline.exec();
      health.worked();
    } catch (error) {
      health.failed(error);
    }
  }

  resetRequestCache() {}
}

/**
 * The tags to check for an entry: its own, and for a fetch those given at read time.
 * @param {StoredEntry} entry
 * @param {GetContext | undefined} ctx
 */
function readTags(entry, ctx) {
  const tags = new Set(entry.tags);
  if (ctx?.kind === ENTRY_KIND.FETCH)
    for (const tag of [...(ctx.tags ?? []), ...(ctx.softTags ?? [])]) tags.add(tag);
  return [...tags];
}

export default RedisIncrementalCache;
