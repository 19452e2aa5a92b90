'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { AnimeCover } from '@/components/anime/anime-cover';
import { useAnimeLabels } from '@/components/anime/use-anime-labels';
import { animeTitle } from '@/lib/anime-display';
import { countValues } from '@/lib/i18n/format-count';
import type { RelatedCard } from '@/lib/jikan/related';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';
import { FanState } from './fan-state';

/** What a row shows of a related anime: its card when learnt, else the name Jikan gave. */
export interface RelatedItem {
  id: number;
  name: string;
  card: RelatedCard | null;
}

/**
 * One related anime: cover, title (a link to its page), type, year, episodes and the fan's own
 * state. `current` marks the anime of the page itself (in the franchise list).
 */
export function RelatedRow({
  item,
  locale,
  current = false,
  position,
}: {
  item: RelatedItem;
  locale: string;
  current?: boolean;
  /** Its place in the watch order (the franchise list), shown before the cover. */
  position?: number;
}) {
  const t = useTranslations('Related');
  const label = useAnimeLabels();
  const { card } = item;
  const title = (card && animeTitle(card, locale)) ?? item.name;
  const meta = [
    label('type', card?.type),
    card?.year ? String(card.year) : card?.airedFrom?.slice(0, 4),
    card?.episodes ? t('episodes', countValues(card.episodes, locale)) : null,
  ].filter(Boolean);
  return (
    <div
      className={cn(
        'flex min-h-20 items-start gap-3 rounded-md border border-border bg-surface p-2',
        current && 'border-accent ring-1 ring-accent',
      )}
      data-testid="related-item"
      data-anime-id={item.id}
    >
      {position !== undefined && (
        <span
          aria-hidden
          className="w-5 shrink-0 pt-0.5 text-right text-sm font-semibold text-muted tabular-nums"
        >
          {position}
        </span>
      )}
      <div className="relative aspect-[2/3] w-12 shrink-0 overflow-hidden rounded bg-surface-2">
        <AnimeCover src={card?.cover ?? null} sizes="48px" />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        {current ? (
          <span className="leading-snug font-semibold" aria-current="page">
            {title}
          </span>
        ) : (
          <Link href={routes.anime(item.id)} className="leading-snug font-semibold text-fg hover:underline">
            {title}
          </Link>
        )}
        {meta.length > 0 && <span className="text-xs text-muted">{meta.join(' · ')}</span>}
        <span className="flex flex-wrap items-center gap-1.5">
          {current && (
            <span
              className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-fg"
              data-testid="current-entry"
            >
              {t('current')}
            </span>
          )}
          <FanState animeId={item.id} />
        </span>
      </div>
    </div>
  );
}
