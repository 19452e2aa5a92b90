'use client';

import { ArrowRight } from 'lucide';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import { Glyph } from '@/components/ui/glyph';
import { CarouselFrame } from '@/components/carousel/carousel-frame';
import { SLIDE_WIDTH_CLASS } from '@/components/carousel/slide-layout';
import { countValues } from '@/lib/i18n/format-count';
import { routes } from '@/lib/routes';
import { cn } from '@/lib/utils/cn';
import { SuggestionCard } from './suggestion-card';
import { useForYou } from './use-for-you';

/** The home row shows the strongest suggestions, at most this many; /for-you shows them all. */
const HOME_SUGGESTIONS = 10;

/**
 * The home page's 'Para você' row, above the other carousels, only when there is something to
 * suggest: nothing at all otherwise (no skeleton, no empty message). A row that scrolls sideways
 * (snap points, keyboard through the cards), each card with its reason and 'Não tenho interesse'.
 */
export function ForYouCarousel() {
  const t = useTranslations('ForYou');
  const locale = useLocale();
  const state = useForYou();
  if (state.status !== 'ready' || state.suggestions.length === 0) return null;
  const shown = state.suggestions.slice(0, HOME_SUGGESTIONS);
  return (
    <div data-testid="for-you-carousel">
      <CarouselFrame
        title={t('title')}
        subtitle={t('count', countValues(state.suggestions.length, locale))}
        controls={
          <Link
            href={routes.forYou}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-accent-text hover:bg-surface-2"
          >
            {t('seeAll')}
            <Glyph icon={ArrowRight} aria-hidden className="size-4" />
          </Link>
        }
      >
        <ul className="-mx-1 flex snap-x snap-mandatory gap-5 overflow-x-auto px-1 py-2">
          {shown.map((suggestion) => (
            <li key={suggestion.anime.id} className={cn('shrink-0 snap-start', SLIDE_WIDTH_CLASS)}>
              <SuggestionCard suggestion={suggestion} />
            </li>
          ))}
        </ul>
      </CarouselFrame>
    </div>
  );
}
