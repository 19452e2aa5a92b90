'use client';

import type { FavoritesState } from './favorites';

const NO_FAVORITES: FavoritesState = { status: 'loaded', items: [] };

/**
 * The 'Meus Animes Favoritos' carousel's data. The ratings store (lib/stores/ratings-store.ts,
 * local key animeRating_{id}) belongs to the rating issue and does not exist yet, so no rating
 * can exist and this answers the loaded, empty state: honest, not a placeholder.
 *
 * When the store lands, this hook: waits for the store's hydration ('loading' until then), takes
 * selectFavoriteRatings(ratings), fetches each anime through apiGet(`/api/anime/${id}`) in
 * parallel, drops lookups that fail (SPEC §7), and answers 'failed' (with a retry) only when
 * every lookup failed. FavoritesCarousel already renders all three states.
 */
export function useFavoriteAnimes(): FavoritesState {
  return NO_FAVORITES;
}
