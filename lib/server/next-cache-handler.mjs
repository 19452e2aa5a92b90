// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createRedisClient, redisUsable, RedisHealth } from './redis-connection.mjs';

/**
 * Next's incremental cache (rendered pages, route handler answers, `fetch` and `unstable_cache`
 * data) in Redis, so that several instances of the app render a page once between them.
 * next.config.ts names this file as `cacheHandler` when REDIS_URL is set; Node loads it at run
 * time, outside the app's bundles (so it is a plain ES module, typed by its .d.mts).
 *
 * - Entries live under one key each, `am:next:<build id>:<Next's key>`, and expire in Redis when
 *   Next would no longer serve them even stale: at the entry's `expire` time (next.config.ts
 *   `expireTime`), at most MAX_TTL_SECONDS. Pages of another build never mix with this one's.
 * - revalidateTag() and revalidatePath() mark the tag in Redis (`am:next:tag:<tag>`), seen by
 *   every instance: an entry carrying a tag expired after it was stored is a miss; one whose tag
 *   was only marked stale is served once more while Next renders it again in the background.
 * - Redis failing (down, slow, refusing) is a miss and a lost write: the page is rendered, never
 *   an error. One warning per outage.
 */

/** Nothing stays longer than a week, whatever its own life. Tag marks outlive every entry. */
export const MAX_TTL_SECONDS = 7 * 86_400;
/** `fetch` entries have no expire time: Next serves them stale for as long as they exist. */
export const FETCH_STALE_SECONDS = 86_400;
const TAGS_HEADER = 'x-next-cache-tags';
const BUFFER = '__nextCacheBuffer';
const MAP = '__nextCacheMap';

/**
 * @typedef {import('next/dist/server/lib/incremental-cache').CacheHandlerContext} CacheHandlerContext
 * @typedef {import('next/dist/server/lib/incremental-cache').CacheHandlerValue} CacheHandlerValue
 * @typedef {import('next/dist/server/response-cache').IncrementalCacheValue} IncrementalCacheValue
 * @typedef {import('ioredis').Redis} Redis
 * @typedef {{ kind: string, revalidate?: number | false, tags?: string[], softTags?: string[] }} GetContext
 * @typedef {{ fetchCache?: boolean, tags?: string[],
 *   cacheControl?: { revalidate: number | false, expire?: number } }} SetContext
 * @typedef {{ lastModified: number, value: IncrementalCacheValue | null,
 *   cacheControl?: { revalidate: number | false, expire?: number }, tags: string[] }} StoredEntry
 * @typedef {{ redis?: Redis | null, prefix?: string, buildId?: string }} HandlerOptions
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
 * @param {IncrementalCacheValue | null} value
 * @param {SetContext} ctx
 */
