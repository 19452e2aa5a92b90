export const STATIC_PREFIX: string;
export const IMAGE_PATH: string;
export const MAX_ENTRY_BYTES: number;
export function assetCacheKey(request: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}): { kind: 'static' | 'image'; key: string } | null;
export function assetLife(response: {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}): number;
export interface AssetEntry {
  headers: Record<string, string | string[]>;
  bodies: { identity: Buffer; gzip?: Buffer; br?: Buffer };
  compressible: boolean;
  etag: string;
  expiresAt: number;
}
export function createAssetEntry(input: {
  headers: Record<string, string | string[]>;
  body: Buffer;
  lifeMs: number;
  now: number;
}): AssetEntry;
export function assetEntrySize(entry: AssetEntry): number;
export function assetBody(
  entry: AssetEntry,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip' | 'identity'; body: Buffer };
export interface AssetCache {
  get(key: string, now?: number): AssetEntry | null;
  store(key: string, entry: AssetEntry): void;
  clear(): void;
  readonly size: number;
}
export function createAssetCache(options?: { maxBytes?: number }): AssetCache;
