'use client';

import { Star } from 'lucide';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { EAGER_COVERS, EmptyEntries, EntryGridLoading } from '@/components/lists/entry-list-states';
import { useEntryData } from '@/components/lists/use-entry-data';
import { VirtualEntryGrid } from '@/components/lists/virtual-entry-grid';
import { useRatedAnimes } from '@/lib/stores/ratings-store';
import { reloadRatingsFromStorage, useRatingsHydrated } from '@/lib/stores/use-ratings-hydrated';
import { RatedAnimeCard } from './rated-anime-card';

/**
 * The visitor's rated anime, most recently rated first (SPEC §2 My ratings page). Each rating
 * stands alone: one whose anime has no copy on the device shows as a link to its page, so the
 * page never fails whole (useEntryData).
 */
export function RatedAnimeList() {
  const t = useTranslations('MyRatings');
  const hydrated = useRatingsHydrated();
  const rated = useRatedAnimes();
  const items = useMemo(() => rated.map(({ animeId, snapshot }) => ({ id: animeId, snapshot })), [rated]);
  const { dataOf, want } = useEntryData(items, hydrated, reloadRatingsFromStorage);

  if (!hydrated) return <EntryGridLoading tall />;
  if (rated.length === 0) return <EmptyEntries icon={Star} text={t('empty')} />;
  return (
    <VirtualEntryGrid
      items={rated}
      label={t('title')}
      renderItem={(entry, index, itemProps) => (
        <RatedAnimeCard
          key={entry.animeId}
          entry={entry}
          data={dataOf({ id: entry.animeId, snapshot: entry.snapshot })}
          want={want}
          eager={index < EAGER_COVERS}
          itemProps={itemProps}
        />
      )}
    />
  );
}
