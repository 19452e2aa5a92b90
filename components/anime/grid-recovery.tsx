'use client';

import type { ApiParams } from '@/lib/api-client';
import type { View } from '@/lib/discovery/params';
import { AnimeGrid, AnimeGridSkeleton } from './anime-grid';
import { ListingMessage } from './listing-states';
import { RetryButton } from './retry-button';
import { useListingRetry } from './use-listing-retry';

/**
 * A grid listing (an Explore tab, a search's first page) whose server render failed: the SPEC §8
 * error with 'Tentar novamente', which loads the listing through our API.
 */
export function GridRecovery({
  endpoint,
  params,
  view,
  skeletonCount,
  errorText,
  retryLabel,
  emptyTitle,
  emptyText,
}: {
  endpoint: string;
  params: ApiParams;
  view: View;
  skeletonCount: number;
  errorText: string;
  retryLabel: string;
  emptyTitle: string;
  emptyText?: string;
}) {
  const { state, retry } = useListingRetry(endpoint, params);
  if (state.status === 'loading') return <AnimeGridSkeleton view={view} count={skeletonCount} />;
  if (state.status === 'failed') {
    return <ListingMessage tone="error" text={errorText} action={<RetryButton label={retryLabel} onRetry={retry} />} />;
  }
  if (state.items.length === 0) return <ListingMessage tone="empty" title={emptyTitle} text={emptyText} />;
  return <AnimeGrid items={state.items} view={view} />;
}
