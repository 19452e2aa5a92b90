import 'server-only';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { getDb } from '@/lib/db';
import { siteUrl } from '@/lib/env';
import { readAdultFactsPage } from '@/lib/records/store';
import { getCache } from '@/lib/server/cache';
import { serverLog } from '@/lib/server/log';
import { within } from '@/lib/utils/within';
import { safeIdsOf, sitemapPartCount, SITEMAP_PART_SIZE } from './parts';

const log = serverLog('sitemap');

/**
 * The anime pages the sitemap lists: those the server knows to be safe for anyone. Only records
 * kept in the durable store (lib/records) count, each a record fetched from the anime database,
 * so its adult facts (age rating, genres and themes) are known; the adult gate (lib/jikan/filter.ts
 * isAdultAnime) leaves out every adult one. Titles are never listed: an address names an id only.
 *
 * The ids are read page by page (the adult facts alone, a few dozen bytes a record) and kept in
 * the shared cache (getCache: Redis when set), so a crawler reading every part costs one pass over
 * the table per cache life ('listing': 30 minutes shared, 10 in process).
 */

export { SITEMAP_PART_SIZE, sitemapPartCount };

const CACHE_KEY = 'sitemap:anime-ids';
const PAGE = 5000;
/** Longest wait for the database while listing; beyond it the sitemap answers what it last knew. */
const READ_TIMEOUT_MS = 5000;

async function readSafeIds(): Promise<number[]> {
  const db = await within(getDb(), READ_TIMEOUT_MS);
  const ids: number[] = [];
  for (let afterId = 0; ;) {
    const page = await within(readAdultFactsPage(db, afterId, PAGE), READ_TIMEOUT_MS);
    ids.push(...safeIdsOf(page));
    if (page.length < PAGE) return ids;
    afterId = page[page.length - 1]!.id;
  }
}

/** Whether this runs inside `next build` (no database is opened there). */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}

/** The ids of the anime pages safe for anyone, ascending; [] while nothing is known. */
export async function sitemapAnimeIds(): Promise<number[]> {
  if (isBuildPhase()) return [];
  const cache = getCache();
  const hit = await cache.get<number[]>(CACHE_KEY);
  if (hit?.fresh) return hit.value;
  try {
    const ids = await readSafeIds();
    await cache.set(CACHE_KEY, ids);
    return ids;
  } catch (error) {
    log.warn({ err: error }, 'cannot read the stored records');
    return hit?.value ?? [];
  }
}

/** The absolute address of sitemap part `part`. */
export function sitemapPartUrl(part: number): string {
  return `${siteUrl()}/sitemap/${part}.xml`;
}

/** The absolute address of anime `id`'s page. */
export function animePageUrl(id: number): string {
  return `${siteUrl()}/anime/${id}`;
}
