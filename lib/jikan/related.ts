import 'server-only';
import { walkFranchise, type WalkSource } from '@/lib/detail/franchise';
import { serverEnv } from '@/lib/env';
import { storedRecords } from '@/lib/records';
import { cacheKey, getCache } from '@/lib/server/cache';
import { isAppError } from '@/lib/server/errors';
import { serverLog } from '@/lib/server/log';
import { getRateLimiter } from '@/lib/server/rate-limiter';
import { getAnimeDetails } from './details';
import { isAdultAnime } from './filter';
import type { Anime, AnimeDetails, AnimeRelation } from './types';

const log = serverLog('jikan');

/**
 * What the detail page shows of an anime's relatives: cards of the anime it relates to, and its
 * franchise in watch order (lib/detail/franchise.ts walks it). Records come from what is already
 * learnt (the hot cache, then the durable store) without a call; the walk takes at most one new
 * record from the anime database per request, and only when the limiter has room. Every record
 * fetched is kept with its relations (lib/records), so a franchise is learnt once for all.
 */

/** A related anime as its card shows it. */
export interface RelatedCard {
  id: number;
  title: string | null;
  titleEnglish: string | null;
  type: string | null;
  year: number | null;
  episodes: number | null;
  cover: string | null;
  airedFrom: string | null;
  /** An adult record (SPEC §6): sent only to a verified adult. */
  adult: boolean;
}

export function toRelatedCard(anime: Anime | AnimeDetails): RelatedCard {
  const details = anime as Partial<AnimeDetails>;
  return {
    id: anime.id,
    title: anime.title,
    titleEnglish: anime.titleEnglish,
    type: anime.type,
    year: anime.year,
    episodes: anime.episodes,
    cover: anime.images.small ?? anime.images.cover,
    airedFrom: details.airedFrom ?? null,
    adult: isAdultAnime(anime),
  };
}

/** A record learnt before, with what the walk needs (relations known). */
interface KnownRecord {
  record: AnimeDetails | Anime;
  /** The full record with its relations: the walk can go on from it. */
  relations: AnimeRelation[] | null;
}

function known(record: AnimeDetails | Anime): KnownRecord {
  const relations = (record as AnimeDetails).relations;
  return { record, relations: Array.isArray(relations) ? relations : null };
}

/**
 * The records of `ids` already learnt, without any call: the hot cache's detail entry (fresh or
 * stale), else the durable store's copy (a listing row too: it fills a card, not the walk). With
 * `waitForOpen: false` (a page render), a database still opening is not waited for.
 */
export async function knownRecords(
  ids: readonly number[],
  { waitForOpen = true }: { waitForOpen?: boolean } = {},
): Promise<Map<number, KnownRecord>> {
  const found = new Map<number, KnownRecord>();
  const unique = [...new Set(ids)];
  const cache = getCache();
  const hits = await Promise.all(
    unique.map((id) => cache.get<AnimeDetails>(cacheKey(`jikan:/anime/${id}/full`)).catch(() => undefined)),
  );
  const rest: number[] = [];
  unique.forEach((id, index) => {
    const hit = hits[index];
    if (hit && Array.isArray(hit.value.relations)) found.set(id, known(hit.value));
    else rest.push(id);
  });
  if (rest.length === 0) return found;
  const stored = await storedRecords(rest, { waitForOpen });
  for (const [id, copy] of stored) found.set(id, known(copy.record));
  // A cached record without relations (a basic record) still fills a card.
  unique.forEach((id, index) => {
    const hit = hits[index];
    if (hit && !found.has(id)) found.set(id, known(hit.value));
  });
  return found;
}

/** The cards of `ids` already learnt (no call), by id. */
export async function relatedCards(
  ids: readonly number[],
  options: { waitForOpen?: boolean } = {},
): Promise<Map<number, RelatedCard>> {
  const records = await knownRecords(ids, options);
  return new Map([...records].map(([id, entry]) => [id, toRelatedCard(entry.record)]));
}

interface FranchiseNode extends RelatedCard {
  relations: AnimeRelation[];
}

function toNode(record: AnimeDetails | Anime, relations: AnimeRelation[]): FranchiseNode {
  return { ...toRelatedCard(record), relations };
}

/**
 * Whether the anime database has room for one more call now: a call asked now would wait no
 * longer than one gap of the limiter (nobody is queued, no 429 back-off runs).
 */
