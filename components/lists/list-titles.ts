import type { ListType } from '@/lib/stores/lists-store';

/** The page title of each list (SPEC §2 List pages; on-hold), as `Lists` keys. */
export const LIST_TITLE_KEYS = {
  PLAN_TO_WATCH: 'titlePlanToWatch',
  WATCHING: 'titleWatching',
  COMPLETED: 'titleCompleted',
  DROPPED: 'titleDropped',
  ON_HOLD: 'titleOnHold',
} as const satisfies Record<ListType, string>;

/** The name of each list ('Minhas Listas' menu, move control, profile), as `Lists` keys. */
export const LIST_NAME_KEYS = {
  PLAN_TO_WATCH: 'planToWatch',
  WATCHING: 'watching',
  COMPLETED: 'completed',
  DROPPED: 'dropped',
  ON_HOLD: 'onHold',
} as const satisfies Record<ListType, string>;
