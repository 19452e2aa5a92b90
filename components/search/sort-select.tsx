'use client';

import { ChevronDown } from 'lucide';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { SEARCH_SORTS, type SearchSort } from '@/lib/discovery/params';

const SORT_LABELS = { relevance: 'sortRelevance', title: 'sortTitle', score: 'sortScore' } as const;

function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

/**
 * Relevância / Título / Pontuação (SPEC §2, §4). A native select: keyboard, screen readers and
 * phones' own pickers for free, and no script weight. A new sort is a new search: SearchShell puts
 * it into the URL (so it survives reload) and the server's cached page for it replaces the results.
 */
export function SortSelect({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  const t = useTranslations('SearchPage');
  const selectId = useId();

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm text-muted">
        {t('sortLabel')}
      </label>
      <div className="relative">
        <select
          id={selectId}
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            if (isSearchSort(next)) onChange(next);
          }}
          className="min-h-11 min-w-36 appearance-none rounded-md border border-border bg-surface pr-9 pl-3 text-sm font-medium text-fg hover:bg-surface-2"
        >
          {SEARCH_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </select>
        <Glyph
          icon={ChevronDown}
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        />
      </div>
    </div>
  );
}
