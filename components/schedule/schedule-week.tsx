'use client';

import { ListFilter } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { AnimeCover } from '@/components/anime/anime-cover';
import { animeTitle } from '@/lib/anime-display';
import { countValues } from '@/lib/i18n/format-count';
import { routes } from '@/lib/routes';
import { HOUR_MS } from '@/lib/schedule/airing';
import { useMinuteClock } from '@/lib/schedule/use-minute-clock';
import { formatMinutes, groupWeek, type ScheduleDayView, type ScheduleEntry } from '@/lib/schedule/week';
import { LIST_TYPES, useListsStore } from '@/lib/stores/lists-store';
import { useListsHydrated } from '@/lib/stores/use-lists-hydrated';
import { cn } from '@/lib/utils/cn';

const noSubscription = () => () => undefined;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;

/** The visitor's IANA zone; null on the server, whose cached HTML is everyone's. */
function useViewerZone(): string | null {
  return useSyncExternalStore(noSubscription, browserZone, () => null);
}

/** Ids in any of the visitor's lists, once their stores are read. */
function useMyIds(): Set<number> | null {
  const hydrated = useListsHydrated();
  const lists = useListsStore((state) => state.lists);
  return useMemo(
    () => (hydrated ? new Set(LIST_TYPES.flatMap((type) => lists[type])) : null),
    [hydrated, lists],
  );
}

/**
 * The week's schedule. The server's HTML lists each anime on its broadcast's own day and
 * time (Tokyo); the browser moves it to the visitor's day and time. Until then the week is laid
 * out but not shown (visibility keeps its space), so moving entries is no layout shift; without
 * JavaScript the broadcast week shows as it is (the <noscript> rule).
 */
export function ScheduleWeek({ entries, partial }: { entries: ScheduleEntry[]; partial: boolean }) {
  const t = useTranslations('Schedule');
  const now = useMinuteClock();
  const zone = useViewerZone();
  const mine = useMyIds();
  const [onlyMine, setOnlyMine] = useState(false);
  // Grouping changes with the day, not the minute: regroup once an hour, not on every tick.
  const hour = now === null ? null : Math.floor(now / HOUR_MS);
  const placement = useMemo(
    () => (zone && hour !== null ? { zone, now: hour * HOUR_MS } : null),
    [zone, hour],
  );
  const days = useMemo(() => groupWeek(entries, placement), [entries, placement]);
  const filtering = onlyMine && mine !== null;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="h-5 min-w-0 truncate text-sm text-muted" data-testid="schedule-zone">
          {placement ? t('zoneLocal', { zone: placement.zone }) : t('zoneBroadcast')}
        </p>
        <button
          type="button"
          aria-pressed={onlyMine}
          disabled={mine === null}
          onClick={() => setOnlyMine((value) => !value)}
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm font-medium disabled:opacity-60',
            onlyMine
              ? 'border-accent bg-accent text-accent-fg'
              : 'border-border bg-surface text-fg hover:bg-surface-2',
          )}
        >
          <Glyph icon={ListFilter} aria-hidden className="size-4" />
          {t('onlyMine')}
        </button>
      </div>
      {partial && (
        <p role="status" className="mb-4 rounded-md border border-border bg-surface p-3 text-sm text-muted">
          {t('partialError')}
        </p>
      )}
      <div data-schedule-week className={cn('flex flex-col gap-6', !placement && 'invisible')}>
        {days.map((dayView) => (
          <ScheduleDay key={dayView.weekday} day={dayView} mine={filtering ? mine : null} />
        ))}
      </div>
      <noscript>
        <style>{'[data-schedule-week]{visibility:visible!important}'}</style>
      </noscript>
    </>
  );
}

function ScheduleDay({ day, mine }: { day: ScheduleDayView; mine: Set<number> | null }) {
  const t = useTranslations('Schedule');
  const locale = useLocale();
  const headingId = useId();
  const items = mine ? day.items.filter((item) => mine.has(item.entry.id)) : day.items;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="schedule-day"
      data-weekday={day.weekday}
      aria-current={day.today ? 'date' : undefined}
      className={cn('rounded-md border bg-surface', day.today ? 'border-accent' : 'border-border')}
    >
      <h2 id={headingId} className="flex h-12 items-center gap-2 border-b border-border px-4 font-semibold">
        {t('weekday', { day: day.weekday })}
        {day.today && (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg">
            {t('today')}
          </span>
        )}
      </h2>
      <ul className="divide-y divide-border">
        {items.map(({ entry, minutes }) => {
          const title = animeTitle(entry, locale) ?? '—';
          return (
            <li key={entry.id} data-testid="schedule-entry" data-anime-id={entry.id}>
              <Link
                href={routes.anime(entry.id)}
                prefetch={false}
                className="group flex h-20 items-center gap-3 px-4 hover:bg-surface-2"
              >
                <span
                  className="w-20 shrink-0 font-semibold text-fg tabular-nums"
                  data-testid="schedule-time"
                >
                  <span className="sr-only">{t('weekday', { day: day.weekday })}, </span>
                  {formatMinutes(minutes, locale)}
                </span>
                <span className="relative h-16 w-11 shrink-0 overflow-hidden rounded bg-surface-2">
                  <AnimeCover src={entry.image} sizes="44px" />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="line-clamp-2 text-sm font-medium text-fg group-hover:text-accent-text">
                    {title}
                  </span>
                  {entry.episodes !== null && (
                    <span className="text-xs text-muted">
                      {t('episodes', countValues(entry.episodes, locale))}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
        {items.length === 0 && (
          <li className="flex h-20 items-center px-4 text-sm text-muted">
            {mine ? t('emptyMine') : t('emptyDay')}
          </li>
        )}
      </ul>
    </section>
  );
}
