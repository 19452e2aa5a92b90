'use client';

import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { AnimeCard } from '@/components/anime/anime-card';
import { useAdultListing } from '@/components/auth/use-adult-listing';
import { buttonClass } from '@/components/ui/button';
import type { ApiParams } from '@/lib/api-client';
import type { Anime } from '@/lib/jikan/types';
import { CAROUSEL_COVER_SIZES, CarouselFrame } from './carousel-frame';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
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
 * Swiper's loop needs more slides than fit on screen plus one group; below this the carousel
 * rewinds to the start instead of wrapping (a handful of favourites, say).
 */
const MIN_SLIDES_FOR_LOOP = 8;

export interface CarouselItem {
  anime: Anime;
  /** Extra line on the card, e.g. 'Sua nota: 5/5'. */
  note?: ReactNode;
}

/**
 * A loaded home carousel (SPEC §2): loops, autoplays every 2500 ms and keeps doing so after the
 * user swipes, drags or uses the arrows (disableOnInteraction: false). Departures for
 * accessibility: no autoplay for users who ask for reduced motion, a pause button (WCAG 2.2.2),
 * and a pause while keyboard focus is on a card, so the focused card never slides away.
 */
export function AnimeCarousel({
  title,
  subtitle,
  items: renderedItems,
  adultSource,
}: {
  title: string;
  subtitle: ReactNode;
  items: readonly CarouselItem[];
  /**
   * The API listing this carousel shows: for a verified adult the full list (adult records
   * included) is fetched from it after sign-in and replaces the anonymous one (SPEC §6).
   */
  adultSource?: { path: string; params: ApiParams };
}) {
  const t = useTranslations('Carousel');
  const fullList = useAdultListing(adultSource?.path ?? '', adultSource?.params ?? {}, !!adultSource);
  const items: readonly CarouselItem[] = fullList ? fullList.map((anime) => ({ anime })) : renderedItems;
  if (fullList) subtitle = t('foundCount', { count: fullList.length });
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const autoplaying = !reducedMotion && !pausedByUser && !focusInside;

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (autoplaying && !swiper.autoplay.running) swiper.autoplay.start();
    if (!autoplaying && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiper, autoplaying]);

  const loop = items.length >= MIN_SLIDES_FOR_LOOP;
  const controls = (
    <>
      <button
        type="button"
        className={buttonClass('ghost', 'icon')}
        aria-label={t('previous')}
        onClick={() => swiper?.slidePrev()}
      >
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      {!reducedMotion && (
        <button
          type="button"
          className={buttonClass('ghost', 'icon')}
          aria-label={pausedByUser ? t('play') : t('pause')}
          onClick={() => setPausedByUser((paused) => !paused)}
        >
          {pausedByUser ? <Play aria-hidden className="size-5" /> : <Pause aria-hidden className="size-5" />}
        </button>
      )}
      <button
        type="button"
        className={buttonClass('ghost', 'icon')}
        aria-label={t('next')}
        onClick={() => swiper?.slideNext()}
      >
        <ChevronRight aria-hidden className="size-5" />
      </button>
    </>
  );

  return (
    <CarouselFrame title={title} subtitle={subtitle} controls={controls}>
      <div
        // The Swiper's padding (room for the hover lift and focus ring) is pulled back out, so the
        // cards line up with the heading.
        className="-mx-1"
        onFocus={() => setFocusInside(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
        }}
      >
        <Swiper
          // A new list (the full one for an adult, or back after sign-out) gets a fresh Swiper:
          // its loop clones are built for the slides it started with.
          key={fullList ? 'full' : 'rendered'}
          className="anime-carousel"
          modules={[Autoplay, A11y]}
          loop={loop}
          rewind={!loop}
          spaceBetween={SPACE_BETWEEN}
          slidesPerView={1}
          breakpoints={BREAKPOINTS}
          autoplay={{ delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false }}
          a11y={{ enabled: true, slideRole: 'group' }}
          onSwiper={setSwiper}
          data-testid="anime-carousel"
        >
          {items.map(({ anime, note }) => (
            <SwiperSlide key={anime.id}>
              <AnimeCard anime={anime} headingLevel={3} sizes={CAROUSEL_COVER_SIZES} note={note} />
            </SwiperSlide>
          ))}
        </Swiper>
      </div>
    </CarouselFrame>
  );
}
