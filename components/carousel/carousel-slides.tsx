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
 */
export function CarouselSlides({ items }: { items: readonly CarouselItem[] }) {
  return carouselSlides(items);
}

/** The slides as elements: for a list that arrives in the browser (a plain function to load). */
export function carouselSlides(items: readonly CarouselItem[]) {
  return items.map(({ anime, note }) => (
    <div key={anime.id} className={`swiper-slide shrink-0 ${SLIDE_WIDTH_CLASS}`}>
      <AnimeCard anime={anime} headingLevel={3} sizes={CAROUSEL_COVER_SIZES} note={note} />
    </div>
  ));
}
