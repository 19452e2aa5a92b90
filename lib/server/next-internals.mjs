// @ts-check
import fs from 'node:fs';
import path from 'node:path';

/**
 * Everything the app knows of Next's private formats, in one place (docs/decisions/next-internals.md).
 * Next has no public interface for these; next-internals.test.ts pins each one against the
 * installed Next, so an upgrade that changes one fails the unit tests instead of the site.
 *
 * 1. The build's id is the file BUILD_ID in the build folder (Next's BUILD_ID_FILE). The render
 *    cache in Redis is keyed by it, so two builds side by side never serve each other's pages.
 * 2. A cached page or route answer lists its cache tags in the header `x-next-cache-tags` of the
 *    entry (Next's NEXT_CACHE_TAGS_HEADER), the only place a cache handler finds them.
 * 3. The `kind` strings of cache entries that the handler tells apart (Next's CachedRouteKind).
 */

export const BUILD_ID_FILE = 'BUILD_ID';
export const CACHE_TAGS_HEADER = 'x-next-cache-tags';
/** @type {{ FETCH: 'FETCH', IMAGE: 'IMAGE', APP_PAGE: 'APP_PAGE', APP_ROUTE: 'APP_ROUTE' }} */
export const ENTRY_KIND = { FETCH: 'FETCH', IMAGE: 'IMAGE', APP_PAGE: 'APP_PAGE', APP_ROUTE: 'APP_ROUTE' };

/** @type {Map<string, string>} */
const buildIds = new Map();

/**
 * The id of the build in `distDir` ('unknown' when it cannot be read), read once per folder.
 * @param {string} distDir
 */
export function buildIdIn(distDir) {
  let id = buildIds.get(distDir);
  if (id === undefined) {
    try {
      id = fs.readFileSync(path.join(distDir, BUILD_ID_FILE), 'utf8').trim() || 'unknown';
    } catch {
      id = 'unknown';
    }
    buildIds.set(distDir, id);
  }
  return id;
}

/**
 * The id of the build whose server output is `serverDistDir` (the folder Next hands a cache
 * handler: `<distDir>/server`).
 * @param {string | undefined} serverDistDir
 */
export function buildIdOfServerDir(serverDistDir) {
  return serverDistDir ? buildIdIn(path.join(serverDistDir, '..')) : 'unknown';
}

/**
 * The id of the build `next start` serves from the working folder (NEXT_DIST_DIR, as next.config.ts).
 */
export function currentBuildId() {
  return buildIdIn(path.resolve(process.env.NEXT_DIST_DIR || '.next'));
}

/**
 * The cache tags a cached page or route answer carries.
 * @param {unknown} value an entry's value as Next hands it to the cache handler
 * @returns {string[]}
 */
export function responseCacheTags(value) {
  if (!value || typeof value !== 'object' || !('headers' in value)) return [];
  const headers = /** @type {{ headers?: Record<string, unknown> }} */ (value).headers;
  const header = headers?.[CACHE_TAGS_HEADER];
  return typeof header === 'string' ? header.split(',').filter(Boolean) : [];
}
