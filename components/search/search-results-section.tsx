import { getTranslations } from 'next-intl/server';
import { AnimeGridItems } from '@/components/anime/anime-grid';
import { ListingMessage } from '@/components/anime/listing-states';
import { RetryButton } from '@/components/anime/retry-button';
import { loadSearchPage } from '@/lib/discovery/listings';
import type { SearchSort, View } from '@/lib/discovery/params';
import { SearchEmpty } from './search-empty';
import { SearchResults } from './search-results';

/**
 * First page of a search, rendered on the server: results, empty, or the SPEC §8 error with
 * retry. The first page's cards are server components; SearchResults appends later pages.
 */
export async function SearchResultsSection({ q, sort, view }: { q: string; sort: SearchSort; view: View }) {
  const t = await getTranslations('SearchPage');
  const result = await loadSearchPage({ q, sort });

  if (result.status === 'failed') {
    return <ListingMessage tone="error" text={t('error')} action={<RetryButton label={t('retry')} />} />;
  }
  if (result.items.length === 0) {
    return (
      <SearchResults
        q={q}
        sort={sort}
        view={view}
        firstPageIds={[]}
        firstPageHasNext={false}
        emptyState={<SearchEmpty />}
      >
        {null}
      </SearchResults>
    );
  }
  return (
    <SearchResults
      q={q}
      sort={sort}
      view={view}
      firstPageIds={result.items.map((anime) => anime.id)}
      firstPageHasNext={result.hasNextPage}
    >
      <AnimeGridItems items={result.items} view={view} />
    </SearchResults>
  );
}
