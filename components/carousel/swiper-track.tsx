'use client';

import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { AnimeCard } from '@/components/anime/anime-card';
import type { CarouselItem } from './anime-carousel';
import { CAROUSEL_COVER_SIZES } from './carousel-frame';
import 'swiper/css';
import './anime-carousel.css';

/** SPEC §2/§9 carousel behaviour. */
const AUTOPLAY_DELAY_MS = 2500;
const SPACE_BETWEEN = 20;
const BREAKPOINTS = {
  320: { slidesPerView: 1.2 },
  640: { slidesPerView: 2.2 },
  1024: { slidesPerView: 4 },
} as const;

/**
 * The Swiper itself, with its stylesheet: loaded by AnimeCarousel after the page has hydrated, so
 * Swiper (~29 kB gzipped) is never part of the home page's first-load JavaScript. Until it
 * arrives the carousel shows the same slides as a static row laid out exactly like this.
 */
export default function SwiperTrack({
  items,
  loop,
  onSwiper,
}: {
  items: readonly CarouselItem[];
  loop: boolean;
  onSwiper: (swiper: SwiperInstance) => void;
}) {
  return (
    <Swiper
      className="anime-carousel"
      modules={[Autoplay, A11y]}
      loop={loop}
      rewind={!loop}
      spaceBetween={SPACE_BETWEEN}
      slidesPerView={1}
      breakpoints={BREAKPOINTS}
      autoplay={{ delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false }}
      a11y={{ enabled: true, slideRole: 'group' }}
      onSwiper={onSwiper}
      data-testid="anime-carousel"
    >
      {items.map(({ anime, note }) => (
        <SwiperSlide key={anime.id}>
          <AnimeCard anime={anime} headingLevel={3} sizes={CAROUSEL_COVER_SIZES} note={note} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
