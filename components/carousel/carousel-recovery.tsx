'use client';

import { useLocale, useTranslations } from 'next-intl';
import { carouselIcons } from '@/components/ui/control-icons';
import { ListingMessage } from '@/components/anime/listing-states';
import { RetryButton } from '@/components/anime/retry-button';
import { useListingRetry } from '@/components/anime/use-listing-retry';
import { AnimeCarousel } from './anime-carousel';
import { CarouselFrame } from './carousel-frame';
import { CarouselSlides } from './carousel-slides';
import { CarouselSkeleton } from './carousel-skeleton';
import { countValues } from '@/lib/i18n/format-count';

const ENDPOINTS = { season: '/api/anime/season', top: '/api/anime/top' } as const;
/** SPEC §9: carousels load page 1 with 10 items. */
const CAROUSEL_PARAMS = { page: 1, limit: 10 };

/**
 * A home carousel whose server render failed: its own SPEC §8 error with 'Tentar novamente',
 * which loads the carousel through our API (loading skeletons, then cards, empty or the error).
 */
export function CarouselRecovery({
  kind,
  title,
  errorText,
}: {
  kind: keyof typeof ENDPOINTS;
  title: string;
  errorText: string;
}) {
  const t = useTranslations('Carousel');
  const locale = useLocale();
  const tCommon = useTranslations('Common');
  const { state, retry } = useListingRetry(ENDPOINTS[kind], CAROUSEL_PARAMS);

  if (state.status === 'loading') return <CarouselSkeleton title={title} />;
  if (state.status === 'loaded' && state.items.length > 0) {
    return (
      <AnimeCarousel
        icons={carouselIcons()}
        title={title}
        subtitle={t('foundCount', countValues(state.items.length, locale))}
        slides={<CarouselSlides items={state.items.map((anime) => ({ anime }))} />}
        count={state.items.length}
      />
    );
  }
  return (
    <CarouselFrame title={title}>
      {state.status === 'loaded' ? (
        <ListingMessage tone="empty" text={t('empty')} />
      ) : (
        <ListingMessage
          tone="error"
          text={errorText}
          action={<RetryButton label={tCommon('retry')} onRetry={retry} />}
        />
      )}
    </CarouselFrame>
  );
}
