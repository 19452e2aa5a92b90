'use client';

import { ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useOptimistic, useTransition } from 'react';
import { SEARCH_SORTS, searchHref, type SearchSort, type View } from '@/lib/discovery/params';

const SORT_LABELS = { relevance: 'sortRelevance', title: 'sortTitle', score: 'sortScore' } as const;

function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

/**
 * Relevância / Título / Pontuação (SPEC §2, §4). A native select: keyboard, screen readers and
 * phones' own pickers for free, and no script weight. A new sort is a new search: it goes into the
 * URL (so it survives reload) and the server renders the re-sorted first page.
 */
export function SortSelect({ q, sort, view }: { q: string; sort: SearchSort; view: View }) {
  const t = useTranslations('SearchPage');
  const router = useRouter();
  const selectId = useId();
  const [, startTransition] = useTransition();
  const [selected, setSelected] = useOptimistic(sort);

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-muted">
        {t('sortLabel')}
      </label>
      <div className="relative">
        <select
          id={selectId}
          value={selected}
          onChange={(event) => {
            const value = event.target.value;
            if (!isSearchSort(value)) return;
            startTransition(() => {
              setSelected(value);
              router.push(searchHref({ q, sort: value, view }), { scroll: false });
            });
          }}
          className="min-h-11 min-w-36 appearance-none rounded-md border border-border bg-surface pr-9 pl-3 text-sm font-medium text-fg hover:bg-surface-2"
        >
          {SEARCH_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
