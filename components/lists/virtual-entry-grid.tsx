'use client';

import { measureElement as measureRow, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLocale, useTranslations } from 'next-intl';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { countValues } from '@/lib/i18n/format-count';
import { isHydrated } from '@/lib/stores/use-hydrated';
import { ENTRY_GRID_CLASS } from './entry-grid';

/**
 * Lists longer than this render only the rows near the screen (a MAL import may hold 50,000
 * entries); shorter ones render whole, so the browser's find and every entry are in the page.
 */
export const WINDOWED_FROM = 200;

/** The grid's columns at each width: ENTRY_GRID_CLASS's breakpoints (Tailwind's sm, lg, xl). */
const COLUMN_QUERIES = [
  ['(min-width: 80rem)', 6],
  ['(min-width: 64rem)', 4],
  ['(min-width: 40rem)', 3],
] as const;
const ROW_GAP_PX = 16;
/** Rows rendered beyond each edge of the screen: Tab and Shift+Tab always find the next card. */
const OVERSCAN_ROWS = 2;

/** A row's height in a grid `width` px wide: a card is a 2:3 cover plus its text and controls (about 150 px). */
export function rowHeightEstimate(width: number, columns: number): number {
  return Math.round(((width - ROW_GAP_PX * (columns - 1)) / columns) * 1.5 + 150);
}

export function currentColumns(): number {
  for (const [query, columns] of COLUMN_QUERIES) if (window.matchMedia(query).matches) return columns;
  return 2;
}

/** At most what the widest grid shows on a screen (6 columns, 4 rows). */
const MAX_FIRST_SCREEN = 24;

/**
 * The cards that fill this window, one row more: the grid's columns, and rows of the height the
 * virtual grid estimates, at the window's whole width (rows at their tallest, so one row more).
 */
export function firstScreenCount(): number {
  const columns = currentColumns();
  const rows = Math.ceil(window.innerHeight / rowHeightEstimate(window.innerWidth, columns)) + 1;
  return Math.min(MAX_FIRST_SCREEN, columns * rows);
}

function useColumns(): number {
  const [columns, setColumns] = useState(currentColumns);
  useEffect(() => {
    const lists = COLUMN_QUERIES.map(([query]) => window.matchMedia(query));
    const update = () => setColumns(currentColumns());
    for (const list of lists) list.addEventListener('change', update);
    return () => {
      for (const list of lists) list.removeEventListener('change', update);
    };
  }, []);
  return columns;
}

/** What the grid puts on each entry's `<li>`: its place in the list for assistive technology. */
export interface EntryItemProps {
  ref?: Ref<HTMLLIElement>;
  'data-index'?: number;
  'aria-posinset': number;
  'aria-setsize': number;
}

/**
 * Whether a card's props are unchanged: each prop the same value, and the grid's props for its
 * `<li>` (made anew at each render of the grid) the same field by field. Cards memoised with it
 * render again when what they show changes, not each time the rows around them change.
 */
export function sameCardProps<P extends { itemProps: EntryItemProps }>(previous: P, next: P): boolean {
  const keys = Object.keys(next) as (keyof P)[];
  if (keys.length !== Object.keys(previous).length) return false;
  for (const key of keys) if (key !== 'itemProps' && !Object.is(previous[key], next[key])) return false;
  const [a, b] = [previous.itemProps, next.itemProps];
  return (
    a.ref === b.ref &&
    a['data-index'] === b['data-index'] &&
    a['aria-posinset'] === b['aria-posinset'] &&
    a['aria-setsize'] === b['aria-setsize']
  );
}

/** The entries, how each renders with the props the grid gives its `<li>`, and the list's name. */
interface EntryGridProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number, itemProps: EntryItemProps) => ReactNode;
  label: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), select';

/**
 * The entries of a list or ratings page as one `<ul>` in reading order. A long list renders the
 * rows near the screen only (TanStack Virtual, the window's scroll): the rows above and below are
 * padding of their measured height, so the page scrolls as if all were there. Every rendered
 * entry keeps its place in the DOM order (Tab and screen readers read the list as it looks) and
 * says its position (aria-posinset of aria-setsize). Home and End move to the first and last
 * entry, and a skip link before the list (shown on focus) goes to the last.
 */
export function VirtualEntryGrid<T>({ items, renderItem, label }: EntryGridProps<T>) {
  const windowed = items.length > WINDOWED_FROM;
  return windowed ? (
    <WindowedGrid items={items} renderItem={renderItem} label={label} />
  ) : (
    <WholeGrid items={items} renderItem={renderItem} label={label} />
  );
}

/**
 * Moves focus to the first control of entry `index`: at once when it is rendered, else as soon as
 * the grid renders it (after scrolling there).
 */
function useFocusEntry(list: React.RefObject<HTMLUListElement | null>) {
  const target = useRef<number | null>(null);
  const tryFocus = useCallback(() => {
    if (target.current === null) return;
    const control = list.current?.querySelector<HTMLElement>(
      `[aria-posinset="${target.current + 1}"] :is(${FOCUSABLE})`,
    );
    if (!control) return;
    target.current = null;
    control.focus();
  }, [list]);
  useEffect(tryFocus);
  return useCallback(
    (index: number) => {
      target.current = index;
      tryFocus();
    },
    [tryFocus],
  );
}

