import type { ReactNode } from 'react';
import { AnimeGrid } from '@/components/anime/anime-grid';
import { ListingMessage } from '@/components/anime/listing-states';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { WithheldNotice } from '@/components/anime/withheld-notice';
import { AdultGridSwap } from '@/components/auth/adult-grid-swap';
import type { ApiParams } from '@/lib/api-client';
import type { ListingResult } from '@/lib/discovery/listings';
import type { View } from '@/lib/discovery/params';
import { HiddenAdultNotice } from './hidden-adult-notice';
import { Pager } from './pager';

/**
 * One loaded page of a catalogue listing (the season archive, /browse, Explore past page 1): the
 * offline badge and withheld count when the catalogue stands in, the adult count of a live page,
 * the grid (swapped for a verified adult's full page from `adultPath`), and links to the pages
 * before and after it.
 */
export function ListingPage({
  result,
  view,
  page,
  adultPath,
  adultParams,
  pageHref,
  empty,
}: {
  result: Extract<ListingResult, { status: 'loaded' }>;
  view: View;
  page: number;
  adultPath: string;
  adultParams: ApiParams;
  pageHref: (page: number) => string;
  empty: { title: string; text?: string; action?: ReactNode };
}) {
  const withheld = result.offline ? (result.withheld ?? 0) : 0;
  const hidden = result.hiddenAdult ?? 0;
  const pager = (
    <Pager
      page={page}
      previousHref={page > 1 ? pageHref(page - 1) : null}
      nextHref={result.hasNextPage ? pageHref(page + 1) : null}
    />
  );
  return (
    <>
      {result.offline && <OfflineBadge season={result.season} className="mb-3" />}
      <WithheldNotice count={withheld} className="mb-3" />
      <HiddenAdultNotice count={hidden} className="mb-3" />
      {result.items.length === 0 ? (
        <ListingMessage tone="empty" title={empty.title} text={empty.text} action={empty.action} />
      ) : (
        <AdultGridSwap path={adultPath} params={adultParams} view={view}>
          <AnimeGrid items={result.items} view={view} />
        </AdultGridSwap>
      )}
      {pager}
    </>
  );
}
