// The front cache (issue 8): a small shared HTTP cache in front of Next, like a CDN's edge.
//
// Next's render cache (ISR) keeps every anonymous page, but answering a cached page through Next
// still costs its router, the proxy and a gzip of ~190 kB per request: about 50 pages a second on
// this 2-core machine. The front cache keeps the same pages, already compressed, and answers them
// straight from memory. It follows the HTTP rules Next's answers carry, as a CDN would:
// - only anonymous page requests (no Authorization, no RSC/router headers, a valid or absent
//   language cookie) are looked up, keyed by language and URL;
// - only `200 text/html` answers marked shareable (`s-maxage` > 0, not private, no Set-Cookie) are
//   stored, for s-maxage but never longer than `maxAgeMs`, so a page Next regenerates reaches
//   visitors within that time;
// - past that life one request goes through to Next (which answers from its own cache at once and
//   regenerates in the background) while everyone else gets the stale copy; if that request fails
//   (5xx), the stale copy is answered and kept: an error never replaces a good page.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

export const LOCALE_COOKIE = 'NEXT_LOCALE';
const LOCALES = ['pt', 'en'];
const DEFAULT_LOCALE = 'pt';

/** Request headers that make an answer per visitor or not a page document. */
const PERSONAL_HEADERS = [
  'authorization',
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  // The app's own requests to itself (the proxy fetching its internal 'Anime não disponível' page,
  // lib/detail/unavailable-response.ts): what they get is never for the public.
  'x-anime-master-internal',
];

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(header, name) {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Paths of Next's own files and the API: never page documents, never looked up here. */
export function isPagePath(pathname) {
  return !pathname.startsWith('/_next/') && !pathname.startsWith('/api/') && pathname !== '/api';
}

/**
 * The cache key of a page request ('{locale} {url}'), or null when the request may not be answered
 * from the shared cache: not GET/HEAD, not a page path, personal or router headers, or a language
 * cookie that is not one of ours (Next drops it with a Set-Cookie, per visitor).
 */
export function frontCacheKey({ method, url, headers }) {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!url || !url.startsWith('/')) return null;
  const pathname = url.split('?')[0];
  if (!isPagePath(pathname)) return null;
  if (PERSONAL_HEADERS.some((name) => headers[name] !== undefined)) return null;
  const value = readCookie(headers.cookie, LOCALE_COOKIE);
  if (value !== undefined && !LOCALES.includes(value)) return null;
  return `${value ?? DEFAULT_LOCALE} ${url}`;
}

/** The directives of a Cache-Control header: lower-cased name → value (true when it has none). */
export function cacheDirectives(cacheControl) {
  const map = new Map();
  for (const part of String(cacheControl ?? '').split(',')) {
    const [name, value] = part.trim().split('=');
    if (name) map.set(name.toLowerCase(), value === undefined ? true : value.replace(/"/g, ''));
  }
  return map;
}

function seconds(value) {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/**
 * How long (ms) an answer may be kept fresh here, and then served stale while one request
 * refreshes it; 0 when it may not be stored at all.
 */
export function storableLife({ status, headers }, maxAgeMs) {
  if (status !== 200) return { freshMs: 0, staleMs: 0 };
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return { freshMs: 0, staleMs: 0 };
  if (headers['set-cookie'] !== undefined) return { freshMs: 0, staleMs: 0 };
  const cc = cacheDirectives(headers['cache-control']);
  if (cc.has('private') || cc.has('no-store') || cc.has('no-cache')) return { freshMs: 0, staleMs: 0 };
  const shared = seconds(cc.get('s-maxage'));
  if (shared === 0) return { freshMs: 0, staleMs: 0 };
  return {
    freshMs: Math.min(shared * 1000, maxAgeMs),
    staleMs: seconds(cc.get('stale-while-revalidate')) * 1000,
  };
}

/** The encoding to answer with, from Accept-Encoding: br, then gzip, else none. */
export function chooseEncoding(acceptEncoding) {
  const accepted = new Map();
  for (const part of String(acceptEncoding ?? '')
    .toLowerCase()
    .split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Of the bodies stored for one answer (`identity`, and `gzip` / `br` when it is compressible), the
 * one for this Accept-Encoding, with its encoding.
 */
export function encodedBody(bodies, acceptEncoding) {
  const encoding = chooseEncoding(acceptEncoding);
  const body = bodies[encoding];
  return body ? { encoding, body } : { encoding: 'identity', body: bodies.identity };
}

export function compress(body, encoding) {
  if (encoding === 'br') {
    return brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return body;
}

export function entityTag(body) {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A stored page: its headers, body in every encoding (compressed once, here), ETag and life.
 * `headers` are the ones to answer with, already final (security headers included).
 */
export function createEntry({ headers, body, freshMs, staleMs, now }) {
  return {
    headers,
    bodies: { identity: body, gzip: compress(body, 'gzip'), br: compress(body, 'br') },
    etag: entityTag(body),
    freshUntil: now + freshMs,
    staleUntil: now + freshMs + staleMs,
    refreshing: false,
    retryAt: 0,
  };
}

export function entrySize(entry) {
  return entry.bodies.identity.length + entry.bodies.gzip.length + entry.bodies.br.length + 2048;
}

/**
 * The store: an LRU bounded in bytes. `lookup` says what to do with a request:
 * - { action: 'hit', entry } fresh, answer it;
 * - { action: 'stale', entry } answer the stale copy (someone is refreshing it);
 * - { action: 'refresh', entry } this request goes to Next; answer `entry` if Next fails;
 * - { action: 'miss' } go to Next.
 */
export function createFrontCache({ maxBytes = 64 * 1024 * 1024, maxAgeMs = 30_000, retryMs = 5_000 } = {}) {
  const entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: entrySize });
  return {
    maxAgeMs,
    lookup(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return { action: 'miss' };
      if (now < entry.freshUntil) return { action: 'hit', entry };
      if (now >= entry.staleUntil) {
        entries.delete(key);
        return { action: 'miss' };
      }
      if (entry.refreshing || now < entry.retryAt) return { action: 'stale', entry };
      entry.refreshing = true;
      return { action: 'refresh', entry };
    },
    store(key, entry) {
      entries.set(key, entry);
    },
    /** A refresh that got no storable page: keep the stale copy, try again in a while. */
    refreshFailed(entry, now = Date.now()) {
      entry.refreshing = false;
      entry.retryAt = now + retryMs;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
