/**
 * A carousel's slides, laid out as Swiper lays them out. Apart from CarouselFrame: the home
 * page's first scripts carry the frame (AnimeCarousel), and the slides are drawn on the server or
 * by lazily loaded parts.
 */

/** Carousel slide widths before Swiper measures: the same formula as anime-carousel.css. */
export const SLIDE_WIDTH_CLASS =
  'w-[calc((100%-4px)/1.2)] sm:w-[calc((100%-24px)/2.2)] lg:w-[calc((100%-60px)/4)]';

/** Covers in a carousel: 1.2, 2.2 or 4 per row of the 1280 px page. */
export const CAROUSEL_COVER_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 640px) 44vw, 82vw';
