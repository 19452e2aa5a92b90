'use client';

import * as Select from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useOptimistic, useTransition } from 'react';
import { SEARCH_SORTS, searchHref, type SearchSort, type View } from '@/lib/discovery/params';

const SORT_LABELS = { relevance: 'sortRelevance', title: 'sortTitle', score: 'sortScore' } as const;

function isSearchSort(value: string): value is SearchSort {
  return (SEARCH_SORTS as readonly string[]).includes(value);
}

/**
 * Relevância / Título / Pontuação (SPEC §2, §4). A new sort is a new search: it goes into the URL
 * (so it survives reload) and the server renders the re-sorted first page.
 */
export function SortSelect({ q, sort, view }: { q: string; sort: SearchSort; view: View }) {
  const t = useTranslations('SearchPage');
  const router = useRouter();
  const labelId = useId();
  const [, startTransition] = useTransition();
  const [selected, setSelected] = useOptimistic(sort);

  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm text-muted">
        {t('sortLabel')}
      </span>
      <Select.Root
        value={selected}
        onValueChange={(value) => {
          if (!isSearchSort(value)) return;
          startTransition(() => {
            setSelected(value);
            router.push(searchHref({ q, sort: value, view }), { scroll: false });
          });
        }}
      >
        <Select.Trigger
          aria-labelledby={labelId}
          className="inline-flex min-h-11 min-w-36 items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-2"
        >
          <Select.Value />
          <Select.Icon>
            <ChevronDown aria-hidden className="size-4 text-muted" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            className="z-50 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-border bg-surface p-1 shadow-lg data-[state=open]:animate-fade-in"
          >
            <Select.Viewport>
              {SEARCH_SORTS.map((value) => (
                <Select.Item
                  key={value}
                  value={value}
                  className="relative flex min-h-11 cursor-pointer items-center rounded-sm pr-3 pl-8 text-sm text-fg outline-none select-none data-[highlighted]:bg-surface-2"
                >
                  <Select.ItemIndicator className="absolute left-2 inline-flex items-center">
                    <Check aria-hidden className="size-4 text-accent-text" />
                  </Select.ItemIndicator>
                  <Select.ItemText>{t(SORT_LABELS[value])}</Select.ItemText>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
