import 'server-only';
import { z } from 'zod';
import { keepExtra, storedExtra, storedRecords } from '@/lib/records';
import { cacheKey, getCache } from '@/lib/server/cache';
import { AppError, isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { jikanGet, type StoredCopy } from './client';
import { gateAnimeList, isAdultAnime, type ContentAccess } from './filter';
import { learnOneRecord } from './learn';
import { toAnime } from './mappers';
import { jikanAnimeSchema } from './schemas';
import { isAnimeId } from './details';
import { UNKNOWN_FACTS, type Anime, type AnimeImages } from './types';
import {
  MAX_KEPT_RECOMMENDATIONS,
  type RecommendedAnime,
  type RecommendationsAnswer,
} from './recommendation-types';

const log = serverLog('jikan');

/**
 * What fans recommend beside an anime (GET /anime/{id}/recommendations): one call per anime, kept
 * days in the hot cache (SHARED_CACHE_LIVES.extras, in every cache) and durably (lib/records,
 * kind 'recommendations'), so every fan's "similar anime" and "for you" lists share it.
 *
 * Jikan's entries carry only id, title and cover, so a recommended anime's age rating and genres
 * are whatever the server knows of it from the records it has fetched (lib/records). One it never
 * fetched has unknown adult facts: it is withheld from visitors (fail closed), counted, and learnt
 * in the background, one record per request when the limiter has room (lib/jikan/learn.ts); the
 * answer says it is partial until every one is known.
 */

export type { RecommendedAnime, RecommendationsAnswer } from './recommendation-types';

/** One recommendation as kept: the entry Jikan sends and its votes. */
export interface KeptRecommendation {
  id: number;
  title: string | null;
  images: AnimeImages;
  votes: number;
}

interface KeptRecommendations {
  items: KeptRecommendation[];
  /** Set on a copy answered while the anime database could not answer (see Anime.stale). */
  stale?: { fetchedAt: string };
}

const recommendationItemSchema = z.object({
  entry: jikanAnimeSchema,
  votes: z.number().nullish(),
});

/** Items stay `unknown` and are parsed one by one: one odd entry drops itself, not the list. */
export const jikanRecommendationsResponseSchema = z.object({ data: z.array(z.unknown()) });

/** Jikan's entries → what is kept: valid ids with a title, most votes first (ties by id), bounded. */
export function toKeptRecommendations(items: readonly unknown[], ownId: number): KeptRecommendation[] {
  const byId = new Map<number, KeptRecommendation>();
  for (const item of items) {
    const parsed = recommendationItemSchema.safeParse(item);
    if (!parsed.success) continue;
    const anime = toAnime(parsed.data.entry);
    if (!isAnimeId(anime.id) || anime.id === ownId || !anime.title) continue;
    const votes = Math.max(0, Math.floor(parsed.data.votes ?? 0));
    const known = byId.get(anime.id);
    if (known && known.votes >= votes) continue;
    byId.set(anime.id, { id: anime.id, title: anime.title, images: anime.images, votes });
  }
  return [...byId.values()]
    .sort((a, b) => b.votes - a.votes || a.id - b.id)
    .slice(0, MAX_KEPT_RECOMMENDATIONS);
}

/** The kept list, read from the durable store, for jikanGet. */
async function storedCopy(
  id: number,
  options: { waitForOpen: boolean },
): Promise<StoredCopy<KeptRecommendations> | null | undefined> {
  const stored = await storedExtra<KeptRecommendations>(id, 'recommendations', options);
  if (!stored) return stored;
  const items = Array.isArray(stored.data?.items) ? stored.data.items : [];
  return {
    value: { items },
    stale: { items, stale: { fetchedAt: stored.fetchedAt.toISOString() } },
    fetchedAt: stored.fetchedAt.getTime(),
    complete: true,
  };
}

const PENDING = { pending: true } as const;

function keptRecommendations(id: number) {
  return jikanGet({
    path: `/anime/${id}/recommendations`,
    schema: jikanRecommendationsResponseSchema,
    map: (response): KeptRecommendations => {
      const items = toKeptRecommendations(response.data, id);
      keepExtra(id, 'recommendations', { items });
      return { items };
    },
    rememberNotFound: true,
    // A turn far away in the limiter's queue: answered at once as "being gathered" (the call is
    // made in the background when that is cheap), so the recommendations never hold anyone up.
    whenQueueBusy: () => PENDING,
    stored: (options) => storedCopy(id, options),
    markStale: (value, fetchedAt) => ({ ...value, stale: { fetchedAt: new Date(fetchedAt).toISOString() } }),
  });
}

/** A kept recommendation with what the server knows of its anime (its record), or unknown facts. */
export function withKnownFacts(item: KeptRecommendation, known: Anime | undefined): RecommendedAnime {
  if (!known) {
    return {
      id: item.id,
      title: item.title,
      ...UNKNOWN_FACTS,
      images: item.images,
      genres: [],
      adultFactsUnknown: true,
      votes: item.votes,
    };
  }
  return {
    id: item.id,
    title: item.title ?? known.title,
    titleEnglish: known.titleEnglish,
    titleJapanese: known.titleJapanese,
    synopsis: null,
    status: known.status,
    type: known.type,
    episodes: known.episodes,
    year: known.year,
    score: known.score,
    rating: known.rating,
    popularity: known.popularity,
    images: item.images.cover ? item.images : known.images,
    genres: known.genres,
    votes: item.votes,
  };
}

/** Failures that leave the kept copy (or nothing) to answer: the anime database is not answering. */
function isOutage(error: unknown): boolean {
  return (
    isAppError(error, 'RATE_LIMITED') ||
    isAppError(error, 'UPSTREAM_ERROR') ||
    isAppError(error, 'UPSTREAM_TIMEOUT') ||
    isAppError(error, 'INVALID_RESPONSE')
  );
}

/**
 * The recommendations beside anime `id` as `access` may see them. Never throws for upstream
 * trouble: a copy kept before answers (marked stale), else `unavailable`; no room at the anime
 * database (its queue, or the caller's budget) answers `pending`. A 404 is an answer: none.
 */
export async function getAnimeRecommendations(
  id: number,
  access: ContentAccess,
): Promise<RecommendationsAnswer> {
  if (!isAnimeId(id)) throw new AppError('INVALID_ID');
  let kept: KeptRecommendations | typeof PENDING;
  try {
    kept = await keptRecommendations(id);
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND')) return { items: [], withheld: 0 };
    if (isAppError(error, 'TOO_MANY_REQUESTS')) {
      return { items: [], withheld: 0, pending: true, retryAfterSeconds: error.retryAfterSeconds };
    }
    if (isOutage(error)) {
      log.info({ id, err: error }, 'recommendations: nothing kept to answer');
      return { items: [], withheld: 0, unavailable: true };
    }
    throw error;
  }
  if ('pending' in kept) return { items: [], withheld: 0, pending: true };
  return answerFrom(id, kept, access, { learn: !kept.stale });
}

/**
 * The kept list as `access` may see it: each recommendation with what the server knows of it,
 * those of unknown adult facts withheld from a visitor. With `learn`, the first unknown record
 * (the anime itself first, for a reason that names it) is fetched after the answer.
 */
async function answerFrom(
  id: number,
  kept: KeptRecommendations,
  access: ContentAccess,
  { learn, waitForOpen = true }: { learn: boolean; waitForOpen?: boolean },
): Promise<RecommendationsAnswer> {
  const known = await storedRecords([id, ...kept.items.map((item) => item.id)], { waitForOpen });
  const facts = kept.items.map((item) => withKnownFacts(item, known.get(item.id)?.record));
  const { shown, withheld } = gateAnimeList(facts, access);
  const shownIds = new Set(shown.map((item) => item.id));
  const withheldIds = facts
    .filter((item) => item.adultFactsUnknown && !shownIds.has(item.id))
    .map((item) => item.id);
  const own = known.get(id)?.record;
  const missing = [
    ...(own ? [] : [id]),
    ...facts.filter((item) => item.adultFactsUnknown).map((item) => item.id),
  ];
  if (learn && missing.length > 0) await learnOneRecord(missing);
  const source =
    own && (access.adult || !isAdultAnime(own))
      ? { id, title: own.title, titleEnglish: own.titleEnglish }
      : undefined;
  return {
    items: shown,
    withheld,
    ...(withheldIds.length > 0 ? { withheldIds } : {}),
    ...(missing.length > 0 ? { partial: true as const } : {}),
    ...(source ? { source } : {}),
    ...(kept.stale ? { stale: kept.stale } : {}),
  };
}

/**
 * What a visitor sees of the recommendations the server holds for anime `id`, without any call
 * (a page render, cached for everyone): null when none are kept, or the database is still opening.
 */
export async function storedRecommendations(id: number): Promise<RecommendationsAnswer | null> {
  const hit = await getCache()
    .get<KeptRecommendations>(cacheKey(`jikan:/anime/${id}/recommendations`))
    .catch(() => undefined);
  const kept = Array.isArray(hit?.value?.items)
    ? { items: hit.value.items }
    : (await storedCopy(id, { waitForOpen: false }))?.value;
  if (!kept) return null;
  return answerFrom(id, kept, { adult: false }, { learn: false, waitForOpen: false });
}
