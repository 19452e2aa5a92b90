'use client';

import { Star } from 'lucide';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EntryGrid } from '@/components/lists/entry-grid';
import { EAGER_COVERS, EmptyEntries, EntryGridLoading } from '@/components/lists/entry-list-states';
import { dataFromSnapshot, useEntryData, type EntryData } from '@/components/lists/use-entry-data';
import { firstScreenCount, VirtualEntryGrid } from '@/components/lists/virtual-entry-grid';
import { useHydratedHere } from '@/lib/stores/use-hydrated';
import {
  ensureRatingsHydrated,
  readNewestRatings,
  useRatedAnimes,
  useRatingsStore,
} from '@/lib/stores/ratings-store';
import { reloadRatingsFromStorage, useRatingsHydrated } from '@/lib/stores/use-ratings-hydrated';
import { RatedAnimeCard } from './rated-anime-card';

const LOADING: EntryData = { state: 'loading' };
/** The first screen looks nothing up: the whole list, a moment later, does. */
const LOOK_UP_LATER = () => () => {};

/**
 * The visitor's rated anime, most recently rated first (SPEC §2 My ratings page). The newest
 * ratings are drawn first from their own keys (readNewestRatings); then, once that has painted,
 * the store reads every rating key and the whole list replaces them, in the same order. A device
 * with tens of thousands of ratings (a MAL import) sees its newest ones without waiting for that
 * pass. A page reached after the store was read shows the whole list at once.
 */
export function RatedAnimeList() {
  const hydrated = useHydratedHere();
  const [whole, setWhole] = useState(() => useRatingsStore.persist.hasHydrated());
  const newest = useMemo(
    () => (hydrated && !whole ? readNewestRatings(firstScreenCount()) : []),
    [hydrated, whole],
  );

  // The place of the first screen's card that had focus: the same place in the whole list gets it.
  const carriedFocus = useRef<string | null>(null);

  useEffect(() => {
    if (!hydrated || whole) return;
    // After the frame that shows the newest ratings (none: at once).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        carriedFocus.current = focusedEntryPlace();
        setWhole(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hydrated, whole]);

  useEffect(() => {
    const place = carriedFocus.current;
    if (!whole || place === null) return;
    carriedFocus.current = null;
    // The whole list renders its rows once it has measured the window: a few frames at most.
    let frame = 0;
    let tries = 0;
    const refocus = () => {
      // Focus went somewhere else in the meantime: the person moved on.
      if (document.activeElement && document.activeElement !== document.body) return;
      const link = document.querySelector<HTMLElement>(
        `[data-testid="rated-entry"][aria-posinset="${place}"] a[href]`,
      );
      if (link) link.focus();
      else if (++tries < 10) frame = requestAnimationFrame(refocus);
    };
    refocus();
    return () => cancelAnimationFrame(frame);
  }, [whole]);

  if (whole) return <AllRatedAnimes />;
  if (newest.length === 0) return <EntryGridLoading tall />;
  return <NewestRatedAnimes items={newest} />;
}

/** The place (aria-posinset) of the rated entry that holds focus, if one does. */
function focusedEntryPlace(): string | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return null;
  return active.closest('[data-testid="rated-entry"]')?.getAttribute('aria-posinset') ?? null;
}

function NewestRatedAnimes({ items }: { items: ReturnType<typeof readNewestRatings> }) {
  const t = useTranslations('MyRatings');
  return (
    <EntryGrid busy label={t('title')}>
      {items.map((entry, index) => (
        <RatedAnimeCard
          key={entry.animeId}
          entry={entry}
          data={entry.snapshot ? dataFromSnapshot(entry.snapshot) : LOADING}
          want={LOOK_UP_LATER}
          eager={index < EAGER_COVERS}
          itemProps={{ 'aria-posinset': index + 1, 'aria-setsize': -1 }}
        />
      ))}
    </EntryGrid>
  );
}

/**
 * Every rating. Each rating stands alone: one whose anime has no copy on the device shows as a
 * link to its page, so the page never fails whole (useEntryData).
 */
function AllRatedAnimes() {
  // Read before the hooks ask whether it was: the newest ratings are never replaced by skeletons.
  ensureRatingsHydrated();
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
