import Swiper from 'swiper';
import { A11y, Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper/types';

/** SPEC §2/§9 carousel behaviour. */
const AUTOPLAY_DELAY_MS = 2500;
const SPACE_BETWEEN = 20;
const BREAKPOINTS = {
  320: { slidesPerView: 1.2 },
  640: { slidesPerView: 2.2 },
  1024: { slidesPerView: 4 },
} as const;

/**
 * Starts Swiper (core; its stylesheet is in app/globals.css) on a carousel row already in the
 * page: the server's `.swiper > .swiper-wrapper > .swiper-slide` markup, rendered and hydrated by
 * React. Swiper takes the slides over where they are (classes, inline sizes, loop order), so no
 * card is rendered again. Loaded by AnimeCarousel when the row comes near the screen, so Swiper
 * (~29 kB gzipped) is never part of the home page's first-load JavaScript.
 */
export function startSwiper(element: HTMLElement, { loop, autoplay }: { loop: boolean; autoplay: boolean }): SwiperInstance {
  return new Swiper(element, {
    modules: [Autoplay, A11y],
    loop,
    // Swiper ignores an arrow pressed while a looped row still moves (300 ms): a fan's second tap
    // of 'Anterior' or 'Próximo' would be lost. Each press moves the row.
    loopPreventsSliding: false,
    rewind: !loop,
    spaceBetween: SPACE_BETWEEN,
    slidesPerView: 1,
    breakpoints: BREAKPOINTS,
    // Started and stopped by AnimeCarousel (reduced motion, the pause button, keyboard focus).
    autoplay: { enabled: autoplay, delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false },
    a11y: { enabled: true, slideRole: 'group' },
  });
}
