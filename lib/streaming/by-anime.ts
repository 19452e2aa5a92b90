import 'server-only';
import { LRUCache } from 'lru-cache';
import { getAnimeDetails, isAdultAnime, type ContentAccess } from '@/lib/jikan';
import type { Episode } from '@/lib/jikan/types';
import { singleFlight } from '@/lib/server/cache';
import { chargeClientMiss } from '@/lib/server/client-budget';
import { isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { processState } from '@/lib/server/process-state';
import { getStreamingEpisodes, RESULT_TTL_MS } from './index';

const log = serverLog('streaming');

/**
 * Episodes by anime id (no open proxy). The caller names an id, never a title: the
 * server takes the title from its own cached record of that id, so a random title cannot reach
 * the provider. Each id's answer, "none" included, is kept RESULT_TTL_MS; an unknown id is
 * remembered as "none" too and costs nothing the second time.
 */

interface Known {
  /** The title searched for; null for an unknown id or a record without one. */
  title: string | null;
  adult: boolean;
  /** undefined until someone allowed to see them asked (an adult record asked anonymously). */
  episodes?: Episode[] | null;
}

const moduleState = () =>
  processState<{ episodesById?: LRUCache<number, Known> }>('streaming-by-anime', () => ({}));

function byId(): LRUCache<number, Known> {
  const state = moduleState();
  state.episodesById ??= new LRUCache({ max: 1000, ttl: RESULT_TTL_MS });
  return state.episodesById;
}

/** The record's title and adult flag; null while the database cannot answer (not remembered). */
async function record(id: number): Promise<Known | null> {
  try {
    const anime = await getAnimeDetails(id);
    return { title: anime.title ?? anime.titleEnglish, adult: isAdultAnime(anime) };
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND') || isAppError(error, 'INVALID_ID')) {
      return { title: null, adult: false, episodes: null };
    }
    // The caller is over its budget: answered 429, and nothing is remembered.
    if (isAppError(error, 'TOO_MANY_REQUESTS')) throw error;
    log.info({ id, err: error }, 'episodes: no record');
    return null;
  }
}

/**
 * The provider's episodes of anime `id` (sorted by number), or null when there are none, the id
 * is unknown or anything failed. Adult records (SPEC §5) give null to callers without verified
 * adult access, before any provider call.
 */
export async function getEpisodesForAnime(id: number, access: ContentAccess): Promise<Episode[] | null> {
  return singleFlight(`episodes-by-id:${id}:${access.adult ? 'adult' : 'anonymous'}`, async () => {
    let known = byId().get(id);
    if (!known) {
      const found = await record(id);
      if (!found) return null;
      known = found;
      byId().set(id, known);
    }
    if (known.adult && !access.adult) return null;
    if (known.episodes !== undefined) return known.episodes;
    if (!known.title) {
      byId().set(id, { ...known, episodes: null });
      return null;
    }
    // A provider lookup not known here yet is a miss: charged to the caller (client-budget.ts).
    await chargeClientMiss();
    const episodes = await getStreamingEpisodes(known.title);
    byId().set(id, { ...known, episodes });
    return episodes;
  });
}
