// The asset cache: Next's build files and optimised covers, answered from memory by the front
// server, as a CDN in front of a Vercel-style deployment would.
//
// Without it every asset request reaches Next, and two of them cost real CPU on each visit:
// - `/_next/image`: the render cache keeps pages in memory only (`isrFlushToDisk: false` in
//   next.config.ts bounds it), and in Next 16 that switch also turns off the optimiser's disk cache,
//   so every cover was decoded and encoded to AVIF again on every request (~30 ms each here);
// - `/_next/static/*`: Next gzips each chunk again on every request.
// Here an optimised cover is kept per URL and Accept header (the format Next chose for it) for the
// life its answer states, and a build file is kept for good (its name is its content's hash) with
// its body compressed once, in Brotli and gzip. Only complete `200` answers that allow sharing are
// stored, in an LRU bounded in bytes; a request with a Range header is never answered from here.
import { LRUCache } from 'lru-cache';
import { cacheDirectives, compress, encodedBody, entityTag } from './front-cache.mjs';

export const STATIC_PREFIX = '/_next/static/';
export const IMAGE_PATH = '/_next/image';

/** The largest body kept (a bigger one streams through). */
export const MAX_ENTRY_BYTES = 4 * 1024 * 1024;
const MAX_KEY_PART = 1024;

/** Types whose body is sent compressed when the client accepts it. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * `{ kind, key }` for a request the asset cache may answer, else null: GET or HEAD of
 * a build file or an optimised image, no Range, no oversized URL or Accept header.
 */
export function assetCacheKey({ method, url, headers }) {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!url || !url.startsWith('/') || url.length > MAX_KEY_PART) return null;
  if (headers.range !== undefined) return null;
  const pathname = url.split('?')[0];
  if (pathname.startsWith(STATIC_PREFIX)) return { kind: 'static', key: `static ${url}` };
  if (pathname === IMAGE_PATH) {
    // Next answers AVIF or WebP by the Accept header (`Vary: Accept`): the same header, the same body.
    const accept = String(headers.accept ?? '');
    if (accept.length > MAX_KEY_PART) return null;
    return { kind: 'image', key: `image ${accept} ${url}` };
  }
  return null;
}

/**
 * How long (ms) an answer may be kept: its `max-age` (`s-maxage` first) when it is a `200` that a
 * shared cache may store, with a length no larger than MAX_ENTRY_BYTES; else 0.
 */
export function assetLife({ status, headers }) {
  if (status !== 200 || headers['set-cookie'] !== undefined) return 0;
  const length = Number(headers['content-length']);
  if (!Number.isInteger(length) || length < 0 || length > MAX_ENTRY_BYTES) return 0;
  const cc = cacheDirectives(headers['cache-control']);
  if (cc.has('private') || cc.has('no-store') || cc.has('no-cache')) return 0;
  const seconds = Number(cc.get('s-maxage') ?? cc.get('max-age'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/**
 * A stored asset: the headers to answer with (none of one hop or one encoding), its body (plus
 * Brotli and gzip for a compressible type), its ETag and when it expires.
 */
export function createAssetEntry({ headers, body, lifeMs, now }) {
  const compressible = COMPRESSIBLE.test(String(headers['content-type'] ?? ''));
  return {
    headers,
    bodies: compressible
      ? { identity: body, gzip: compress(body, 'gzip'), br: compress(body, 'br') }
      : { identity: body },
    compressible,
    etag: entityTag(body),
    expiresAt: now + lifeMs,
  };
}

export function assetEntrySize(entry) {
  let size = 1024;
  for (const body of Object.values(entry.bodies)) size += body.length;
  return size;
}

/** The body and Content-Encoding to answer `entry` with, for this Accept-Encoding. */
export function assetBody(entry, acceptEncoding) {
  return encodedBody(entry.bodies, acceptEncoding);
}

/** The store: an LRU bounded in bytes; an expired entry is never answered. */
export function createAssetCache({ maxBytes = 64 * 1024 * 1024 } = {}) {
  const entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: assetEntrySize });
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (now >= entry.expiresAt) {
        entries.delete(key);
        return null;
      }
      return entry;
    },
    store(key, entry) {
      if (assetEntrySize(entry) <= maxBytes) entries.set(key, entry);
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
