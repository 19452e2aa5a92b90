'use client';

import { useTranslations } from 'next-intl';
import { useRouter, useSelectedLayoutSegments } from 'next/navigation';
import { useOptimistic, useTransition, type ReactNode } from 'react';
import { ViewToggle } from '@/components/anime/view-toggle';
import {
  decodeSearchSegment,
  displayQuery,
  MAX_SEARCH_LENGTH,
  parseSearchParams,
  searchHref,
  type SearchSort,
} from '@/lib/discovery/params';
import { SearchSpinner } from './search-spinner';
import { SortSelect } from './sort-select';

/**
 * What the search screen keeps while its results change: 'Buscando por', the sort select and the
 * grid/list switch. It lives in the search layout, so the select keeps keyboard focus while each
 * cached results page (app/[locale]/search/[sort]/[view]/[q], see proxy.ts) comes and goes, and it
 * reads the search from those segments. While a new sort loads, the results give way to the
 * spinner (SPEC §2 'Carregando animes...').
 */
export function SearchShell({ children }: { children: ReactNode }) {
  const t = useTranslations('SearchPage');
  const router = useRouter();
  const [sortSegment, viewSegment, querySegment] = useSelectedLayoutSegments();
  const { q, sort, view } = parseSearchParams({
    q: querySegment ? decodeSearchSegment(querySegment) : '',
    sort: sortSegment,
    view: viewSegment,
  });
  const [pending, startTransition] = useTransition();
  const [selectedSort, setSelectedSort] = useOptimistic(sort);

  const chooseSort = (value: SearchSort) =>
    startTransition(() => {
      setSelectedSort(value);
      router.push(searchHref({ q, sort: value, view }), { scroll: false });
    });

  return (
    <>
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
      {q && q.length <= MAX_SEARCH_LENGTH && (
        <div className="mt-6 mb-4 flex flex-wrap items-center justify-between gap-3">
          <SortSelect value={selectedSort} onChange={chooseSort} />
          <ViewToggle
            view={view}
            hrefs={{
              grid: searchHref({ q, sort, view: 'grid' }),
              list: searchHref({ q, sort, view: 'list' }),
            }}
          />
        </div>
      )}
      <div aria-busy={pending || undefined}>{pending ? <SearchSpinner /> : children}</div>
    </>
  );
}
