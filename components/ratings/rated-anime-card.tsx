'use client';

import { ArrowRight } from 'lucide';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { memo, useId } from 'react';
import { Glyph } from '@/components/ui/glyph';
import { EntryCover, useEntryTitle } from '@/components/lists/list-entry-card';
import { useWantEntry, type EntryData } from '@/components/lists/use-entry-data';
import { sameCardProps, type EntryItemProps } from '@/components/lists/virtual-entry-grid';
import { routes } from '@/lib/routes';
import type { RatedAnime } from '@/lib/stores/ratings-store';
import { StarDisplay } from './star-display';

/**
 * SPEC §2: cover, title, five stars, 'Opinião:' or 'Nenhuma opinião.', 'Ver detalhes / Editar'. A
 * rating whose anime the device has no copy of shows as 'Anime #{id}', with its stars and opinion.
 * Memoised, as a list's cards (sameCardProps).
 */
export const RatedAnimeCard = memo(function RatedAnimeCard({
  entry,
  data,
  want,
  eager,
  itemProps,
}: {
  entry: RatedAnime;
  data: EntryData;
  want: (id: number) => () => void;
  eager: boolean;
  itemProps: EntryItemProps;
}) {
  const t = useTranslations('MyRatings');
  const tRating = useTranslations('Rating');
  const headingId = useId();
  useWantEntry(entry.animeId, entry.snapshot === null, want);
  const title = useEntryTitle(entry.animeId, data.state === 'ready' ? data.snapshot : null);

  return (
    <li
      {...itemProps}
      data-testid="rated-entry"
      data-anime-id={entry.animeId}
      aria-busy={data.state === 'loading'}
    >
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col overflow-hidden rounded-md border border-border bg-surface"
      >
        <div className="relative aspect-[2/3] w-full overflow-hidden bg-surface-2">
          <EntryCover data={data} eager={eager} />
        </div>
        <div className="flex flex-1 flex-col gap-2 p-3">
          <h2
            id={headingId}
            title={title}
            className="line-clamp-2 h-10 text-sm leading-5 font-semibold text-fg"
          >
            {title}
          </h2>
          <StarDisplay
            rating={entry.rating}
            label={entry.rating > 0 ? tRating('value', { rating: entry.rating }) : tRating('notRated')}
          />
          {entry.opinion ? (
            <p className="line-clamp-4 text-sm text-muted">
              <span className="font-medium text-fg">{t('opinion')}</span> {entry.opinion}
            </p>
          ) : (
            <p className="text-sm text-muted italic">{t('noOpinion')}</p>
          )}
          <Link
            href={routes.anime(entry.animeId)}
            prefetch={false}
            aria-describedby={headingId}
            className="mt-auto inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent-text hover:underline"
          >
            {t('viewEdit')}
            <Glyph icon={ArrowRight} aria-hidden className="size-4" />
          </Link>
        </div>
      </article>
    </li>
  );
}, sameCardProps);
