// @ts-check
import { Redis } from 'ioredis';

/**
 * How this app connects to Redis, in one place for the app's bundles (lib/server/redis.ts) and for
 * Next's render cache handler (lib/server/next-cache-handler.mjs), which Node loads outside the
 * bundles. Plain ES module so both can import it.
 */

/** A Redis command that takes longer than this counts as a Redis failure. */
export const COMMAND_TIMEOUT_MS = 1000;

/** The first requests of a process wait at most this long for the first connection. */
export const FIRST_CONNECT_WAIT_MS = 3000;

/**
 * A client that fails at once while disconnected (callers then use their fallback) instead of
 * queueing commands, and keeps reconnecting in the background.
 * @param {string} url
 * @returns {Redis}
 */
export function createRedisClient(url) {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 3000,
    retryStrategy: (times) => Math.min(200 * times, 2000),
    lazyConnect: false,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error event.
  client.on('error', () => undefined);
  return client;
}

/** @type {WeakMap<Redis, Promise<boolean>>} */
const firstConnects = new WeakMap();

/**
 * Whether commands may go to Redis now. The first requests of a process wait (at most
 * FIRST_CONNECT_WAIT_MS) for the first connection, so two fresh instances share from their first
 * request; after that, a lost connection means the fallback at once, until ioredis has reconnected.
 * @param {Redis} redis
 * @returns {Promise<boolean>}
 */
export async function redisUsable(redis) {
  if (redis.status === 'ready') return true;
  let first = firstConnects.get(redis);
  if (!first) {
    first = new Promise((resolve) => {
      if (!['wait', 'connecting', 'connect', 'reconnecting'].includes(redis.status)) return resolve(false);
      const timer = setTimeout(() => resolve(false), FIRST_CONNECT_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    firstConnects.set(redis, first);
  }
  // Everyone arriving during the first connection waits for it; later, only a live one counts.
  await first;
  return redis.status === 'ready';
}

/** Warns once when Redis stops answering and once when it is back. */
export class RedisHealth {
  down = false;

  /**
   * @param {string} label
   * @param {string} [fallback] what answers while Redis is down, for the warning
   */
  constructor(label, fallback = 'the in-process fallback') {
    this.label = label;
    this.fallback = fallback;
  }

  /** @param {unknown} error */
  failed(error) {
    if (this.down) return;
    this.down = true;
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[redis] ${this.label}: Redis unavailable (${reason}); using ${this.fallback}`);
  }

  worked() {
    if (!this.down) return;
    this.down = false;
    console.warn(`[redis] ${this.label}: Redis is back; shared again`);
  }
}