function onListKeyDown(
  event: KeyboardEvent<HTMLUListElement>,
  count: number,
  focus: (index: number) => void,
) {
  if (event.key !== 'Home' && event.key !== 'End') return;
  if (event.altKey || event.metaKey || event.shiftKey) return;
  // A select (the move-to control) uses Home and End for its own options.
  if ((event.target as HTMLElement).closest('select')) return;
  event.preventDefault();
  focus(event.key === 'Home' ? 0 : count - 1);
}

/**
 * A list short enough to be whole in the page. Shown as the page loads, its first render draws
 * the cards that fill the window and the rest follow in a transition (in slices): 200 cards are
 * ~400 ms of rendering at 4× CPU, which would otherwise come before the first one shows. Busy
 * until every card is there. Mounted once the page has loaded (a client navigation, a long list
 * that a removal made short, the ratings page after its first screen), it is whole at once, so a
 * person scrolled down keeps their place.
 */
function WholeGrid<T>({ items, renderItem, label }: EntryGridProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const focusEntry = useFocusEntry(list);
  const [limit, setLimit] = useState(() => (isHydrated() ? Number.POSITIVE_INFINITY : firstScreenCount()));
  const partial = limit < items.length;
  useEffect(() => {
    if (partial) startTransition(() => setLimit(Number.POSITIVE_INFINITY));
  }, [partial]);
  return (
    <ul
      ref={list}
      className={ENTRY_GRID_CLASS}
      aria-label={label}
      aria-busy={partial || undefined}
      onKeyDown={(event) => onListKeyDown(event, items.length, focusEntry)}
    >
      {items
        .slice(0, limit)
        .map((item, index) =>
          renderItem(item, index, { 'aria-posinset': index + 1, 'aria-setsize': items.length }),
        )}
    </ul>
  );
}

function WindowedGrid<T>({ items, renderItem, label }: EntryGridProps<T>) {
  const t = useTranslations('Lists');
  const locale = useLocale();
  const list = useRef<HTMLUListElement>(null);
  const columns = useColumns();
  const rowCount = Math.ceil(items.length / columns);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [estimate, setEstimate] = useState(420);
  /**
   * The last row measured at this width: the rows not measured yet take its height, so each row
   * like it measures as estimated and changes nothing. A row measured otherwise than estimated
   * moves every row after it (25,000 at 50,000 entries), in each frame of a scroll; with the
   * last height, that happens once where rows of another height begin (a date line, say).
   */
  const measuredRow = useRef<number | null>(null);

  useLayoutEffect(() => {
    const measure = () => {
      const element = list.current;
      if (!element) return;
      const box = element.getBoundingClientRect();
      measuredRow.current = null;
      setScrollMargin(box.top + window.scrollY);
      setEstimate(rowHeightEstimate(box.width, columns));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [columns]);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => measuredRow.current ?? estimate,
    measureElement: (element, entry, instance) => {
      const height = measureRow(element, entry, instance);
      measuredRow.current = height;
      return height;
    },
    overscan: OVERSCAN_ROWS,
    gap: ROW_GAP_PX,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;

  // The virtualizer renders this grid at every scroll step; the cards change only with the range.
  const startRow = first?.index ?? 0;
  const endRow = last?.index ?? -1;
  const { measureElement } = virtualizer;
  const cards = useMemo(() => {
    const rendered: ReactNode[] = [];
    for (let row = startRow; row <= endRow; row++) {
      const start = row * columns;
      items.slice(start, start + columns).forEach((item, column) =>
        rendered.push(
          renderItem(item, start + column, {
            // The first card of a row gives the row's height (cards of a row stretch alike).
            ...(column === 0 ? { ref: measureElement, 'data-index': row } : {}),
            'aria-posinset': start + column + 1,
            'aria-setsize': items.length,
          }),
        ),
      );
    }
    return rendered;
  }, [startRow, endRow, columns, items, renderItem, measureElement]);

  const setFocusTarget = useFocusEntry(list);
  const focusEntry = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'center' });
      setFocusTarget(index);
    },
    [virtualizer, columns, setFocusTarget],
  );

  const skipClass =
    'sr-only focus:not-sr-only focus:mb-4 focus:inline-flex focus:min-h-11 focus:items-center focus:rounded-md focus:px-3 focus:text-sm focus:font-medium focus:text-accent-text focus:underline';

  return (
    <>
      <button type="button" className={skipClass} onClick={() => focusEntry(items.length - 1)}>
        {t('skipToEnd', countValues(items.length, locale))}
      </button>
      <ul
        ref={list}
        className={ENTRY_GRID_CLASS}
        aria-label={label}
        style={{ paddingTop, paddingBottom }}
        data-windowed=""
        onKeyDown={(event) => onListKeyDown(event, items.length, focusEntry)}
      >
        {cards}
      </ul>
      <button type="button" className={skipClass} onClick={() => focusEntry(0)}>
        {t('skipToStart')}
      </button>
    </>
  );
}
