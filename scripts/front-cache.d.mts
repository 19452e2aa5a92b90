export const LOCALE_COOKIE: string;
export function readCookie(header: string | undefined, name: string): string | undefined;
export function isPagePath(pathname: string): boolean;
export function encodedBody(
  bodies: { identity: Buffer; gzip?: Buffer; br?: Buffer },
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip' | 'identity'; body: Buffer };
export function cacheDirectives(cacheControl: string | string[] | undefined): Map<string, string | true>;
export function frontCacheKey(request: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}): string | null;
export function storableLife(
  response: { status: number; headers: Record<string, string | string[] | undefined> },
  maxAgeMs: number,
): { freshMs: number; staleMs: number };
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity';
export function compress(body: Buffer, encoding: 'br' | 'gzip' | 'identity'): Buffer;
export function entityTag(body: Buffer): string;
export interface FrontEntry {
  headers: Record<string, string | string[]>;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  etag: string;
  freshUntil: number;
  staleUntil: number;
  refreshing: boolean;
  retryAt: number;
}
export function createEntry(input: {
  headers: Record<string, string | string[]>;
  body: Buffer;
  freshMs: number;
  staleMs: number;
  now: number;
}): FrontEntry;
export function entrySize(entry: FrontEntry): number;
export type Lookup = { action: 'hit' | 'stale' | 'refresh'; entry: FrontEntry } | { action: 'miss' };
export interface FrontCache {
  maxAgeMs: number;
  lookup(key: string, now?: number): Lookup;
  store(key: string, entry: FrontEntry): void;
  refreshFailed(entry: FrontEntry, now?: number): void;
  clear(): void;
  readonly size: number;
}
export function createFrontCache(options?: {
  maxBytes?: number;
  maxAgeMs?: number;
  retryMs?: number;
}): FrontCache;
