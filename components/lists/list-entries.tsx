'use client';

import { ListPlus } from 'lucide';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { emptyEntry, useListsStore, type ListEntry, type ListType } from '@/lib/stores/lists-store';
import { reloadListsFromStorage, useListsHydratedHere } from '@/lib/stores/use-lists-hydrated';
import { showToast } from '@/lib/toast';
import { EAGER_COVERS, EmptyEntries, EntryGridLoading } from './entry-list-states';
import { ListEntryCard } from './list-entry-card';
import { useEntryData } from './use-entry-data';
import { VirtualEntryGrid } from './virtual-entry-grid';

/** What an entry without stored data shows: one object, so its memoised card is not rendered again. */
const NO_ENTRY: ListEntry = Object.freeze(emptyEntry());

/**
 * The entries of one list, from this browser's store, most recently added first. Entries carry a
 * snapshot, so they render with no call; the others are looked up while on screen (useEntryData).
 * Each entry stands alone: one without any copy on the device shows as a link to its page, so the
 * list never fails whole, offline or while Jikan is down.
 */
export function ListEntries({ type, title }: { type: ListType; title: string }) {
  const t = useTranslations('Lists');
  const hydrated = useListsHydratedHere();
  const ids = useListsStore((state) => state.lists[type]);
  const entries = useListsStore((state) => state.entries);
  const incrementProgress = useListsStore((state) => state.incrementProgress);
  const moveTo = useListsStore((state) => state.moveTo);
  const remove = useListsStore((state) => state.remove);

  const items = useMemo(
    () => [...ids].reverse().map((id) => ({ id, snapshot: entries[id]?.snapshot ?? null })),
    [ids, entries],
  );
  const { dataOf, want } = useEntryData(items, hydrated, reloadListsFromStorage);

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

  if (!hydrated) return <EntryGridLoading />;
  if (items.length === 0) return <EmptyEntries icon={ListPlus} text={t('empty', { list: title })} />;
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
          entry={entries[item.id] ?? NO_ENTRY}
          onIncrement={onIncrement}
          onMove={onMove}
          eager={index < EAGER_COVERS}
          itemProps={itemProps}
        />
      )}
    />
  );
}
