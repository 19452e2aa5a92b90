'use client';

import { Sparkles } from 'lucide';
import { Clock, CloudOff, Compass, Loader2, Upload } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import { Glyph } from '@/components/ui/glyph';
import { countValues } from '@/lib/i18n/format-count';
import Link from 'next/link';
import { AnimeCardSkeleton } from '@/components/anime/anime-card-skeleton';
import { ListingMessage } from '@/components/anime/listing-states';
import { buttonClass } from '@/components/ui/button';
import { routes } from '@/lib/routes';
import { SuggestionCard } from './suggestion-card';
import { useForYou, type ForYouState } from './use-for-you';
import { WithheldLine } from './withheld-line';

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

/** The empty state: nothing to suggest from yet; rate, list or import, or explore. */
export function ForYouEmpty() {
  const t = useTranslations('ForYou');
  const tCommon = useTranslations('Common');
  return (
    <ListingMessage
      tone="empty"
      icon={Sparkles}
      title={t('emptyTitle')}
      text={t('emptyText')}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link href={routes.explore} className={buttonClass('primary')}>
            <Glyph icon={Compass} aria-hidden className="size-4" />
            {tCommon('goToExplore')}
          </Link>
          <Link href={`${routes.settings}?tab=data`} className={buttonClass('secondary')}>
            <Glyph icon={Upload} aria-hidden className="size-4" />
            {t('import')}
          </Link>
        </div>
      }
    />
  );
}

/** What the page says about the suggestions it shows: still gathering, an outage, stored copies. */
export function ForYouStatus({ state }: { state: Extract<ForYouState, { status: 'ready' }> }) {
  const t = useTranslations('ForYou');
  const locale = useLocale();
  const gathering = state.done < state.total;
  return (
    <div className="flex flex-col gap-1.5 text-sm text-muted">
      {gathering && (
        <p role="status" className="flex items-center gap-1.5" data-testid="for-you-gathering">
          <Glyph icon={Loader2} aria-hidden className="size-4 shrink-0 motion-safe:animate-spin" />
          {t('gathering', { done: state.done, total: state.total })}
        </p>
      )}
      {state.outage && (
        <p role="status" className="flex items-center gap-1.5" data-testid="for-you-outage">
          <Glyph icon={CloudOff} aria-hidden className="size-4 shrink-0 text-warning" />
          {t('outage')}
        </p>
      )}
      {state.stale && (
        <p className="flex items-center gap-1.5" data-testid="for-you-stale">
          <Glyph icon={Clock} aria-hidden className="size-4 shrink-0 text-warning" />
          {t('staleNote')}
        </p>
      )}
      <WithheldLine
        count={state.withheld}
        text={t('withheld', countValues(state.withheld, locale))}
        signIn={t('signIn')}
      />
    </div>
  );
}

/** /for-you: every suggestion, with its reason and 'Não tenho interesse'. */
export function ForYouPage() {
  const t = useTranslations('ForYou');
  const tCommon = useTranslations('Common');
  const state = useForYou();

  if (state.status === 'loading') {
    return (
      <div aria-busy className={`skeleton-group ${GRID}`}>
        <span className="sr-only">{tCommon('loading')}</span>
        {Array.from({ length: 10 }, (_, index) => (
          <AnimeCardSkeleton key={index} withNote />
        ))}
      </div>
    );
  }
  if (state.status === 'noSeeds') return <ForYouEmpty />;

  const gathering = state.done < state.total;
  return (
    <div className="flex flex-col gap-4">
      <ForYouStatus state={state} />
      {state.suggestions.length > 0 ? (
        <ul className={GRID} aria-label={t('title')}>
          {state.suggestions.map((suggestion) => (
            <li key={suggestion.anime.id}>
              <SuggestionCard suggestion={suggestion} />
            </li>
          ))}
        </ul>
      ) : gathering ? (
        <div aria-hidden className={`skeleton-group ${GRID}`}>
          {Array.from({ length: 5 }, (_, index) => (
            <AnimeCardSkeleton key={index} withNote />
          ))}
        </div>
      ) : state.withheld > 0 ? null : (
        // Not 'nothing new' while some are still being checked: the withheld line says so.
        <ListingMessage tone="empty" icon={Sparkles} text={t('noneYet')} />
      )}
    </div>
  );
}
