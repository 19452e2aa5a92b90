'use client';

import { ArrowRight } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId } from 'react';
import { AnimeCover } from '@/components/anime/anime-cover';
import { animeTitle } from '@/lib/anime-display';
import { routes } from '@/lib/routes';
import type { AnimeSnapshot } from '@/lib/stores/anime-snapshot';
import type { RatedAnime } from '@/lib/stores/ratings-store';
import { StarDisplay } from './star-display';

const COVER_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 47vw';

/** SPEC §2: cover, title, five stars, 'Opinião:' or 'Nenhuma opinião.', 'Ver detalhes / Editar'. */
export function RatedAnimeCard({
  entry,
  eager,
}: {
  entry: RatedAnime & { snapshot: AnimeSnapshot };
  eager: boolean;
}) {
  const t = useTranslations('MyRatings');
  const tRating = useTranslations('Rating');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const headingId = useId();
  const title = animeTitle(entry.snapshot, locale) ?? tCommon('notAvailable');

  return (
    <li data-testid="rated-entry" data-anime-id={entry.animeId}>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col overflow-hidden rounded-md border border-border bg-surface"
      >
        <div className="relative aspect-[2/3] w-full overflow-hidden bg-surface-2">
          <AnimeCover src={entry.snapshot.image} sizes={COVER_SIZES} eager={eager} />
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
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
      </article>
    </li>
  );
}
