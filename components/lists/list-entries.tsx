'use client';

import { ListPlus } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useCallback, useMemo } from 'react';
import { ListingMessage } from '@/components/anime/listing-states';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { emptyEntry, useListsStore, type ListType } from '@/lib/stores/lists-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { showToast } from '@/lib/toast';
import { EntryGrid, EntrySkeletons, MAX_LIST_SKELETONS } from './entry-grid';
import { ListEntryCard } from './list-entry-card';
import { useEntryData } from './use-entry-data';
import { VirtualEntryGrid } from './virtual-entry-grid';

/** Cards in the first row load their covers at once (above the fold on every width). */
const EAGER_COVERS = 2;

/**
 * The entries of one list, from this browser's store, most recently added first. Entries carry a
 * snapshot, so they render with no call; the others are looked up while on screen (useEntryData).
 * Each entry stands alone: one without any copy on the device shows as a link to its page, so the
 * list never fails whole, offline or while Jikan is down.
 */
export function ListEntries({ type, title }: { type: ListType; title: string }) {
  const t = useTranslations('Lists');
  const tCommon = useTranslations('Common');
  const hydrated = useStoresHydrated();
  const ids = useListsStore((state) => state.lists[type]);
  const entries = useListsStore((state) => state.entries);
  const incrementProgress = useListsStore((state) => state.incrementProgress);
  const moveTo = useListsStore((state) => state.moveTo);
  const remove = useListsStore((state) => state.remove);

  const items = useMemo(
    () => [...ids].reverse().map((id) => ({ id, snapshot: entries[id]?.snapshot ?? null })),
    [ids, entries],
  );
  const { dataOf, want } = useEntryData(items, hydrated);

  const onIncrement = useCallback(
    (id: number) => {
      const result = incrementProgress(id);
      if (!result.ok && result.reason !== 'invalid') showToast(t('updateUnavailable'), 'error');
    },
    [incrementProgress, t],
  );

  const onMove = useCallback(
    (id: number, target: ListType | null) => {
      const result = target === null ? remove(id) : moveTo(id, target);
      if (!result.ok && result.reason !== 'invalid') showToast(t('updateUnavailable'), 'error');
    },
    [moveTo, remove, t],
  );

  if (!hydrated) {
    return (
      <EntryGrid busy label={tCommon('loading')}>
        <EntrySkeletons count={MAX_LIST_SKELETONS} />
      </EntryGrid>
    );
  }
  if (items.length === 0) {
    return (
      <ListingMessage
        tone="empty"
        icon={ListPlus}
        text={t('empty', { list: title })}
        action={
          <Link href={routes.explore} className={buttonClass('secondary')}>
            {tCommon('goToExplore')}
          </Link>
        }
      />
    );
  }
  return (
    <VirtualEntryGrid
      items={items}
      label={title}
      renderItem={(item, index, itemProps) => (
        <ListEntryCard
          key={item.id}
          id={item.id}
          type={type}
          data={dataOf(item)}
          needsData={item.snapshot === null}
          want={want}
          entry={entries[item.id] ?? emptyEntry()}
          onIncrement={onIncrement}
          onMove={onMove}
          eager={index < EAGER_COVERS}
          itemProps={itemProps}
        />
      )}
    />
  );
}