export function entryTtlSeconds(value, ctx) {
  let seconds = MAX_TTL_SECONDS;
  if (value?.kind === 'FETCH') {
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
 * The tags an entry answers to: a response's own (Next lists them in a header of the entry), a
 * fetch's explicit tags.
 * @param {IncrementalCacheValue | null} value
 * @param {string[] | undefined} extra
 * @returns {string[]}
 */
function entryTags(value, extra = []) {
  const tags = new Set(extra);
  if (value && 'headers' in value && value.headers) {
    const header = value.headers[TAGS_HEADER];
    if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag);
  }
  if (value?.kind === 'FETCH') for (const tag of value.tags ?? []) tags.add(tag);
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

/** @type {Map<string, string>} */
const buildIds = new Map();

/**
 * The build's id (Next writes it beside the server output), so two builds sharing one Redis
 * during a deployment never serve each other's pages.
 * @param {string | undefined} serverDistDir
 */
function buildIdOf(serverDistDir) {
  if (!serverDistDir) return 'unknown';
  let id = buildIds.get(serverDistDir);
  if (id === undefined) {
    try {
      id = fs.readFileSync(path.join(serverDistDir, '..', 'BUILD_ID'), 'utf8').trim() || 'unknown';
    } catch {
      id = 'unknown';
    }
    buildIds.set(serverDistDir, id);
  }
  return id;
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

export class RedisIncrementalCache {
  /**
   * @param {CacheHandlerContext} ctx
   * @param {HandlerOptions} [options] tests pass their own client and names
   */
  constructor(ctx, options = {}) {
    const url = process.env.REDIS_URL?.trim();
    /** @type {Redis | null} */
    this.redis = options.redis !== undefined ? options.redis : url ? clientFor(url) : null;
    const prefix = options.prefix ?? 'am:next:';
    this.entryPrefix = `${prefix}${options.buildId ?? buildIdOf(ctx.serverDistDir)}:`;
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
   * @returns {Promise<CacheHandlerValue | null>}
   */
  async get(key, ctx) {
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
      const tags = new Set(entry.tags);
      if (ctx.kind === 'FETCH')
        for (const tag of [...(ctx.tags ?? []), ...(ctx.softTags ?? [])]) tags.add(tag);
      let lastModified = entry.lastModified;
      if (tags.size) {
        const pipeline = redis.pipeline();
        for (const tag of tags) pipeline.hmget(this.tagPrefix + tag, 'stale', 'expired');
        const marks = (await pipeline.exec()) ?? [];
        const now = Date.now();
        let stale = false;
        for (const [error, fields] of marks) {
          if (error) throw error;
          const [staleAt, expiredAt] = /** @type {(string | null)[]} */ (fields).map(Number);
          if (expiredAt && expiredAt <= now && expiredAt > entry.lastModified) return null;
          if (staleAt && staleAt > entry.lastModified) stale = true;
        }
        if (stale) {
          // Next decides staleness from the entry's age and its revalidate time: an entry old
          // enough is served once more while it renders the page again. Without a revalidate
          // time there is no stale serving: a miss.
          const revalidate =
            entry.value?.kind === 'FETCH'
              ? ctx.revalidate || entry.value.revalidate
              : entry.cacheControl?.revalidate;
          if (typeof revalidate !== 'number') return null;
          lastModified = Math.min(lastModified, now - revalidate * 1000 - 1);
        }
      }
      return { lastModified, value: entry.value, cacheControl: entry.cacheControl };
    } catch (error) {
      health.failed(error);
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {IncrementalCacheValue | null} value
   * @param {SetContext} ctx
   */
  async set(key, value, ctx) {
    try {
      const redis = await this.usable();
      if (!redis) return;
      /** @type {StoredEntry} */
      const entry = {
        lastModified: Date.now(),
        value,
        cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl,
        tags: entryTags(value, ctx.tags),
      };
      await redis.set(this.entryPrefix + key, await packEntry(entry), 'EX', entryTtlSeconds(value, ctx));
      health.worked();
    } catch (error) {
      health.failed(error);
    }
  }

  /**
   * Marks tags for every instance. Without durations the tags expire now (a miss from now on);
   * with them (a cache life's `expire`, in seconds) entries are stale now and expire later.
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [durations]
   */
  async revalidateTag(tags, durations) {
    const list = typeof tags === 'string' ? [tags] : tags;
    if (!list.length) return;
    try {
      const redis = await this.usable();
      if (!redis) return;
      const now = Date.now();
      const pipeline = redis.multi();
      for (const tag of list) {
        const key = this.tagPrefix + tag;
        if (durations) {
          pipeline.hset(key, 'stale', String(now));
          if (durations.expire !== undefined)
            pipeline.hset(key, 'expired', String(now + durations.expire * 1000));
        } else {
          pipeline.hset(key, 'expired', String(now));
        }
        pipeline.expire(key, MAX_TTL_SECONDS + Math.ceil(durations?.expire ?? 0));
      }
      await pipeline.exec();
      health.worked();
    } catch (error) {
      health.failed(error);
    }
  }

  resetRequestCache() {}
}

export default RedisIncrementalCache;
