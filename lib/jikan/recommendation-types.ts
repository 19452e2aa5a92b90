/**
 * What GET /api/anime/{id}/recommendations answers. Free of server code: client components read
 * these types and the bounds.
 */
import type { Anime } from './types';

/** At most this many recommendations are kept per anime (most votes first). */
export const MAX_KEPT_RECOMMENDATIONS = 25;

/** A recommended anime as a card, with the votes of the fans who recommended it. */
export interface RecommendedAnime extends Anime {
  votes: number;
}

export interface RecommendationsAnswer {
  /** Most votes first, as the caller may see them (the adult gate applied on the server). */
  items: RecommendedAnime[];
  /** How many were withheld from this caller only because their adult facts are unknown. */
  withheld: number;
  /**
   * The ids of those withheld (an id names nothing: its title stays on the server), so that a
   * page joining several lists counts each unknown anime once.
   */
  withheldIds?: number[];
  /**
   * Some recommended anime are not known yet (their records are being fetched, one per request):
   * ask again later, the list grows as they are learnt.
   */
  partial?: true;
  /**
   * The anime the recommendations are beside, as the caller may see it (its titles), when the
   * server holds its record: a suggestion's reason names it even when the device kept no copy.
   */
  source?: { id: number; title: string | null; titleEnglish: string | null };
  /** A copy kept before, answered while the anime database could not answer: when it was fetched. */
  stale?: { fetchedAt: string };
  /** Never fetched, and the anime database has no room now: ask again later. */
  pending?: true;
  /** With `pending` from the caller's own budget: seconds until it may ask again. */
  retryAfterSeconds?: number;
  /** Never fetched, and the anime database is not answering. */
  unavailable?: true;
}
