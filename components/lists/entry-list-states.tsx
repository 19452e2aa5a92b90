'use client';

import type { IconNode } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { ListingMessage } from '@/components/anime/listing-states';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { EntryGrid, EntrySkeletons, MAX_LIST_SKELETONS } from './entry-grid';

/** Cards in the first row load their covers at once (above the fold on every width). */
export const EAGER_COVERS = 2;

/** A list or ratings page before this browser's stores have loaded: the most skeletons it shows. */
export function EntryGridLoading({ tall = false }: { tall?: boolean }) {
  const tCommon = useTranslations('Common');
  return (
    <EntryGrid busy label={tCommon('loading')}>
      <EntrySkeletons count={MAX_LIST_SKELETONS} tall={tall} />
    </EntryGrid>
  );
}

/** A list or ratings page with nothing in it yet: what it would hold, and the way to Explore. */
export function EmptyEntries({ icon, text }: { icon: IconNode; text: string }) {
  const tCommon = useTranslations('Common');
  return (
    <ListingMessage
      tone="empty"
      icon={icon}
      text={text}
      action={
        <Link href={routes.explore} className={buttonClass('secondary')}>
          {tCommon('goToExplore')}
        </Link>
      }
    />
  );
}
