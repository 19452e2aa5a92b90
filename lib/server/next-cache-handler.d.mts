import type { Redis } from 'ioredis';

/** The shapes the handler reads, structurally: Next exports no public type for its cacheHandler. */
export type CacheValue = {
  kind: string;
  revalidate?: number | false;
  tags?: string[];
  headers?: Record<string, unknown>;
} & Record<string, unknown>;
export type HandlerContext = { serverDistDir?: string } & Record<string, unknown>;
export type GetContext = {
  kind: string;
  revalidate?: number | false;
  tags?: string[];
  softTags?: string[];
} & Record<string, unknown>;
export type SetContext = {
  kind?: string;
  fetchCache?: boolean;
  tags?: string[];
  cacheControl?: { revalidate: number | false; expire?: number };
} & Record<string, unknown>;
export type HandlerValue = {
  lastModified: number;
  value: CacheValue | null;
  cacheControl?: { revalidate: number | false; expire?: number };
};

export const MAX_TTL_SECONDS: number;
export const FETCH_STALE_SECONDS: number;
export const MEMORY_PAGES_BYTES: number;
export const MEMORY_IMAGES_BYTES: number;

export interface HandlerOptions {
  /** The client to use; null: no Redis (entries in this process's memory). Default: one for REDIS_URL. */
  redis?: Redis | null;
  /** Key prefix (default `am:next:`). */
  prefix?: string;
  /** Default: the id of the build beside ctx.serverDistDir (next-internals.mjs). */
  buildId?: string;
  /** The in-process store without Redis (default: the process's one). */
  memory?: MemoryStore;
}

/** Entries and tag marks kept in this process, as they would be in Redis. */
export interface MemoryStore {
  entries: { clear(): void };
  images: { clear(): void };
  tags: Map<string, number>;
}

export function createMemoryStore(): MemoryStore;

export function encodeEntry(entry: unknown): string;
export function decodeEntry(text: string): unknown;
export function packEntry(entry: unknown): Promise<Buffer>;
export function unpackEntry(stored: Buffer): Promise<unknown>;
export function entryTtlSeconds(value: CacheValue | null, ctx: SetContext): number;

export class RedisIncrementalCache {
  constructor(ctx: HandlerContext, options?: HandlerOptions);
  get(key: string, ctx: GetContext): Promise<HandlerValue | null>;
  set(key: string, value: CacheValue | null, ctx: SetContext): Promise<void>;
  revalidateTag(tags: string | string[], durations?: { expire?: number }): Promise<void>;
  resetRequestCache(): void;
}

export default RedisIncrementalCache;
