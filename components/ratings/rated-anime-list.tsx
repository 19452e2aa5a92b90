'use client';

import { Star } from 'lucide-react';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo } from 'react';
import { ListingMessage } from '@/components/anime/listing-states';
import { RetryButton } from '@/components/anime/retry-button';
import { EntryGrid, EntrySkeletons, MAX_LIST_SKELETONS } from '@/components/lists/entry-grid';
import { useSnapshotLoader } from '@/components/lists/use-snapshot-loader';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { useRatedAnimes } from '@/lib/stores/ratings-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { RatedAnimeCard } from './rated-anime-card';

/** The visitor's rated anime, most recently rated first (SPEC §2 My ratings page). */
export function RatedAnimeList() {
  const t = useTranslations('MyRatings');
  const tCommon = useTranslations('Common');
  const hydrated = useStoresHydrated();
  const rated = useRatedAnimes();
  const items = useMemo(() => rated.map(({ animeId, snapshot }) => ({ id: animeId, snapshot })), [rated]);
  const { pending, allFailed, retry, snapshotOf } = useSnapshotLoader(items, hydrated);

  if (!hydrated) {
    return (
      <EntryGrid busy label={tCommon('loading')}>
        <EntrySkeletons count={MAX_LIST_SKELETONS} tall />
      </EntryGrid>
    );
  }
  if (rated.length === 0) {
    return (
      <ListingMessage
        tone="empty"
        icon={Star}
        text={t('empty')}
        action={
          <Link href={routes.explore} className={buttonClass('secondary')}>
            {tCommon('goToExplore')}
          </Link>
        }
      />
    );
  }
  if (allFailed) {
    return (
      <ListingMessage
        tone="error"
        text={t('loadError')}
        action={<RetryButton label={tCommon('retry')} onRetry={retry} />}
      />
    );
  }
  let shown = 0;
  return (
    <EntryGrid busy={pending > 0} label={t('title')}>
      {rated.map((entry) => {
        const snapshot = snapshotOf({ id: entry.animeId, snapshot: entry.snapshot });
        return snapshot ? (
          <RatedAnimeCard key={entry.animeId} entry={{ ...entry, snapshot }} eager={shown++ < 2} />
        ) : null;
      })}
      <EntrySkeletons count={pending} tall />
    </EntryGrid>
  );
}
