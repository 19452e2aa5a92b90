import type { View } from '@/lib/discovery/params';
import type { Anime } from '@/lib/jikan/types';
import { cn } from '@/lib/utils/cn';
import { AnimeCard } from './anime-card';
import { AnimeCardSkeleton } from './anime-card-skeleton';

/** DESIGN.md: grids go 2 → 3 → 4 → 6 columns; the list view is one column, two on wide screens. */
const LAYOUT: Record<View, string> = {
  grid: 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-6',
  list: 'grid grid-cols-1 gap-3 lg:grid-cols-2 lg:gap-4',
};

export function gridClass(view: View): string {
  return LAYOUT[view];
}

/** Covers of the first row load at once (largest on a phone: the first two). */
const EAGER_COVERS = 2;

/**
 * Where a server-rendered listing's covers are on the first screen: the grid's first row (3, 4
 * and 6 columns from 640, 1024 and 1280 px), the list's first six (small covers, several rows on
 * a phone). Those load with the page there; every other cover waits for the page's hydration
 * (AnimeCover's `deferBelow`).
 */
const FIRST_ROW_FROM: Record<View, readonly number[]> = {
  grid: [0, 0, 640, 1024, 1280, 1280],
  list: [0, 0, 0, 0, 0, 0],
};

/**
 * The cards of a listing as list items, for a grid that another component owns (search results
 * append further pages to the server-rendered first one inside the same grid).
 */
export function AnimeGridItems({
  items,
  view,
  eagerCovers = EAGER_COVERS,
}: {
  items: readonly Anime[];
  view: View;
  eagerCovers?: number;
}) {
  return items.map((anime, index) => (
    <li key={anime.id}>
      <AnimeCard
        anime={anime}
        variant={view}
        headingLevel={2}
        eager={index < eagerCovers}
        deferBelow={FIRST_ROW_FROM[view][index] ?? Infinity}
      />
    </li>
  ));
}

/** A listing in the grid or list view. Card titles are h2: the grids sit right under a page's h1. */
export function AnimeGrid({ items, view }: { items: readonly Anime[]; view: View }) {
  return (
    <ul className={LAYOUT[view]} data-view={view}>
      <AnimeGridItems items={items} view={view} />
    </ul>
  );
}

export function AnimeGridSkeleton({
  view,
  count,
  className,
}: {
  view: View;
  count: number;
  className?: string;
}) {
  return (
    <div aria-hidden className={cn('skeleton-group', LAYOUT[view], className)} data-view={view}>
      {Array.from({ length: count }, (_, index) => (
        <AnimeCardSkeleton key={index} variant={view} />
      ))}
    </div>
  );
}