export async function limiterHasRoom(): Promise<boolean> {
  try {
    return (await getRateLimiter().expectedWaitMs()) <= serverEnv().JIKAN_MIN_INTERVAL_MS;
  } catch {
    return false;
  }
}

/**
 * One new record for the walk through the data layer (hot cache, durable store, then the anime
 * database), only when the limiter has room: null when the database has no such anime,
 * undefined when refused or failed (the franchise stays incomplete; a later visit goes on).
 */
async function step(id: number): Promise<FranchiseNode | null | undefined> {
  if (!(await limiterHasRoom())) return undefined;
  try {
    const record = await getAnimeDetails(id);
    // A stand-in (offline catalogue, stale copy without relations) teaches the walk nothing.
    if (record.offline || !Array.isArray(record.relations)) return undefined;
    return toNode(record, record.relations);
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND') || isAppError(error, 'INVALID_ID')) return null;
    log.info({ id, err: error }, 'franchise step refused');
    return undefined;
  }
}

/** The walk's records: those learnt before, and (`step`) at most one new one per walk. */
function walkSource({ waitForOpen = true }: { waitForOpen?: boolean } = {}): WalkSource<FranchiseNode> {
  return {
    known: async (ids) => {
      const records = await knownRecords(ids, { waitForOpen });
      const nodes = new Map<number, FranchiseNode>();
      for (const [id, entry] of records) {
        if (entry.relations) nodes.set(id, toNode(entry.record, entry.relations));
      }
      return nodes;
    },
    step,
  };
}

export interface Franchise {
  /** Every entry known, in watch order, the anime itself included. */
  entries: RelatedCard[];
  /** Nothing is left to load within the bound. */
  complete: boolean;
}

/**
 * The franchise of `anime` (its own record, just had from the data layer). With `learn: false`
 * (a page render, cached for everyone) only what is learnt already, without any call, and a
 * database still opening is not waited for.
 */
export async function getFranchise(
  anime: AnimeDetails,
  { learn = true }: { learn?: boolean } = {},
): Promise<Franchise> {
  const { nodes, complete } = await walkFranchise(
    toNode(anime, anime.relations ?? []),
    walkSource({ waitForOpen: learn }),
    learn ? {} : { maxSteps: 0 },
  );
  return {
    entries: nodes.map(({ relations: _relations, ...card }) => card),
    // A record with no relations read yet (an older copy) cannot say its franchise is whole.
    complete: complete && Array.isArray(anime.relations),
  };
}

/** What GET /api/anime/{id}/franchise answers, and what the page holds of it for visitors. */
export interface FranchiseAnswer {
  /** The franchise in watch order, the anime itself included. */
  entries: RelatedCard[];
  /** Nothing is left to load: no 'more titles appear as they load'. */
  complete: boolean;
  /** Cards of the anime related directly, those already learnt. */
  related: RelatedCard[];
  /**
   * The anime database could not answer: what is shown is what was stored before, fetched then
   * (null for the offline catalogue's stand-in).
   */
  stale?: { fetchedAt: string | null };
  /** Nothing stored, and the anime database cannot answer now. */
  unavailable?: boolean;
}

/**
 * The franchise and the direct relatives' cards of `anime`, adult ones included (the caller
 * filters them, visibleRelatives). With `learn: false` nothing is fetched (getFranchise).
 */
export async function franchiseAnswer(
  anime: AnimeDetails,
  { learn = true }: { learn?: boolean } = {},
): Promise<FranchiseAnswer> {
  const direct = (anime.relations ?? []).flatMap((group) =>
    group.entries.filter((entry) => entry.type === 'anime').map((entry) => entry.id),
  );
  // The walk first: a record it has just learnt is among the cards.
  const franchise = await getFranchise(anime, { learn });
  const cards = await relatedCards(direct, { waitForOpen: learn });
  const stale = anime.stale ?? (anime.offline ? { fetchedAt: null } : null);
  return { ...franchise, related: [...cards.values()], ...(stale ? { stale } : {}) };
}

/** The answer as someone may see it: adult records for a verified adult only (SPEC §6). */
export function visibleRelatives(answer: FranchiseAnswer, adult: boolean): FranchiseAnswer {
  if (adult) return answer;
  return {
    ...answer,
    entries: answer.entries.filter((card) => !card.adult),
    related: answer.related.filter((card) => !card.adult),
  };
}
