import 'server-only';
import { revalidatePath, revalidateTag, unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { locales } from '@/lib/i18n/config';
import { serverLog } from '@/lib/server/log';
import { handleKey } from './handle';
import { deleteProfile, indexableHandles, lookupProfile, type ProfileLookup } from './store';

const log = serverLog('profile');

/**
 * The rendered pages of /u/{handle}: cached like every anonymous page (the render cache, the edge
 * by s-maxage) for PROFILE_REVALIDATE seconds, and expired at once when the owner changes,
 * renames, turns off or deletes the profile (tag revalidation, shared by every instance through
 * the cacheHandler).
 */

/** Seconds a rendered profile (and its data) is served before it is rendered again. */
export const PROFILE_REVALIDATE = 30;

export function profileTag(key: string): string {
  return `profile:${key}`;
}

/** The lookup of /u/{handle}, cached under the handle's tag. */
export function cachedProfile(handle: string): Promise<ProfileLookup> {
  const key = handleKey(handle);
  return unstable_cache(async () => lookupProfile(await getDb(), handle), ['profile-view', handle], {
    tags: [profileTag(key)],
    revalidate: PROFILE_REVALIDATE,
  })();
}

/** Expires every cached page and card of the profiles at these handles (any spelling). */
export function refreshProfilePages(handles: readonly string[]): void {
  try {
    for (const handle of new Set(handles)) {
      const key = handleKey(handle);
      revalidateTag(profileTag(key), { expire: 0 });
      for (const spelling of new Set([handle, key])) {
        for (const locale of locales) revalidatePath(`/${locale}/u/${spelling}`);
      }
    }
  } catch (error) {
    // The change is saved; the pages then refresh within PROFILE_REVALIDATE seconds.
    log.warn({ err: error }, 'could not expire the cached pages');
  }
}

/**
 * The handles of the profiles whose owners allow indexing: what the sitemap lists. Never throws
 * (a database that cannot answer lists none).
 */
export async function publicIndexableProfiles(): Promise<string[]> {
  try {
    return await indexableHandles(await getDb());
  } catch (error) {
    log.warn({ err: error }, 'could not list the indexable profiles');
    return [];
  }
}

/** Deletes the user's profile (their synced data was deleted) and expires its pages. */
export async function forgetProfile(userId: string): Promise<void> {
  refreshProfilePages(await deleteProfile(await getDb(), userId));
}
