import type { Anime } from '@/lib/jikan/types';

/** SPEC §5/§9: favourites are ratings of 4 or more, highest first, at most 10. */
export const FAVORITE_MIN_RATING = 4;
export const MAX_FAVORITES = 10;

export interface StoredRating {
  animeId: number;
  rating: number;
}

/**
 * The ratings that make the favourites carousel, in order. Ties keep the order given (the
 * store's), so the carousel does not reshuffle between visits.
 */
export function selectFavoriteRatings(ratings: readonly StoredRating[]): StoredRating[] {
  return ratings
    .filter(
      (entry) => Number.isFinite(entry.rating) && entry.rating >= FAVORITE_MIN_RATING && entry.animeId > 0,
    )
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.rating - a.entry.rating || a.index - b.index)
    .slice(0, MAX_FAVORITES)
    .map(({ entry }) => entry);
}

export interface FavoriteAnime {
  anime: Anime;
  userRating: number;
}

export type FavoritesState =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'loaded'; items: FavoriteAnime[] };
