import type { ReactNode } from 'react';
import { AnimeCard } from '@/components/anime/anime-card';
import type { Anime } from '@/lib/jikan/types';
import { CAROUSEL_COVER_SIZES, SLIDE_WIDTH_CLASS } from './carousel-frame';

export interface CarouselItem {
  anime: Anime;
  /** Extra line on the card, e.g. 'Sua nota: 5/5'. */
  note?: ReactNode;
}

/**
 * A carousel's slides: the cards in the markup Swiper takes over, laid out as it lays them out.
 * Renders on the server (the home's listings: no card code in the page's scripts) and in the
 * browser (favourites, a listing fetched again) alike.
 *
 * Cards are not prefetched (autoplay brings a card into view every 2.5 s, and each prefetch is a
 * request), except the first card of a `warm` carousel: its detail page, data and code, is fetched
 * while it is in view, so the detail route's scripts (shared by every anime) are in the browser
 * before the first tap on any card, which then waits only for that anime's data
 * (docs/decisions/tap-to-detail.md).
 */
export function CarouselSlides({ items, warm = false }: { items: readonly CarouselItem[]; warm?: boolean }) {
  return carouselSlides(items, warm);
}

/** The slides as elements: for a list that arrives in the browser (a plain function to load). */
export function carouselSlides(items: readonly CarouselItem[], warm = false) {
  return items.map(({ anime, note }, index) => (
    <div key={anime.id} className={`swiper-slide shrink-0 ${SLIDE_WIDTH_CLASS}`}>
      <AnimeCard
        anime={anime}
        headingLevel={3}
        sizes={CAROUSEL_COVER_SIZES}
        note={note}
        prefetch={warm && index === 0}
      />
    </div>
  ));
}
