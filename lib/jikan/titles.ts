import 'server-only';
import { LRUCache } from 'lru-cache';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { MAX_QUERY_LENGTH } from '@/lib/server/upstream';
import { jikanGet } from './client';
import { isListable } from './filter';
import { toListing } from './listings';
import { jikanAnimeListResponseSchema } from './schemas';

const log = serverLog('jikan');

/** Title → MyAnimeList id (SPEC §7), for the streaming lookups by title. */

const moduleState = () =>
  processState<{
    titleIds?: LRUCache<string, { id: number | null }>;
  }>('jikan', () => ({}));

/** Titles map to the same id forever, so this cache has no life limit, only a size. */
function titleIds(): LRUCache<string, { id: number | null }> {
  const state = moduleState();
  state.titleIds ??= new LRUCache({ max: 1000 });
  return state.titleIds;
}

/**
 * The MyAnimeList id of the first search result for `title`, or null when there is none or the
 * lookup failed (failures are not remembered, so a later call tries again).
 */
export async function getAnimeIdByTitle(title: string): Promise<number | null> {
  const key = title.trim().toLowerCase();
  if (!key || key.length > MAX_QUERY_LENGTH) return null;
  const known = titleIds().get(key);
  if (known) return known.id;
  try {
    // The same request and reshaping as searchAnime({ q, limit: 1 }): one cache entry, one type.
    const listing = await jikanGet({
      path: '/anime',
      params: { q: key, page: 1, limit: 1 },
      schema: jikanAnimeListResponseSchema,
      map: toListing,
    });
    const id = listing.items.find(isListable)?.id ?? null;
    titleIds().set(key, { id });
    return id;
  } catch (error) {
    log.info({ err: error }, 'title lookup failed');
    return null;
  }
}
