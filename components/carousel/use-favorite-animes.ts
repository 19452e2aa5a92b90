'use client';

import { useMemo } from 'react';
import { useSnapshotLoader } from '@/components/lists/use-snapshot-loader';
import { animeFromSnapshot } from '@/lib/stores/anime-snapshot';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { selectFavoriteRatings, type FavoritesState } from './favorites';

/**
 * The 'Meus Animes Favoritos' carousel's data (SPEC §5: ratings of 4 or more, highest first, at
 * most 10) from the ratings store. Ratings saved by this app carry a snapshot and cost no call;
 * older ones are looked up through /api/anime/{id}, failures dropped (SPEC §7). 'failed' only when
 * every lookup failed; 'loading' until the store is hydrated and while lookups run.
 */
export function useFavoriteAnimes(): FavoritesState {
  const hydrated = useStoresHydrated();
  const ratings = useRatingsStore((state) => state.ratings);
  const entries = useRatingsStore((state) => state.entries);

  const favorites = useMemo(
    () =>
      selectFavoriteRatings(
        // Most recently rated first among equal ratings (selectFavoriteRatings keeps given order).
        Object.entries(ratings)
          .map(([key, value]) => ({
            animeId: Number(key),
            rating: value.rating,
            ratedAt: entries[Number(key)]?.ratedAt ?? '',
          }))
          .sort((a, b) => b.ratedAt.localeCompare(a.ratedAt) || a.animeId - b.animeId),
      ),
    [ratings, entries],
  );
  const items = useMemo(
    () => favorites.map(({ animeId }) => ({ id: animeId, snapshot: entries[animeId]?.snapshot ?? null })),
    [favorites, entries],
  );
  const { pending, allFailed, retry, snapshotOf } = useSnapshotLoader(items, hydrated);

  if (!hydrated || pending > 0) return { status: 'loading' };
  if (allFailed) return { status: 'failed', retry };
  return {
    status: 'loaded',
    items: favorites.flatMap(({ animeId, rating }) => {
      const snapshot = snapshotOf({ id: animeId, snapshot: entries[animeId]?.snapshot ?? null });
      return snapshot ? [{ anime: animeFromSnapshot(animeId, snapshot), userRating: rating }] : [];
    }),
  };
}
