import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useId, type ReactNode } from 'react';
import { animeTitle, formatScore } from '@/lib/anime-display';
import type { Anime } from '@/lib/jikan/types';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';
import { AnimeCover } from './anime-cover';
import { OfflineCardBadge } from './offline-badge';
import { useAnimeLabels } from './use-anime-labels';
import { countValues } from '@/lib/i18n/format-count';

export type AnimeCardVariant = 'grid' | 'list';

/** Cover widths of the 2 → 3 → 4 → 6 column grid (DESIGN.md) inside the 1280 px page. */
const GRID_COVER_SIZES = '(min-width: 1280px) 200px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 47vw';
const LIST_COVER_SIZES = '96px';

interface AnimeCardProps {
  anime: Anime;
  variant?: AnimeCardVariant;
  /** The card title's heading level, one below the section it sits in. */
  headingLevel?: 2 | 3;
  /** Above the fold (the first row of a grid): its cover loads at once. */
  eager?: boolean;
  /** Off the first screen below this viewport width: the cover waits for hydration (AnimeCover). */
  deferBelow?: number;
  /** Overrides the cover's `sizes` (carousels draw covers at other widths than grids). */
  sizes?: string;
  /** An extra line under the details, e.g. the user's own rating in the favourites carousel. */
  note?: ReactNode;
  /**
   * The link's prefetch (next/link): unset, Next's default (the route's tree, while in view);
   * `true`, the detail page's data and code while in view; `false`, nothing before the tap.
   */
  prefetch?: boolean;
  className?: string;
}

/** The status badge's dot, drawn by the badge's ::before. */
const STATUS_DOT: Record<string, string> = {
  'Currently Airing': 'before:bg-emerald-400',
  'Not yet aired': 'before:bg-sky-400',
  'Finished Airing': 'before:bg-zinc-400',
};

/**
 * SPEC §2 Anime card. The whole card is one link (one tab stop) to /anime/{id}: a link laid over
 * the card, named by the title plus the visible 'Ver Detalhes' and described by the badges and
 * details. It holds no text of its own, so its name is never missing a word the card shows.
 * Text areas have fixed heights so a row of cards lines up and the skeleton matches exactly.
 * Renders in server and client components alike.
 */
