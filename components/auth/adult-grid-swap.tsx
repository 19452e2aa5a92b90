'use client';

import type { ReactNode } from 'react';
import { AnimeGrid } from '@/components/anime/anime-grid';
import type { ApiParams } from '@/lib/api-client';
import type { View } from '@/lib/discovery/params';
import { useAdultListing } from './use-adult-listing';

/**
 * Shows the server-rendered (anonymous) grid in `children` until a verified adult's full listing
 * has arrived from `path`, then that one (SPEC §6: adult records only for verified adults).
 */
export function AdultGridSwap({
  path,
  params,
  view,
  children,
}: {
  path: string;
  params: ApiParams;
  view: View;
  children: ReactNode;
}) {
  const fullList = useAdultListing(path, params);
  if (!fullList) return children;
  return <AnimeGrid items={fullList} view={view} />;
}
