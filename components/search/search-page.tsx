import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { ListingMessage } from '@/components/anime/listing-states';
import { POPULAR_SEARCHES } from '@/components/search/popular-searches';
import { SearchResultsSection } from '@/components/search/search-results-section';
import { buttonClass } from '@/components/ui/button';
import { MAX_SEARCH_LENGTH, searchHref, type SearchState } from '@/lib/discovery/params';

/**
 * The results part of the search screen (SPEC §2) for one query, sort and view: the popular
 * searches without a query, the too-long message, or the results.
 * SearchShell, in the search layout, shows the query and the controls above it.
 */
export async function SearchContent({ q, sort, view, page = 1 }: SearchState) {
  const t = await getTranslations('SearchPage');
  if (!q) {
    return (
      <ListingMessage tone="empty" text={t('noQuery')} className="mt-6">
        <ul className="flex flex-wrap justify-center gap-2" aria-label={t('popularTitle')}>
          {POPULAR_SEARCHES.map((term) => (
            <li key={term}>
              {/* Not prefetched: each would render a search, 8 upstream calls queued at the rate
                  limiter (1.2 s apart) ahead of the search this visitor is about to make. */}
              <Link
                href={searchHref({ q: term })}
                prefetch={false}
                className={buttonClass('secondary', 'sm', 'min-h-11')}
              >
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </ListingMessage>
    );
  }
  if (q.length > MAX_SEARCH_LENGTH) {
    return <ListingMessage tone="error" text={t('tooLong', { max: MAX_SEARCH_LENGTH })} className="mt-6" />;
  }
  // No Suspense boundary: the answer holds the results themselves, readable without JavaScript
  // (a streamed boundary would leave them hidden behind the spinner). A client navigation shows
  // the spinner of SearchShell while it waits.
  return <SearchResultsSection q={q} sort={sort} view={view} page={page} />;
}
