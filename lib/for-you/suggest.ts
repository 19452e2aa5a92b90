/**
 * 'Para você': what to watch next, computed in the browser from the fan's own ratings and lists
 * and the recommendations fans made beside each of them (GET /api/anime/{id}/recommendations,
 * shared by everyone and cached on the server). Nothing personal leaves the device. Pure: the
 * page's hook (components/for-you) feeds it what the stores hold and what the API answered.
 */
import type { Anime } from '@/lib/jikan/types';
import type { RecommendedAnime } from '@/lib/jikan/recommendation-types';

/** A fan's suggestions use the recommendations of at most this many seeds, the strongest. */
export const MAX_SEEDS = 10;
/** At most this many suggestions are shown. */
export const MAX_SUGGESTIONS = 40;

/** Why an anime is a seed: a rating of 4 or 5, a completed show, or one being watched. */
export type SeedReason = { kind: 'rated'; stars: 4 | 5 } | { kind: 'completed' } | { kind: 'watching' };

export interface Seed {
  id: number;
  title: string | null;
  reason: SeedReason;
  /** How much the fan's liking of this seed counts (see seedWeight). */
  weight: number;
  /** When the fan rated, finished or started it (ISO); more recent first among equal weights. */
  at: string | null;
}

/** What the fan has on this device, as the suggestions read it. */
export interface FanLibrary {
  /** Rated anime with their stars (1–5) and when they were rated. */
  ratings: readonly { id: number; stars: number; at: string | null; title: string | null }[];
  /** Anime in any list, with the list and the date it entered that state. */
  listed: readonly {
    id: number;
    list: 'WATCHING' | 'COMPLETED' | 'PLAN_TO_WATCH' | 'ON_HOLD' | 'DROPPED';
    at: string | null;
    title: string | null;
  }[];
  /** Anime the fan said they have no interest in. */
  dismissed: ReadonlySet<number>;
}

/** 5★ counts most; a completed show a fan did not rate counts more than one still being watched. */
export function seedWeight(reason: SeedReason): number {
  switch (reason.kind) {
    case 'rated':
      return reason.stars === 5 ? 1 : 0.7;
    case 'completed':
      return 0.5;
    case 'watching':
      return 0.4;
  }
}

/**
 * The fan's seeds, strongest first (weight, then most recent, then id), at most `limit`. A rating
 * decides for a rated anime: one rated 3★ or less is no seed even when completed.
 */
export function chooseSeeds(library: FanLibrary, limit = MAX_SEEDS): Seed[] {
  const seeds = new Map<number, Seed>();
  const rated = new Set<number>();
  for (const { id, stars, at, title } of library.ratings) {
    rated.add(id);
    if (stars < 4) continue;
    const reason: SeedReason = { kind: 'rated', stars: stars >= 5 ? 5 : 4 };
    seeds.set(id, { id, title, reason, weight: seedWeight(reason), at });
  }
  for (const { id, list, at, title } of library.listed) {
    if (rated.has(id) || (list !== 'COMPLETED' && list !== 'WATCHING')) continue;
    const reason: SeedReason = list === 'COMPLETED' ? { kind: 'completed' } : { kind: 'watching' };
    seeds.set(id, { id, title, reason, weight: seedWeight(reason), at });
  }
  return [...seeds.values()].sort(compareSeeds).slice(0, limit);
}

function compareSeeds(a: Seed, b: Seed): number {
  return b.weight - a.weight || (b.at ?? '').localeCompare(a.at ?? '') || a.id - b.id;
}

/** Why a suggestion is shown: the strongest seed behind it, or the season it continues. */
export type SuggestionReason =
  | { kind: 'seed'; seed: Pick<Seed, 'id' | 'title' | 'reason'> }
  | { kind: 'sequel'; of: { id: number; title: string | null } };

export interface Suggestion {
  anime: Anime;
  reason: SuggestionReason;
  score: number;
}

/** A sequel of a completed anime (from its record's relations), as a card. */
export interface SequelCandidate {
  /** The completed anime it continues. */
  of: { id: number; title: string | null };
  anime: Anime;
}

/** What one recommendation adds: the seed's weight, more with more votes (1 vote: ×1, 10: ×2.2). */
export function contribution(seed: Pick<Seed, 'weight'>, votes: number): number {
  return seed.weight * (1 + Math.log10(1 + Math.max(0, votes)) * 1.2);
}

/** What is never suggested: whatever the fan rated, listed or dismissed, and the seeds. */
function excludedIds(library: FanLibrary, seeds: readonly Pick<Seed, 'id'>[]): Set<number> {
  return new Set<number>([
    ...library.ratings.map((entry) => entry.id),
    ...library.listed.map((entry) => entry.id),
    ...library.dismissed,
    ...seeds.map((seed) => seed.id),
  ]);
}

/** Sequels come before anything fans recommend: the fan is already following that franchise. */
const SEQUEL_BONUS = 100;

