import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { Suspense } from 'react';
import { ListingMessage } from '@/components/anime/listing-states';
import { ViewToggle } from '@/components/anime/view-toggle';
import { POPULAR_SEARCHES } from '@/components/search/popular-searches';
import { SearchResultsSection } from '@/components/search/search-results-section';
import { SearchSpinner } from '@/components/search/search-spinner';
import { SortSelect } from '@/components/search/sort-select';
import { buttonClass } from '@/components/ui/button';
import {
  displayQuery,
  MAX_SEARCH_LENGTH,
  searchHref,
  type SearchState,
} from '@/lib/discovery/params';

/** The search screen (SPEC §2) for one query, sort and view; app/[locale]/search/** render it. */
export async function SearchPage({ q, sort, view }: SearchState) {
  const t = await getTranslations('SearchPage');

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-xl font-bold sm:text-2xl">{t('title')}</h1>
      {q && (
        // The query is the visitor's own text: rendered as text, shortened, and allowed to break
        // anywhere so a 10 000-character word cannot widen the page.
        <p className="mt-1 [overflow-wrap:anywhere] text-muted">
          {t.rich('searchingFor', {
            query: displayQuery(q),
            strong: (chunks) => <strong className="font-semibold text-fg">{chunks}</strong>,
          })}
        </p>
      )}

      {!q ? (
        <ListingMessage tone="empty" text={t('noQuery')} className="mt-6">
          <ul className="flex flex-wrap justify-center gap-2" aria-label={t('popularTitle')}>
            {POPULAR_SEARCHES.map((term) => (
              <li key={term}>
                <Link href={searchHref({ q: term })} className={buttonClass('secondary', 'sm', 'min-h-11')}>
                  {term}
                </Link>
              </li>
            ))}
          </ul>
        </ListingMessage>
      ) : q.length > MAX_SEARCH_LENGTH ? (
        <ListingMessage tone="error" text={t('tooLong', { max: MAX_SEARCH_LENGTH })} className="mt-6" />
      ) : (
        <>
          <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-3">
            <SortSelect q={q} sort={sort} view={view} />
            <ViewToggle
              view={view}
              hrefs={{
                grid: searchHref({ q, sort, view: 'grid' }),
                list: searchHref({ q, sort, view: 'list' }),
              }}
            />
          </div>
          {/* Keyed by the search: a new query or sort shows the spinner, then its results. */}
          <Suspense key={`${sort}:${q}`} fallback={<SearchSpinner />}>
            <SearchResultsSection q={q} sort={sort} view={view} />
          </Suspense>
        </>
      )}
    </div>
  );
}
