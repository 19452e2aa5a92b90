/**
 * Where the personal-data stores keep their data in localStorage. Kept apart from the stores so
 * code that only reads the keys (lib/library/claim.ts, loaded with the sign-in code) carries none
 * of the stores.
 */

export const LIST_TYPES = ['PLAN_TO_WATCH', 'WATCHING', 'COMPLETED', 'DROPPED', 'ON_HOLD'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** One JSON array of anime ids per list: the original app's keys. */
export const LIST_STORAGE_KEYS: Record<ListType, string> = {
  PLAN_TO_WATCH: 'planToWatchList',
  WATCHING: 'watchingList',
  COMPLETED: 'completedList',
  DROPPED: 'droppedList',
  ON_HOLD: 'onHoldList',
};
export const LIST_ENTRIES_KEY = 'anime-master-list-entries';

/** One key per rated anime, `animeRating_{id}` = JSON {rating, opinion}: the original app's format. */
export const RATING_KEY_PREFIX = 'animeRating_';
export const RATING_ENTRIES_KEY = 'anime-master-rating-entries';

export const DISMISSED_KEY = 'anime-master-dismissed-suggestions';
