'use client';

import { useTranslations } from 'next-intl';
import { findList, useListsStore, type ListType } from '@/lib/stores/lists-store';
import { useUserRating } from '@/lib/stores/use-user-rating';
import { useListsHydrated } from '@/lib/stores/use-lists-hydrated';

const LIST_LABELS: Record<ListType, 'planToWatch' | 'watching' | 'completed' | 'dropped' | 'onHold'> = {
  PLAN_TO_WATCH: 'planToWatch',
  WATCHING: 'watching',
  COMPLETED: 'completed',
  DROPPED: 'dropped',
  ON_HOLD: 'onHold',
};

/**
 * Marks an anime the fan rated or keeps in a list, from this device's stores: the page around it
 * is the cached anonymous view, so the mark is drawn in the browser after hydration.
 */
export function LibraryMark({ animeId }: { animeId: number }) {
  const t = useTranslations('Browse');
  const tLists = useTranslations('Lists');
  const hydrated = useListsHydrated();
  // This anime's rating key alone, not every rating (useUserRating).
  const { rating } = useUserRating(animeId);
  const list = useListsStore((state) => findList(state.lists, animeId));
  if (!hydrated || (!rating && !list)) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="library-mark">
      {rating > 0 && (
        <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-fg">
          {t('rated', { score: rating })}
        </span>
      )}
      {list && (
        <span className="rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium">
          {tLists(LIST_LABELS[list])}
        </span>
      )}
    </span>
  );
}
