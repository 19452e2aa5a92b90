import 'server-only';
import { AppError, isAppError } from '@/lib/server/errors';
import { storedRecord } from '@/lib/records';
import { storedDetails } from '@/lib/records/freshness';
import { serverLog } from '@/lib/server/log';
import { jikanDeadline, jikanGet, type StoredCopy } from './client';
import { toAnimeDetails } from './mappers';
import { answersOffline, offlineDetails, remember } from './offline';
import { jikanAnimeResponseSchema } from './schemas';
import { MAX_ANIME_ID, type AnimeDetails } from './types';

const log = serverLog('jikan');

/** One anime's record from the anime database, with the SPEC §8 messages when it cannot be had. */

/** The SPEC §8 message for a details failure, keeping the code (and so the HTTP status). */
function detailsError(id: number, error: unknown): AppError {
  if (!isAppError(error)) {
    log.error({ id, err: error }, 'details: unexpected error');
    return new AppError(
      'INTERNAL',
      `Não foi possível carregar os detalhes do anime ${id}. Tente novamente mais tarde.`,
    );
  }
  switch (error.code) {
    case 'RATE_LIMITED':
      return new AppError('RATE_LIMITED', undefined, {
        retryAfterSeconds: error.retryAfterSeconds,
        cause: error,
      });
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', `Anime com ID ${id} não foi encontrado na base de dados.`, {
        cause: error,
      });
    case 'INVALID_RESPONSE':
      return new AppError('INVALID_RESPONSE', 'Resposta da API não contém dados válidos', { cause: error });
    case 'UPSTREAM_TIMEOUT':
    case 'UPSTREAM_ERROR':
      return new AppError(
        error.code,
        `Não foi possível carregar os detalhes do anime ${id}. Tente novamente mais tarde.`,
        { cause: error },
      );
    default:
      return error;
  }
}

/** The durable store's copy of anime `id` (lib/records), for jikanGet. */
async function storedCopy(
  id: number,
  options: { waitForOpen: boolean },
): Promise<StoredCopy<AnimeDetails> | null | undefined> {
  const stored = await storedRecord(id, options);
  if (!stored) return stored;
  return {
    value: storedDetails(stored, false),
    stale: storedDetails(stored, true),
    fetchedAt: stored.fetchedAt.getTime(),
    complete: stored.kind === 'full',
  };
}

const animeDetails = (id: number, path: string, deadline: number) =>
  jikanGet({
    path,
    schema: jikanAnimeResponseSchema,
    // Every record fetched teaches the offline catalogue its English and romaji titles.
    map: (response) => remember([toAnimeDetails(response.data)])[0] as AnimeDetails,
    deadline,
    rememberNotFound: true,
    // With the limiter's queue long, the catalogue answers at once.
    whenQueueBusy: () => offlineDetails(id),
    // A record fetched before (here or by another instance) stands in before the catalogue does.
    stored: (options) => storedCopy(id, options),
    markStale: (anime, fetchedAt) => ({ ...anime, stale: { fetchedAt: new Date(fetchedAt).toISOString() } }),
  });

/** Whether `id` can be a MyAnimeList anime id (positive, at most MAX_ANIME_ID). */
export function isAnimeId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ANIME_ID;
}

/**
 * GET /anime/{id}/full, falling back to /anime/{id} only when the full record is missing (404)
 * (SPEC §4/§7): the basic record still fills the page, only without the external links. A timeout,
 * 5xx or 429 of /full is answered as it is: the basic endpoint sits behind the same database and
 * the same quota. Both calls share one deadline, and ids Jikan says do not exist are remembered.
 */
export async function getAnimeDetails(id: number): Promise<AnimeDetails> {
  if (!isAnimeId(id)) throw new AppError('INVALID_ID');
  const deadline = jikanDeadline();
  try {
    try {
      return await animeDetails(id, `/anime/${id}/full`, deadline);
    } catch (fullError) {
      if (!isAppError(fullError, 'NOT_FOUND')) throw fullError;
      return await animeDetails(id, `/anime/${id}`, deadline);
    }
  } catch (error) {
    const offline = answersOffline(error) ? offlineDetails(id) : null;
    if (offline) {
      log.info({ id, err: error }, 'details failed; answering from the offline catalogue');
      return offline;
    }
    throw detailsError(id, error);
  }
}
