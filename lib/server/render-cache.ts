import 'server-only';
import { unstable_cache } from 'next/cache';
import { processState } from './process-state';

/**
 * Rules for pages in Next's render cache when their anime data fails to load.
 *
 * Pages with data are cached (ISR) and regenerated in the background. A failed regeneration must
 * never replace the last good page with an error, and an error must not stay cached for the life
 * of a good page. So, when a listing fails while a page renders:
 * - if the same listing has loaded before in this process, a good page for it exists: the render
 *   throws, Next drops the attempt and keeps serving that page, and retries on a later request;
 * - otherwise (no good page yet) the page shows the SPEC §8 error with its retry, and the render
 *   is cached for one second only, so the next visitor triggers a new attempt.
 * The data layer answers stale copies during outages, so a listing only fails here when it has no
 * copy at all (never loaded, or evicted).
 */

const state = processState<{ goodListings?: Set<string> }>('render-cache', () => ({}));

function goodListings(): Set<string> {
  state.goodListings ??= new Set();
  return state.goodListings;
}

/** Bounds the memory of `goodListings` (one entry per distinct listing a page has shown). */
const MAX_REMEMBERED = 10_000;

export function rememberGoodListing(key: string): void {
  const listings = goodListings();
  if (listings.size >= MAX_REMEMBERED) listings.clear();
  listings.add(key);
}

/** Whether a page showing this listing has rendered well in this process (proxy.ts asks). */
export function hasGoodListing(key: string): boolean {
  return goodListings().has(key);
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
  if (goodListings().has(key)) throw new KeepLastGoodPageError(key);
  await shortLived();
}

/** Keeps the response being rendered (a page or a cached route's answer) for one second only. */
export async function cacheBriefly(): Promise<void> {
  await shortLived();
}

/** Test-only. */
export function resetRenderCacheForTests(): void {
  state.goodListings = undefined;
}
