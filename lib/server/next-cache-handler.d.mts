import type { Redis } from 'ioredis';
import type {
  CacheHandler,
  CacheHandlerContext,
  CacheHandlerValue,
} from 'next/dist/server/lib/incremental-cache';
import type { IncrementalCacheValue } from 'next/dist/server/response-cache';

export const MAX_TTL_SECONDS: number;
export const FETCH_STALE_SECONDS: number;

export interface HandlerOptions {
  /** The client to use; null: no Redis (every read misses). Default: one for REDIS_URL. */
  redis?: Redis | null;
  /** Key prefix (default `am:next:`). */
  prefix?: string;
  /** Default: the id Next wrote beside ctx.serverDistDir. */
  buildId?: string;
}

export function encodeEntry(entry: unknown): string;
export function decodeEntry(text: string): unknown;
export function packEntry(entry: unknown): Promise<Buffer>;
export function unpackEntry(stored: Buffer): Promise<unknown>;
export function entryTtlSeconds(
  value: IncrementalCacheValue | null,
  ctx: Parameters<CacheHandler['set']>[2],
): number;

export class RedisIncrementalCache implements CacheHandler {
  constructor(ctx: CacheHandlerContext, options?: HandlerOptions);
  get(...args: Parameters<CacheHandler['get']>): Promise<CacheHandlerValue | null>;
  set(...args: Parameters<CacheHandler['set']>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export default RedisIncrementalCache;
