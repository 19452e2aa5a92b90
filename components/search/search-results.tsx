'use client';

import { LoaderCircle } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { AnimeGridItems, gridClass } from '@/components/anime/anime-grid';
import { useAdultListing } from '@/components/auth/use-adult-listing';
import { Button } from '@/components/ui/button';
import { apiGet } from '@/lib/api-client';
import { SEARCH_SORT_ORDER, searchHref, type SearchSort, type View } from '@/lib/discovery/params';
import type { Anime, AnimePage } from '@/lib/jikan/types';
import { cn } from '@/lib/utils/cn';
import { countValues } from '@/lib/i18n/format-count';

/**
 * Appends `more` to `items`, skipping ids already shown there or in `shownElsewhere` (pages can
 * overlap when the data shifts between two requests).
 */
export function appendUnique(
  items: readonly Anime[],
  more: readonly Anime[],
  shownElsewhere: readonly number[] = [],
): Anime[] {
  const seen = new Set([...shownElsewhere, ...items.map((anime) => anime.id)]);
  const added: Anime[] = [];
  for (const anime of more) {
    if (seen.has(anime.id)) continue;
    seen.add(anime.id);
    added.push(anime);
  }
  return [...items, ...added];
}

interface SearchResultsProps {
  q: string;
  sort: SearchSort;
  view: View;
  /** The server-rendered cards of page 1, as list items. */
  children: ReactNode;
  firstPageIds: number[];
  firstPageHasNext: boolean;
  /** The page the server rendered (a link may open a later one); 'Carregar mais' goes on from it. */
  firstPage?: number;
  /**
   * Shown instead of the grid while there is nothing to list: the anonymous page was empty and no
   * verified adult's fuller page has filled it (the only results may be adult ones).
   */
  emptyState?: ReactNode;
}

/**
 * The results of one search (q + sort): the server-rendered first page, then 'Carregar mais'
 * (beyond the SPEC: Jikan's has_next_page) appends the following pages of 25, fetched through
 * /api/anime/search, to the same grid. The route answers a failed upstream call with its error
 * status (never an empty page), so a failure shows as such, with a retry.
 */
export function SearchResults({
  q,
  sort,
  view,
  children,
  firstPageIds,
  firstPageHasNext,
  firstPage = 1,
  emptyState,
}: SearchResultsProps) {
  const t = useTranslations('SearchPage');
  const locale = useLocale();
  const order = SEARCH_SORT_ORDER[sort];
  // A verified adult's page 1 with the adult records the anonymous page left out (SPEC §6).
  const fullFirstPage = useAdultListing('/api/anime/search', {
    q,
    page: firstPage,
    order_by: order.orderBy,
    sort: order.sort,
  });
  const firstIds = fullFirstPage ? fullFirstPage.map((anime) => anime.id) : firstPageIds;
  const [more, setMore] = useState<Anime[]>([]);
  const [nextPage, setNextPage] = useState(firstPage + 1);
  const [hasNextPage, setHasNextPage] = useState(firstPageHasNext);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const count = firstIds.length + more.length;

  async function loadMore() {
    setStatus('loading');
    try {
      const page = await apiGet<AnimePage>('/api/anime/search', {
        q,
        page: nextPage,
        order_by: order.orderBy,
        sort: order.sort,
      });
      setMore((current) => appendUnique(current, page.data, firstIds));
      // The address follows: shared or reloaded, it opens at the last page added.
      window.history.replaceState(null, '', searchHref({ q, sort, view, page: nextPage }));
      setNextPage(nextPage + 1);
      setHasNextPage(page.pagination.hasNextPage);
      setStatus('idle');
    } catch {
      setStatus('failed');
    }
  }

  if (count === 0 && emptyState) return emptyState;

  return (
    <div>
      <p aria-live="polite" className="mb-4 text-sm text-muted" data-testid="result-count">
        {hasNextPage
          ? t('resultCountMore', countValues(count, locale))
          : t('resultCount', countValues(count, locale))}
      </p>
      <ul className={gridClass(view)} data-view={view}>
        {fullFirstPage ? <AnimeGridItems items={fullFirstPage} view={view} /> : children}
        <AnimeGridItems items={more} view={view} eagerCovers={0} />
      </ul>
      {(hasNextPage || status === 'failed') && (
        <div className="mt-8 flex flex-col items-center gap-3">
          {status === 'failed' && (
            <p role="alert" className="text-sm text-error">
              {t('loadMoreError')}
            </p>
          )}
          <Button
            variant="secondary"
            disabled={status === 'loading'}
            aria-busy={status === 'loading'}
            onClick={() => void loadMore()}
          >
            <Glyph
              icon={LoaderCircle}
              aria-hidden
              className={cn(
                'size-4 animate-spin motion-reduce:animate-none',
                status !== 'loading' && 'hidden',
              )}
            />
            {status === 'loading' ? t('loading') : status === 'failed' ? t('retry') : t('loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
