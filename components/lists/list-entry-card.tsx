'use client';

import { CloudOff, Plus } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { memo, useId } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { AnimeCover } from '@/components/anime/anime-cover';
import { NextEpisodeCountdown } from '@/components/schedule/next-episode-countdown';
import { Button } from '@/components/ui/button';
import { animeTitle } from '@/lib/anime-display';
import { routes } from '@/lib/routes';
import type { AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import { LIST_TYPES, type ListType } from '@/lib/stores/keys';
import type { ListEntry } from '@/lib/stores/lists-store';
import { formatCount } from '@/lib/i18n/format-count';
import { LIST_NAME_KEYS } from './list-titles';
import type { EntryData } from './use-entry-data';
import { useWantEntry } from './use-entry-data';
import { sameCardProps, type EntryItemProps } from './virtual-entry-grid';

const REMOVE = 'REMOVE';

export const COVER_SIZES =
  '(min-width: 1280px) 200px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 47vw';

function formatDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'pt-BR', {
    dateStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}

/**
 * The cover of an entry: its image, a skeleton while its data is looked up, or, when the device
 * has no copy of it, a plain panel saying so ('dados indisponíveis offline').
 */
export function EntryCover({
  data,
  eager,
  className,
  noteId,
}: {
  data: EntryData;
  eager: boolean;
  className?: string;
  /** The id of the 'dados indisponíveis' note, for the link it describes. */
  noteId?: string;
}) {
  const t = useTranslations('Lists');
  if (data.state === 'ready') {
    return <AnimeCover src={data.snapshot.image} sizes={COVER_SIZES} eager={eager} className={className} />;
  }
  if (data.state === 'loading') return <div className="skeleton absolute inset-0" />;
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-sm text-muted">
      <Glyph icon={CloudOff} aria-hidden className="size-6" />
      <span id={noteId} data-testid="entry-unavailable">
        {t(data.offline ? 'unavailableOffline' : 'unavailable')}
      </span>
    </div>
  );
}

/** The title of an entry, or 'Anime #{id}' while (or when) the device has no copy of it. */
export function useEntryTitle(id: number, snapshot: AnimeSnapshot | null): string {
  const t = useTranslations('Lists');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  if (!snapshot) return t('entryTitle', { id });
  return animeTitle(snapshot, locale) ?? tCommon('notAvailable');
}

/**
 * One entry of a list page: cover and title linking to the detail page (SPEC §2), plus episode
 * progress for Watching (with a +1 button) and Completed, the start/finish date, and a
 * control to move it to another list or out of all of them. An entry the device has no copy of
 * still shows, as 'Anime #{id}' linking to its page, with its progress and controls. Memoised: a
 * scroll that moves a long list's rows renders only the cards it brings.
 */
export const ListEntryCard = memo(function ListEntryCard({
  id,
  type,
  data,
  needsData,
  want,
  entry,
  onIncrement,
  onMove,
  eager,
  itemProps,
}: {
  id: number;
  type: ListType;
  data: EntryData;
  /** No snapshot in the store: the card asks for its data while it is on screen. */
  needsData: boolean;
  want: (id: number) => () => void;
  entry: ListEntry;
  onIncrement: (id: number) => void;
  onMove: (id: number, target: ListType | null) => void;
  eager: boolean;
  itemProps: EntryItemProps;
}) {
  const t = useTranslations('Lists');
  const locale = useLocale();
  const headingId = useId();
  const noteId = useId();
  useWantEntry(id, needsData, want);
  const snapshot = data.state === 'ready' ? data.snapshot : null;
  const title = useEntryTitle(id, snapshot);
  const total = snapshot?.episodes && snapshot.episodes > 0 ? snapshot.episodes : null;
  const showProgress = type === 'WATCHING' || type === 'COMPLETED';
  const canIncrement = type === 'WATCHING' && (total === null || entry.progress < total);
  const date =
    type === 'COMPLETED' && entry.finishedAt
      ? t('finishedOn', { date: formatDate(entry.finishedAt, locale) })
      : type === 'WATCHING' && entry.startedAt
        ? t('startedOn', { date: formatDate(entry.startedAt, locale) })
        : null;

  return (
    <li {...itemProps} data-testid="list-entry" data-anime-id={id} aria-busy={data.state === 'loading'}>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col overflow-hidden rounded-md border border-border bg-surface"
      >
        <Link
          href={routes.anime(id)}
          // A list of 50 would prefetch 50 detail pages, each a Jikan call: load on click only.
          prefetch={false}
          aria-labelledby={headingId}
          aria-describedby={data.state === 'unavailable' ? noteId : undefined}
          className="group flex flex-1 flex-col focus-visible:border-accent"
        >
          <div className="relative aspect-[2/3] w-full overflow-hidden bg-surface-2">
            <EntryCover
              data={data}
              noteId={noteId}
              eager={eager}
              className="transition-transform duration-200 ease-out group-hover:scale-[1.03] motion-reduce:transform-none"
            />
          </div>
          <h2
            id={headingId}
            title={title}
            className="mx-3 mt-3 line-clamp-2 h-10 text-sm leading-5 font-semibold text-fg group-hover:text-accent-text"
          >
            {title}
          </h2>
        </Link>
        {showProgress ? (
          <div className="flex flex-col gap-1 px-3 pt-2 pb-3">
            <div className="flex min-h-11 items-center justify-between gap-2">
              <p className="text-sm text-muted" data-testid="progress">
                {total === null
                  ? t('progressOpen', {
                      progress: entry.progress,
                      formatted: formatCount(entry.progress, locale),
                    })
                  : t('progress', { progress: entry.progress, total })}
              </p>
              {canIncrement && (
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label={t('increment', { title })}
                  title={t('increment', { title })}
                  onClick={() => onIncrement(id)}
                >
                  <Glyph icon={Plus} aria-hidden className="size-4" />
                </Button>
              )}
            </div>
            {date && <p className="text-xs text-muted">{date}</p>}
            {type === 'WATCHING' && snapshot && (
              <NextEpisodeCountdown
                broadcast={snapshot.broadcast}
                episodes={total}
                className="text-xs font-medium text-accent-text"
              />
            )}
          </div>
        ) : null}
        <div className="mt-auto px-3 pb-3">
          <select
            aria-label={t('moveTo', { title })}
            value={type}
            onChange={(event) =>
              onMove(id, event.target.value === REMOVE ? null : (event.target.value as ListType))
            }
            className="min-h-11 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg"
          >
            {LIST_TYPES.map((list) => (
              <option key={list} value={list}>
                {t(LIST_NAME_KEYS[list])}
              </option>
            ))}
            <option value={REMOVE}>{t('removeFromLists')}</option>
          </select>
        </div>
      </article>
    </li>
  );
}, sameCardProps);
