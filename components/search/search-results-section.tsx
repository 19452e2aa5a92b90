import { getTranslations } from 'next-intl/server';
import { AnimeGridItems } from '@/components/anime/anime-grid';
import { GridRecovery } from '@/components/anime/grid-recovery';
import { OfflineBadge } from '@/components/anime/offline-badge';
import { WithheldNotice } from '@/components/anime/withheld-notice';
import { loadSearchPage } from '@/lib/discovery/listings';
import { HiddenAdultNotice } from '@/components/browse/hidden-adult-notice';
import { Pager } from '@/components/browse/pager';
import { SEARCH_SORT_ORDER, searchHref, type SearchSort, type View } from '@/lib/discovery/params';
import { PAGE_SIZE } from '@/lib/jikan';
import { SearchEmpty } from './search-empty';
import { SearchResults } from './search-results';

/**
 * First page of a search, rendered on the server: results, empty, or the SPEC §8 error with
 * retry. The first page's cards are server components; SearchResults appends later pages.
 */
export async function SearchResultsSection({
  q,
  sort,
  view,
  page = 1,
}: {
  q: string;
  sort: SearchSort;
  view: View;
  page?: number;
}) {
  const t = await getTranslations('SearchPage');
  const result = await loadSearchPage({ q, sort, page });

  if (result.status === 'failed') {
    const order = SEARCH_SORT_ORDER[sort];
    return (
      <GridRecovery
        endpoint="/api/anime/search"
        params={{ q, page, order_by: order.orderBy, sort: order.sort }}
        view={view}
        skeletonCount={PAGE_SIZE.search}
        errorText={t('error')}
        retryLabel={t('retry')}
        emptyTitle={t('empty')}
      />
    );
  }
  const withheld = result.offline ? (result.withheld ?? 0) : 0;
  if (result.items.length === 0) {
    // Empty for an anonymous visitor; a verified adult's own results may not be (SearchResults).
    const empty = (
      <SearchResults
        q={q}
        sort={sort}
        view={view}
        firstPageIds={[]}
        firstPageHasNext={false}
        firstPage={page}
        emptyState={withheld ? null : <SearchEmpty />}
      >
        {null}
      </SearchResults>
    );
    if (!withheld) return empty;
    return (
      <>
        <OfflineBadge className="mb-3" />
        <WithheldNotice count={withheld} className="mb-3" />
        {empty}
      </>
    );
  }
  const results = (
    <SearchResults
      q={q}
      sort={sort}
      view={view}
      firstPageIds={result.items.map((anime) => anime.id)}
      firstPageHasNext={result.hasNextPage}
      firstPage={page}
    >
      <AnimeGridItems items={result.items} view={view} />
    </SearchResults>
  );
  return (
    <>
      {result.offline && <OfflineBadge className="mb-3" />}
      <WithheldNotice count={withheld} className="mb-3" />
      <HiddenAdultNotice count={result.hiddenAdult ?? 0} className="mb-3" />
      {results}
      <Pager
        page={page}
        previousHref={page > 1 ? searchHref({ q, sort, view, page: page - 1 }) : null}
        nextHref={result.hasNextPage ? searchHref({ q, sort, view, page: page + 1 }) : null}
      />
    </>
  );
}