/**
 * The suggestions: each recommended anime scored by the sum of its seeds' contributions, its
 * reason the seed that contributed most (ties: the stronger seed, then the seed order); sequels of
 * completed anime first. Removed: whatever the fan rated, listed or dismissed, and the seeds.
 * Ties: higher score, then more votes in all, then the lower id.
 */
export function suggest(
  library: FanLibrary,
  seeds: readonly Seed[],
  recommendations: ReadonlyMap<number, readonly RecommendedAnime[]>,
  sequels: readonly SequelCandidate[] = [],
  limit = MAX_SUGGESTIONS,
): Suggestion[] {
  const excluded = excludedIds(library, seeds);
  const found = new Map<
    number,
    { anime: Anime; score: number; votes: number; best: { seed: Seed; value: number; rank: number } }
  >();
  seeds.forEach((seed, rank) => {
    for (const item of recommendations.get(seed.id) ?? []) {
      if (excluded.has(item.id)) continue;
      const value = contribution(seed, item.votes);
      const known = found.get(item.id);
      if (!known) {
        const { votes: _votes, ...anime } = item;
        found.set(item.id, { anime, score: value, votes: item.votes, best: { seed, value, rank } });
        continue;
      }
      known.score += value;
      known.votes += item.votes;
      const best = known.best;
      if (
        value > best.value ||
        (value === best.value &&
          (seed.weight > best.seed.weight || (seed.weight === best.seed.weight && rank < best.rank)))
      ) {
        known.best = { seed, value, rank };
      }
    }
  });

  const suggestions: (Suggestion & { votes: number })[] = [];
  const sequelIds = new Set<number>();
  for (const sequel of sequels) {
    if (excluded.has(sequel.anime.id) || sequelIds.has(sequel.anime.id)) continue;
    sequelIds.add(sequel.anime.id);
    suggestions.push({
      anime: sequel.anime,
      reason: { kind: 'sequel', of: sequel.of },
      score: SEQUEL_BONUS + (found.get(sequel.anime.id)?.score ?? 0),
      votes: found.get(sequel.anime.id)?.votes ?? 0,
    });
  }
  for (const [id, entry] of found) {
    if (sequelIds.has(id)) continue;
    const { seed } = entry.best;
    suggestions.push({
      anime: entry.anime,
      reason: { kind: 'seed', seed: { id: seed.id, title: seed.title, reason: seed.reason } },
      score: entry.score,
      votes: entry.votes,
    });
  }
  return suggestions
    .sort((a, b) => b.score - a.score || b.votes - a.votes || a.anime.id - b.anime.id)
    .slice(0, limit)
    .map(({ votes: _votes, ...suggestion }) => suggestion);
}

/** Completed anime whose sequels are looked for: the most recently finished, at most this many. */
export const MAX_SEQUEL_SOURCES = 10;

/** The completed anime to look for sequels of, most recently finished first (then by id). */
export function sequelSources(library: FanLibrary, limit = MAX_SEQUEL_SOURCES): number[] {
  return library.listed
    .filter((entry) => entry.list === 'COMPLETED')
    .sort((a, b) => (b.at ?? '').localeCompare(a.at ?? '') || a.id - b.id)
    .slice(0, limit)
    .map((entry) => entry.id);
}

/** The anime a record names as its direct sequels (its relations' 'Sequel' entries of type anime). */
export function sequelIdsOf(record: {
  relations?: readonly { relation: string; entries: readonly { id: number; type: string }[] }[];
}): number[] {
  const ids = (record.relations ?? [])
    .filter((group) => group.relation.toLowerCase() === 'sequel')
    .flatMap((group) => group.entries.filter((entry) => entry.type === 'anime').map((entry) => entry.id));
  return [...new Set(ids)];
}

/**
 * The seeds with a title for each that has none on the device (a restored backup, an import keeps
 * ratings without a copy of the anime): the server's own record of it, named by its answer.
 */
export function withSeedTitles(seeds: readonly Seed[], titles: ReadonlyMap<number, string>): Seed[] {
  return seeds.map((seed) =>
    seed.title || !titles.has(seed.id) ? seed : { ...seed, title: titles.get(seed.id)! },
  );
}

/**
 * How many different recommended anime are still being checked (withheld until their age rating
 * is known), among those the fan could be suggested: each counted once however many seeds name
 * it; what the fan rated, listed or dismissed, and the seeds, are no suggestion to wait for.
 */
export function stillUnknown(
  library: FanLibrary,
  seeds: readonly Pick<Seed, 'id'>[],
  withheldIds: Iterable<readonly number[]>,
): number {
  const excluded = excludedIds(library, seeds);
  const unknown = new Set<number>();
  for (const ids of withheldIds) for (const id of ids) if (!excluded.has(id)) unknown.add(id);
  return unknown.size;
}
