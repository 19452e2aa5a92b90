import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CarouselSkeleton } from './carousel-skeleton';
import { FavoritesEmpty } from './favorites-empty';
import { LazyFavoritesCarousel, LazyForYouCarousel } from './lazy-home-parts';
import { ListingCarousel } from './listing-carousel';

/**
 * The home page's three carousels (SPEC §2), after 'Para você' when there is something to suggest
 * (components/for-you). Season and top stream in from the server behind ten-card skeletons.
 * Favourites come from this browser's storage, so they render last: whatever height they settle
 * at, nothing above them moves. Their code loads after hydration, and only on a device that holds
 * something they show (lazy-home-parts.tsx): the server also draws the favourites' empty state.
 */
export async function HomeCarousels() {
  const t = await getTranslations('Carousel');
  return (
    <div className="py-4">
      <LazyForYouCarousel />
      <Suspense fallback={<CarouselSkeleton title={t('seasonTitle')} />}>
        <ListingCarousel kind="season" />
      </Suspense>
      <Suspense fallback={<CarouselSkeleton title={t('topTitle')} />}>
        <ListingCarousel kind="top" />
      </Suspense>
      <LazyFavoritesCarousel
        fallback={<CarouselSkeleton title={t('favoritesTitle')} withNote />}
        empty={<FavoritesEmpty />}
      />
    </div>
  );
}
