import type { ReactNode } from 'react';

/** The 2 → 3 → 4 → 6 column grid of list and ratings pages (DESIGN.md). */
export const ENTRY_GRID_CLASS = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6';

/** SPEC §9: list pages show up to 6 skeletons while loading. */
export const MAX_LIST_SKELETONS = 6;

export function EntrySkeletons({ count, tall = false }: { count: number; tall?: boolean }) {
  return Array.from({ length: Math.min(count, MAX_LIST_SKELETONS) }, (_, index) => (
    <li key={`skeleton-${index}`} aria-hidden className="skeleton-group" data-testid="list-skeleton">
      <div className="flex h-full flex-col overflow-hidden rounded-md border border-border bg-surface">
        <div className="skeleton aspect-[2/3] w-full" />
        <div className="flex flex-col gap-1.5 p-3">
          <div className="skeleton h-3.5 w-11/12 rounded-sm" />
          <div className="skeleton h-3.5 w-1/2 rounded-sm" />
          {tall && <div className="skeleton mt-2 h-8 w-full rounded-sm" />}
        </div>
      </div>
    </li>
  ));
}

export function EntryGrid({ children, busy, label }: { children: ReactNode; busy: boolean; label: string }) {
  return (
    <ul className={ENTRY_GRID_CLASS} aria-busy={busy} aria-label={label}>
      {children}
    </ul>
  );
}
