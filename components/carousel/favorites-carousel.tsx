'use client';

import { useLocale, useTranslations } from 'next-intl';
import { carouselIcons } from '@/components/ui/control-icons';
import { ListingMessage } from '@/components/anime/listing-states';
import { RetryButton } from '@/components/anime/retry-button';
import { AnimeCarousel } from './anime-carousel';
import { CarouselFrame } from './carousel-frame';
import { CarouselSlides } from './carousel-slides';
import { CarouselSkeleton } from './carousel-skeleton';
import { FavoritesEmpty } from './favorites-empty';
import { useFavoriteAnimes } from './use-favorite-animes';
import { countValues } from '@/lib/i18n/format-count';

/** 'Meus Animes Favoritos' (SPEC §2): the visitor's own ratings of 4 or 5, from this browser. */
export function FavoritesCarousel() {
  const t = useTranslations('Carousel');
  const locale = useLocale();
  const tCommon = useTranslations('Common');
  const favorites = useFavoriteAnimes();
  const title = t('favoritesTitle');

  switch (favorites.status) {
    case 'loading':
      return <CarouselSkeleton title={title} withNote />;
    case 'failed':
      return (
        <CarouselFrame title={title}>
          <ListingMessage
            tone="error"
            text={t('favoritesError')}
            action={<RetryButton label={tCommon('retry')} onRetry={favorites.retry} />}
          />
        </CarouselFrame>
      );
    case 'loaded':
      if (favorites.items.length === 0) return <FavoritesEmpty />;
      return (
        <AnimeCarousel
          icons={carouselIcons()}
          title={title}
          subtitle={t('ratedCount', countValues(favorites.items.length, locale))}
          count={favorites.items.length}
          slides={
            <CarouselSlides
              items={favorites.items.map(({ anime, userRating }) => ({
                anime,
                note: (
                  <p className="flex h-5 items-center text-sm font-medium text-star">
                    {t('yourScore', { score: userRating })}
                  </p>
                ),
              }))}
            />
          }
        />
      );
  }
}
