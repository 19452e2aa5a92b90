import type { ReactNode } from 'react';
import { AnimeCard } from '@/components/anime/anime-card';
import type { Anime } from '@/lib/jikan/types';
import { CAROUSEL_COVER_SIZES, SLIDE_WIDTH_CLASS } from './slide-layout';

export interface CarouselItem {
  anime: Anime;
  /** Extra line on the card, e.g. 'Sua nota: 5/5'. */
  note?: ReactNode;
}

/**
 * Where the slides of the page's first carousel are wholly on the first screen (1.2, 2.2 or 4 per
 * view from 320, 640 and 1024 px): the first on every viewport, the second from 640 px, the third
 * and fourth from 1024 px. Every other cover in a server-rendered carousel, the fifth of a slide
 * showing at the edge included, waits for the page's hydration (AnimeCover's `deferBelow`).
 */
const FIRST_SCREEN_FROM = [0, 640, 1024, 1024];

/**
 * A carousel's slides: the cards in the markup Swiper takes over, laid out as it lays them out.
 * Renders on the server (the home's listings: no card code in the page's scripts) and in the
 * browser (favourites, a listing fetched again) alike.
 *
 * Cards are not prefetched (autoplay brings a card into view every 2.5 s, and each prefetch is a
 * request), except the first card of the page's `first` carousel: its detail page, data and code,
 * is fetched while it is in view, so the detail route's scripts (shared by every anime) are in the
 * browser before the first tap on any card, which then waits only for that anime's data
 * (docs/decisions/tap-to-detail.md). Only the first carousel's first slides load their covers
 * with the page (FIRST_SCREEN_FROM), its first cover preloaded (the page's largest paint).
 */
export function CarouselSlides({ items, first = false }: { items: readonly CarouselItem[]; first?: boolean }) {
  return carouselSlides(items, first);
}

/** The slides as elements: for a list that arrives in the browser (a plain function to load). */
export function carouselSlides(items: readonly CarouselItem[], first = false) {
  return items.map(({ anime, note }, index) => (
    <div key={anime.id} className={`swiper-slide shrink-0 ${SLIDE_WIDTH_CLASS}`}>
      <AnimeCard
        anime={anime}
        headingLevel={3}
        sizes={CAROUSEL_COVER_SIZES}
        note={note}
        prefetch={first && index === 0}
        eager={first && index === 0}
        deferBelow={(first ? FIRST_SCREEN_FROM[index] : undefined) ?? Infinity}
      />
    </div>
  ));
}
