import 'server-only';
import { unstable_cache } from 'next/cache';
import { runAfterResponse } from './background';
import { currentBuildId } from './next-internals.mjs';
import { processState } from './process-state';
import { getRedis, redisUsable } from './redis';

/**
 * Rules for pages in Next's render cache when their anime data fails to load.
 *
 * Pages with data are cached (ISR) and regenerated in the background. A failed regeneration must
 * never replace the last good page with an error, and an error must not stay cached for the life
 * of a good page. So, when a listing fails while a page renders:
 * - if a page showing the same listing has rendered well, a good page for it is cached: the
 *   render throws, Next drops the attempt and keeps serving that page, and retries on a later
 *   request;
 * - otherwise (no good page yet) the page shows the SPEC §8 error with its retry, and the render
 *   is cached for one second only, so the next visitor triggers a new attempt.
 *
 * "Has rendered well" is known where the render cache is: with REDIS_URL the pages are shared in
 * Redis, so is the mark (`am:good:<build id>:<listing>`, living as long as Next serves a page stale,
 * and of this build only, as the pages are), and a fresh instance during an outage finds the page
 * another instance rendered. Without Redis both live in this process. The data layer answers stale
 * copies during outages, so a listing only fails here when it has no copy at all.
 */

const moduleState = () => processState<{ goodListings?: Set<string> }>('render-cache', () => ({}));

function goodListings(): Set<string> {
  const state = moduleState();
  state.goodListings ??= new Set();
  return state.goodListings;
}

/** Bounds the memory of `goodListings` (one entry per distinct listing a page has shown). */
const MAX_REMEMBERED = 10_000;
/** A mark lives as long as Next may serve the page it stands for (next.config.ts expireTime). */
export const GOOD_MARK_SECONDS = 600 + 86_400;

function markKey(key: string): string {
  return `am:good:${currentBuildId()}:${key}`;
}

export function rememberGoodListing(key: string): void {
  const listings = goodListings();
  if (listings.has(key)) return;
  if (listings.size >= MAX_REMEMBERED) listings.clear();
  listings.add(key);
  const redis = getRedis();
  if (!redis) return;
  runAfterResponse('good-page mark', async () => {
    if (await redisUsable(redis)) await redis.set(markKey(key), '1', 'EX', GOOD_MARK_SECONDS);
  });
}

/** Whether a page showing this listing has rendered well, on this instance or (Redis) any other. */
export async function hasGoodListing(key: string): Promise<boolean> {
  if (goodListings().has(key)) return true;
  const redis = getRedis();
  if (!redis) return false;
  try {
    // Redis down: the render cache in Redis is down too, so nothing is written over a good page.
    return (await redisUsable(redis)) && (await redis.exists(markKey(key))) === 1;
  } catch {
    return false;
  }
}

export class KeepLastGoodPageError extends Error {
  constructor(key: string) {
    super(`listing ${key} failed during a page regeneration; the last good page stays cached`);
    this.name = 'KeepLastGoodPageError';
  }
}

/**
 * The shortest life Next accepts for a cached render. unstable_cache is the public way to lower
 * the revalidate time of the page being rendered (its revalidate joins the page's, the smallest
 * wins); the cached value itself is a constant.
 */
const shortLived = unstable_cache(async () => true, ['anime-master:failed-render'], { revalidate: 1 });

export async function failedListing(key: string): Promise<void> {
  if (await hasGoodListing(key)) throw new KeepLastGoodPageError(key);
  await shortLived();
}

/** Keeps the response being rendered (a page or a cached route's answer) for one second only. */
export async function cacheBriefly(): Promise<void> {
  await shortLived();
}
