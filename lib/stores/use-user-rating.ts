'use client';

import { useSyncExternalStore } from 'react';
import { NO_RATING, peekRating, subscribeRatings, type UserRating } from './ratings-store';

/**
 * The stored rating of `id`, or {rating: 0, opinion: ''}: that rating's key alone until the store
 * has read storage, then the store's (peekRating). Read once the page has hydrated; the server and
 * the hydration render see no rating.
 */
export function useUserRating(id: number): UserRating {
  return useSyncExternalStore(
    subscribeRatings,
    () => peekRating(id),
    () => NO_RATING,
  );
}
