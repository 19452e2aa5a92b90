import 'server-only';
import { catalogueDetails, catalogueSearch, catalogueSeasonNow, rememberAnime } from '@/lib/catalogue';
import { keepRecords } from '@/lib/records';
import { isAppError } from '@/lib/server/errors';
import { gateAnimeList, type ContentAccess } from './filter';
import type { Anime, AnimeDetails, AnimePage } from './types';

/**
 * The offline catalogue as lib/jikan's fallback. When the anime database fails for a
 * reason that says "it is down or refusing us" (network error, timeout, 5xx, 429 or back-off,
 * a broken body), and no cached copy stood in, search, the season listing and details answer from
 * the catalogue, marked `offline`; so do they, at once, when no cached copy can answer and the
 * limiter's queue would keep the visitor waiting longer than JIKAN_QUEUE_OFFLINE_MS (client.ts). Anything else (a 404, a 400 for bad input) is a real answer and
 * is left alone. Top and popular listings have no fallback: their order is the live database's.
 * An offline listing that finds nothing is no answer either: the catalogue is a partial snapshot,
 * so "nothing found" there would misreport a failure as an empty result; the failure stands (and
 * with a busy queue, the request waits for its turn as it would have without a catalogue).
 */
export function answersOffline(error: unknown): boolean {
  if (!isAppError(error)) return false;
  switch (error.code) {
    case 'RATE_LIMITED':
    case 'UPSTREAM_TIMEOUT':
    case 'INVALID_RESPONSE':
      return true;
    case 'UPSTREAM_ERROR':
      // No status: the network failed. A 4xx other than 429 means we asked wrongly.
      return error.upstreamStatus === undefined || error.upstreamStatus >= 500;
    default:
      return false;
  }
}

/**
 * Every record fetched from the database teaches the catalogue its titles (enrichment) and is
 * kept as its last-known-good copy in the durable store (lib/records).
 */
export function remember<T extends Anime | AnimeDetails>(records: T[]): T[] {
  rememberAnime(records);
  keepRecords(records);
  return records;
}

export function offlineSearch(params: {
  q: string;
  page: number;
  limit: number;
  orderBy?: string;
  sort?: string;
  genres?: string;
  type?: string;
  status?: string;
}): AnimePage | null {
  // The catalogue knows no genres: a genre filter it cannot apply must not look applied. And it
  // answers a first page only: a later page would continue the live ranking with another one
  // (so 'Carregar mais' after live results keeps failing honestly), and no offline page offers more.
  if (params.genres || params.page > 1) return null;
  const result = catalogueSearch(params);
  if (!result?.items.length) return null;
  return { data: result.items, pagination: { page: 1, hasNextPage: false }, offline: true };
}

export function offlineSeasonNow(params: { page: number; limit: number; filter?: string }): AnimePage | null {
  const result = catalogueSeasonNow({ type: params.filter, page: params.page, limit: params.limit });
  if (!result?.items.length) return null;
  return {
    data: result.items,
    pagination: { page: params.page, hasNextPage: result.hasNextPage },
    offline: true,
    season: result.season,
  };
}

export function offlineDetails(id: number): AnimeDetails | null {
  return catalogueDetails(id);
}

/** An offline page as `access` may see it, saying how many records were withheld (fail closed). */
export function gateOfflinePage(page: AnimePage, access: ContentAccess): AnimePage {
  const { shown, withheld } = gateAnimeList(page.data, access);
  return { ...page, data: shown, ...(withheld ? { withheld } : {}) };
}
