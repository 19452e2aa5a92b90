'use client';

import * as Tabs from '@/components/ui/tabs';
import { useTranslations } from 'next-intl';
import { useRouter, useSelectedLayoutSegments } from 'next/navigation';
import { useOptimistic, useTransition, type ReactNode } from 'react';
import { AnimeGridSkeleton } from '@/components/anime/anime-grid';
import { ViewToggle } from '@/components/anime/view-toggle';
import {
  EXPLORE_PAGE_SIZE,
  EXPLORE_TABS,
  exploreHref,
  parseExploreParams,
  type ExploreTab,
} from '@/lib/discovery/params';
import { cn } from '@/lib/utils/cn';

const TAB_LABELS = { top: 'tabTop', seasonal: 'tabSeasonal', popular: 'tabPopular' } as const;

function isExploreTab(value: string): value is ExploreTab {
  return (EXPLORE_TABS as readonly string[]).includes(value);
}

/**
 * Explore's tabs (Radix: arrow keys, Home/End, aria-selected). The selected tab lives in the URL:
 * choosing one pushes /explore?tab=…&view=… and the server renders that tab's list (`children`),
 * so reload and back/forward restore it. The tab shows as selected at once (optimistic) and its
 * panel shows skeletons until the new list arrives.
 *
 * It lives in the Explore layout, so it stays mounted (and keeps keyboard focus) while the cached
 * page of each tab and view (app/[locale]/explore/[tab]/[view], see proxy.ts) comes and goes; it
 * reads the current tab and view from those segments.
 */
export function ExploreTabs({ children }: { children: ReactNode }) {
  const t = useTranslations('Explore');
  const router = useRouter();
  const [tabSegment, viewSegment, pageSegment] = useSelectedLayoutSegments();
  const { tab, view, page } = parseExploreParams({ tab: tabSegment, view: viewSegment, page: pageSegment });
  const [pending, startTransition] = useTransition();
  const [selected, setSelected] = useOptimistic(tab);

  return (
    <Tabs.Root
      value={selected}
      onValueChange={(value) => {
        if (!isExploreTab(value) || value === selected) return;
        startTransition(() => {
          setSelected(value);
          router.push(exploreHref({ tab: value, view }), { scroll: false });
        });
      }}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs.List
          aria-label={t('tabsLabel')}
          className="grid grid-cols-3 gap-1 rounded-md border border-border bg-surface p-1 sm:inline-flex"
        >
          {EXPLORE_TABS.map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                'inline-flex min-h-11 items-center justify-center rounded-sm px-2 text-center text-sm leading-tight font-medium sm:px-4',
                'text-muted transition-colors duration-150 ease-out hover:bg-surface-2 hover:text-fg',
                'data-[state=active]:bg-accent data-[state=active]:text-accent-fg data-[state=active]:hover:bg-accent-hover',
              )}
            >
              {t(TAB_LABELS[value])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <ViewToggle
          className="self-end sm:self-auto"
          view={view}
          hrefs={{
            grid: exploreHref({ tab: selected, view: 'grid', page: selected === tab ? page : 1 }),
            list: exploreHref({ tab: selected, view: 'list', page: selected === tab ? page : 1 }),
          }}
        />
      </div>
      <Tabs.Content
        value={selected}
        className="mt-6 rounded-md focus-visible:outline-offset-4"
        aria-busy={pending || undefined}
      >
        {pending ? <AnimeGridSkeleton view={view} count={EXPLORE_PAGE_SIZE} /> : children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