export function AnimeCard({
  anime,
  variant = 'grid',
  headingLevel = 3,
  eager,
  deferBelow,
  sizes,
  note,
  prefetch,
  className,
}: AnimeCardProps) {
  const t = useTranslations('AnimeCard');
  const tCommon = useTranslations('Common');
  const locale = useLocale();
  const label = useAnimeLabels();
  const id = useId();

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = animeTitle(anime, locale);
  const score = formatScore(anime.score, locale);
  const status = label('statusBadge', anime.status);
  const details = [
    label('type', anime.type),
    anime.episodes === null ? null : t('episodes', countValues(anime.episodes, locale)),
    anime.year === null ? null : String(anime.year),
  ].filter((part): part is string => part !== null);
  const ids = {
    title: `${id}-title`,
    cta: `${id}-cta`,
    score: `${id}-score`,
    status: `${id}-status`,
    details: `${id}-details`,
    offline: `${id}-offline`,
  };
  const detailText = details.length ? details.join(' · ') : tCommon('notAvailable');
  // The grid shows the status as a badge over the cover; the list, at the end of the details.
  const describedBy = [
    anime.offline && ids.offline,
    score && ids.score,
    variant === 'grid' && status && ids.status,
    ids.details,
  ]
    .filter(Boolean)
    .join(' ');

  // The badges' icons are their own ::before (icon-star, the status dot) and the call to action's
  // arrow its ::after (icon-arrow): a page of cards draws eight elements fewer per card.
  const scoreBadge = score && (
    <span
      id={ids.score}
      className={cn(
        'icon-star inline-flex items-center gap-1 rounded-sm text-xs font-semibold',
        variant === 'grid'
          ? 'absolute top-2 right-2 bg-black/75 px-1.5 py-0.5 text-white before:bg-amber-400'
          : 'text-fg before:bg-star',
      )}
    >
      {t('score', { score })}
    </span>
  );
  const statusBadge = status && (
    <span
      id={ids.status}
      className={cn(
        'absolute bottom-2 left-2 inline-flex max-w-[calc(100%-1rem)] items-center gap-1.5 rounded-sm bg-black/75 px-1.5 py-0.5 text-xs font-medium text-white',
        'before:size-2 before:shrink-0 before:rounded-full before:forced-color-adjust-none',
        STATUS_DOT[anime.status ?? ''] ?? 'before:bg-zinc-400',
      )}
    >
      {status}
    </span>
  );
  const heading = (
    <Heading
      id={ids.title}
      title={title ?? undefined}
      // Grid titles keep two lines' height so the details line up across a row; in a list the
      // cover sets the card's height, and the details follow the title directly.
      className={cn(
        'line-clamp-2 text-sm leading-5 font-semibold text-fg',
        variant === 'grid' ? 'h-10' : 'sm:text-base sm:leading-5',
      )}
    >
      {title ?? tCommon('notAvailable')}
    </Heading>
  );
  const detailLine = (
    <p id={ids.details} className="h-4 truncate text-xs leading-4 text-muted">
      {detailText}
    </p>
  );
  const cta = (
    <span
      id={ids.cta}
      className={cn(
        'icon-arrow inline-flex h-5 items-center gap-1 text-sm leading-5 font-medium text-accent-text',
        'after:transition-[translate] after:duration-200 after:ease-out group-hover:after:translate-x-0.5 motion-reduce:after:translate-none',
      )}
    >
      {t('viewDetails')}
    </span>
  );
  const cardClass = cn(
    'group relative flex h-full rounded-md border border-border bg-surface text-left',
    'transition-[translate,box-shadow,border-color] duration-200 ease-out hover:border-accent hover:shadow-md has-focus-visible:border-accent',
    'hover:-translate-y-1 has-focus-visible:-translate-y-1 motion-reduce:hover:translate-y-0 motion-reduce:has-focus-visible:translate-y-0',
  );
  // Last in the card, so it lies over the cover's badges: a click anywhere on the card follows it.
  const link = (
    <Link
      href={routes.anime(anime.id)}
      prefetch={prefetch}
      aria-labelledby={`${ids.title} ${ids.cta}`}
      aria-describedby={describedBy}
      className="absolute inset-0 rounded-md"
    />
  );

  if (variant === 'list') {
    return (
      <article className={cn('h-full', className)} data-testid="anime-card" data-variant="list">
        <div className={cn(cardClass, 'gap-3 p-3 sm:gap-4')}>
          <div className="relative aspect-[2/3] w-24 shrink-0 self-start overflow-hidden rounded-sm bg-surface-2">
            <AnimeCover
              src={anime.images.small ?? anime.images.cover}
              sizes={LIST_COVER_SIZES}
              eager={eager}
              deferBelow={deferBelow}
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            {heading}
            <p id={ids.details} className="h-4 truncate text-xs leading-4 text-muted">
              {status ? `${detailText} · ${status}` : detailText}
            </p>
            <p className="line-clamp-2 h-10 text-sm leading-5 text-muted">
              {anime.synopsis ?? t('noSynopsis')}
            </p>
            <div className="mt-auto flex h-6 items-center justify-between gap-2">
              {scoreBadge || (anime.offline ? <OfflineCardBadge id={ids.offline} /> : <span />)}
              {cta}
            </div>
          </div>
          {link}
        </div>
      </article>
    );
  }

  return (
    <article className={cn('h-full', className)} data-testid="anime-card" data-variant="grid">
      <div className={cn(cardClass, 'flex-col overflow-hidden')}>
        <div className="relative aspect-[2/3] w-full overflow-hidden bg-surface-2">
          <AnimeCover
            src={anime.images.cover}
            sizes={sizes ?? GRID_COVER_SIZES}
            eager={eager}
            deferBelow={deferBelow}
          />
          {scoreBadge}
          {anime.offline && (
            <div className="absolute top-2 left-2">
              <OfflineCardBadge id={ids.offline} />
            </div>
          )}
          {statusBadge}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3">
          {heading}
          {detailLine}
          {note}
          <div className="mt-auto pt-2">{cta}</div>
        </div>
        {link}
      </div>
    </article>
  );
}
