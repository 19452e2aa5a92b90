import { isAdultAnime } from '@/lib/jikan/filter';
import { LIST_TYPES, type ListType } from '@/lib/stores/lists-store';
import { MAX_RATING } from '@/lib/stores/ratings-store';

/**
 * A public profile as a visitor sees it (/u/{handle}), built from the owner's settings and the
 * public part of their synced library. Only what the owner chose to show is in it, and never an
 * adult title (a visitor is anonymous: the adult gate of lib/jikan/filter.ts applies, and an entry
 * whose record the server never stored is withheld, its adult facts being unknown). It holds no
 * email, uid or photo: only the handle and the display name the owner typed.
 */

/** Cards per public list on the page (the list's count is the whole list's). */
export const LIST_CARDS = 48;
/** Ratings with their opinions on the page, most recent first. */
export const RATING_CARDS = 50;
/** Favourites (5★, then 4★), most recent first. */
export const FAVOURITE_CARDS = 12;
/** Ratings handed to the browser for the comparison. */
export const COMPARE_MAX = 1000;

export interface ProfileSettings {
  handle: string;
  displayName: string | null;
  enabled: boolean;
  indexable: boolean;
  showRatings: boolean;
  showStats: boolean;
  lists: ListType[];
}

export interface PublicAnime {
  id: number;
  title: string;
  titleEnglish: string | null;
  cover: string | null;
}

export interface PublicRating extends PublicAnime {
  rating: number;
  opinion: string;
}

export interface ProfileStats {
  /** Entries per public list. */
  lists: { list: ListType; count: number }[];
  rated: number;
  /** Mean of the 1–5 star ratings, null without any. */
  mean: number | null;
  /** Ratings with 1, 2, 3, 4 and 5 stars. */
  distribution: [number, number, number, number, number];
}

export interface PublicProfile {
  handle: string;
  /** The display name, or the handle when the owner gave none. */
  name: string;
  indexable: boolean;
  lists: { list: ListType; count: number; entries: PublicAnime[] }[];
  /** null: the owner keeps ratings private. */
  ratings: PublicRating[] | null;
  favourites: PublicRating[] | null;
  stats: ProfileStats | null;
  /** [anime id, stars] of the public ratings, for the comparison computed in the browser. */
  compare: [number, number][] | null;
}

/** One row of the profile query: an entry of the library with the stored record's public facts. */
export interface ProfileEntryRow {
  kind: 'rating' | 'list';
  animeId: number;
  rating: number | null;
  opinion: string | null;
  list: string | null;
  /** The stored record's title, English title, cover, age rating and genres; null when never stored. */
  record: {
    title: string | null;
    titleEnglish: string | null;
    cover: string | null;
    rating: string | null;
    genres: string[] | null;
  } | null;
}

/** The entry's anime as a visitor may see it, or null (adult, unknown, or no title). */
export function visibleAnime(row: ProfileEntryRow): PublicAnime | null {
  const record = row.record;
  if (!record || !record.title) return null;
  const genres = Array.isArray(record.genres) ? record.genres.filter((g) => typeof g === 'string') : [];
  if (isAdultAnime({ rating: record.rating ?? null, genres })) return null;
  return {
    id: row.animeId,
    title: record.title,
    titleEnglish: record.titleEnglish ?? null,
    cover: record.cover ?? null,
  };
}

const isStars = (value: number | null): value is number =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= MAX_RATING;

/** What the profile query counts: entries per public list, ratings by stars (1–5). */
export interface ProfileCounts {
  lists: Partial<Record<ListType, number>>;
  stars: [number, number, number, number, number];
}

/** Counts per list, mean and distribution of star ratings. */
export function computeStats(lists: readonly ListType[], counts: ProfileCounts): ProfileStats {
  const distribution = counts.stars.map((n) =>
    Number.isFinite(n) && n > 0 ? Math.floor(n) : 0,
  ) as ProfileStats['distribution'];
  const rated = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((total, n, index) => total + n * (index + 1), 0);
  return {
    lists: lists.map((list) => ({ list, count: counts.lists[list] ?? 0 })),
    rated,
    mean: rated === 0 ? null : Math.round((sum / rated) * 100) / 100,
    distribution,
  };
}

/**
 * The visitor's view of a profile from its settings, the entries to show (most recent first) and
 * the counts. Entries of a list the owner keeps private, and adult or unknown records, are dropped
 * here too, whatever the query let through. Statistics count every entry of the public lists and
 * every rating (numbers, never titles).
 */
export function buildPublicProfile(
  settings: ProfileSettings,
  rows: readonly ProfileEntryRow[],
  counts: ProfileCounts,
): PublicProfile {
  const publicLists = LIST_TYPES.filter((list) => settings.lists.includes(list));
  const byList = new Map<ListType, PublicAnime[]>(publicLists.map((list) => [list, []]));
  const ratings: PublicRating[] = [];
  for (const row of rows) {
    const anime = visibleAnime(row);
    if (!anime) continue;
    if (row.kind === 'list') {
      byList.get(row.list as ListType)?.push(anime);
    } else if (row.kind === 'rating' && isStars(row.rating) && settings.showRatings) {
      ratings.push({ ...anime, rating: row.rating, opinion: (row.opinion ?? '').trim() });
    }
  }
  const lists = publicLists.map((list) => ({
    list,
    count: counts.lists[list] ?? 0,
    entries: (byList.get(list) ?? []).slice(0, LIST_CARDS),
  }));
  const favourites = [5, 4]
    .flatMap((stars) => ratings.filter((r) => r.rating === stars))
    .slice(0, FAVOURITE_CARDS);
  return {
    handle: settings.handle,
    name: settings.displayName ?? settings.handle,
    indexable: settings.indexable,
    lists,
    ratings: settings.showRatings ? ratings.slice(0, RATING_CARDS) : null,
    favourites: settings.showRatings ? favourites : null,
    stats: settings.showStats ? computeStats(publicLists, counts) : null,
    compare: settings.showRatings ? ratings.slice(0, COMPARE_MAX).map((r) => [r.id, r.rating]) : null,
  };
}
