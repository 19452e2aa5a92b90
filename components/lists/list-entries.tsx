'use client';

import { ListPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo } from 'react';
import { ListingMessage } from '@/components/anime/listing-states';
import { RetryButton } from '@/components/anime/retry-button';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { emptyEntry, useListsStore, type ListType } from '@/lib/stores/lists-store';
import { useStoresHydrated } from '@/lib/stores/use-stores-hydrated';
import { showToast } from '@/lib/toast';
import { EntryGrid, EntrySkeletons, MAX_LIST_SKELETONS } from './entry-grid';
import { ListEntryCard } from './list-entry-card';
import { useSnapshotLoader } from './use-snapshot-loader';

/** Cards in the first row load their covers at once (above the fold on every width). */
const EAGER_COVERS = 2;

/**
 * The entries of one list, from this browser's store, most recently added first. Entries carry a
 * snapshot, so they render with no call; the others are looked up (useSnapshotLoader) and skipped
 * when that fails. The whole list is an error only when nothing at all could be shown.
 */
export function ListEntries({ type, title }: { type: ListType; title: string }) {
  const t = useTranslations('Lists');
  const tCommon = useTranslations('Common');
  const hydrated = useStoresHydrated();
  const ids = useListsStore((state) => state.lists[type]);
  const entries = useListsStore((state) => state.entries);
  const incrementProgress = useListsStore((state) => state.incrementProgress);

  const items = useMemo(
    () => [...ids].reverse().map((id) => ({ id, snapshot: entries[id]?.snapshot ?? null })),
    [ids, entries],
  );
  const { pending, allFailed, retry, snapshotOf } = useSnapshotLoader(items, hydrated);

  const onIncrement = (id: number) => {
    const result = incrementProgress(id);
    if (!result.ok && result.reason !== 'invalid') showToast(t('updateUnavailable'), 'error');
  };

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
  if (allFailed) {
    return (
      <ListingMessage
        tone="error"
        text={t('loadError', { list: title })}
        action={<RetryButton label={tCommon('retry')} onRetry={retry} />}
      />
    );
  }
  let shown = 0;
  return (
    <EntryGrid busy={pending > 0} label={title}>
      {items.map((item) => {
        const { id } = item;
        const snapshot = snapshotOf(item);
        if (!snapshot) return null;
        return (
          <ListEntryCard
            key={id}
            id={id}
            type={type}
            snapshot={snapshot}
            entry={entries[id] ?? emptyEntry()}
            onIncrement={onIncrement}
            eager={shown++ < EAGER_COVERS}
          />
        );
      })}
      <EntrySkeletons count={pending} />
    </EntryGrid>
  );
}
