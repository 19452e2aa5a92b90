import type { ListType } from '@/lib/stores/lists-store';

/** The page title of each list (SPEC §2 List pages; on-hold), as `Lists` keys. */
export const LIST_TITLE_KEYS = {
  PLAN_TO_WATCH: 'titlePlanToWatch',
  WATCHING: 'titleWatching',
  COMPLETED: 'titleCompleted',
  DROPPED: 'titleDropped',
  ON_HOLD: 'titleOnHold',
} as const satisfies Record<ListType, string>;
