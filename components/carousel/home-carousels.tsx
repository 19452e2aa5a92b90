import { getTranslations } from 'next-intl/server';
import { CarouselSkeleton } from './carousel-skeleton';
import { FavoritesEmpty } from './favorites-empty';
import { LazyFavoritesCarousel, LazyForYouCarousel } from './lazy-home-parts';
import { ListingCarousel } from './listing-carousel';

/**
 * The home page's three carousels (SPEC §2), after 'Para você' when there is something to suggest
 * (components/for-you). Season and top are in the page's HTML with their cards, without a
 * Suspense boundary: a cached page is rendered whole before it is sent, so a boundary streamed
 * nothing, and React wrote its finished cards after the page's end behind ten-card skeletons,
 * swapped in by a script a frame or more later (docs/decisions/no-boundary-in-cached-pages.md).
 * Favourites come from this browser's storage, so they render last: whatever height they settle
 * at, nothing above them moves. Their code loads after hydration, and only on a device that holds
 * something they show (lazy-home-parts.tsx): the server also draws the favourites' empty state.
 */
export async function HomeCarousels() {
  const t = await getTranslations('Carousel');
  return (
    <div className="py-4">
      <LazyForYouCarousel />
      <ListingCarousel kind="season" />
      <ListingCarousel kind="top" />
      <LazyFavoritesCarousel
        fallback={<CarouselSkeleton title={t('favoritesTitle')} withNote />}
        empty={<FavoritesEmpty />}
      />
    </div>
  );
}
