'use client';

import { useEffect, useMemo } from 'react';
import { useEntryData } from '@/components/lists/use-entry-data';
import { animeFromSnapshot } from '@/lib/stores/anime-snapshot';
import { useRatingsStore } from '@/lib/stores/ratings-store';
import { reloadStoresFromStorage, useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { selectFavoriteRatings, type FavoritesState } from './favorites';

/**
 * The 'Meus Animes Favoritos' carousel's data (SPEC §5: ratings of 4 or more, highest first, at
 * most 10) from the ratings store. Ratings saved by this app carry a snapshot and cost no call;
 * older ones are looked up as a list's entries are (useEntryData: a card seen lately, the API, the
 * service worker's copy), failures dropped (SPEC §7). 'failed' only when every lookup failed;
 * 'loading' until the store is hydrated and while lookups run.
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
  const { dataOf, want, retry } = useEntryData(items, hydrated, reloadStoresFromStorage);

  // All ten are shown at once: every one without a snapshot is wanted.
  useEffect(() => {
    if (!hydrated) return;
    const releases = items.filter((item) => !item.snapshot).map((item) => want(item.id));
    return () => releases.forEach((release) => release());
  }, [items, hydrated, want]);

  const data = items.map(dataOf);
  if (!hydrated || data.some((entry) => entry.state === 'loading')) return { status: 'loading' };
  if (data.length > 0 && data.every((entry) => entry.state === 'unavailable'))
    return { status: 'failed', retry };
  return {
    status: 'loaded',
    items: favorites.flatMap(({ rating }, index) => {
      const entry = data[index];
      return entry?.state === 'ready'
        ? [{ anime: animeFromSnapshot(items[index]!.id, entry.snapshot), userRating: rating }]
        : [];
    }),
  };
}
