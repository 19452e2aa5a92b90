'use client';

import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { AnimeCard } from '@/components/anime/anime-card';
import { useAdultListing } from '@/components/auth/use-adult-listing';
import { buttonClass } from '@/components/ui/button';
import type { ApiParams } from '@/lib/api-client';
import type { Anime } from '@/lib/jikan/types';
import { CAROUSEL_COVER_SIZES, CarouselFrame, SLIDE_WIDTH_CLASS } from './carousel-frame';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import type SwiperTrackComponent from './swiper-track';

type SwiperTrackType = typeof SwiperTrackComponent;

/**
 * Swiper is fetched once, after hydration, by the first carousel that mounts (issue 15: it stays
 * out of the first-load JavaScript even on the home page).
 */
let swiperTrack: Promise<SwiperTrackType> | null = null;
function loadSwiperTrack(): Promise<SwiperTrackType> {
  swiperTrack ??= import('./swiper-track').then((module) => module.default);
  return swiperTrack;
}
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
  const [Track, setTrack] = useState<ComponentType<Parameters<SwiperTrackType>[0]> | null>(null);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const autoplaying = !reducedMotion && !pausedByUser && !focusInside;

  useEffect(() => {
    let live = true;
    loadSwiperTrack().then(
      (component) => live && setTrack(() => component),
      // Offline or a failed chunk: the static row stays, scrollable by hand.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

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
        {Track ? (
          <Track
            // A new list (the full one for an adult, or back after sign-out) gets a fresh Swiper:
            // its loop clones are built for the slides it started with.
            key={fullList ? 'full' : 'rendered'}
            items={items}
            loop={loop}
            onSwiper={setSwiper}
          />
        ) : (
          // Server HTML and first paint: the slides Swiper will show, laid out as it will lay them
          // out (same widths, 20 px gap, same padding), so nothing moves when it takes over.
          <div className="flex gap-5 overflow-hidden px-1 py-2" data-testid="anime-carousel">
            {items.map(({ anime, note }) => (
              <div key={anime.id} className={`shrink-0 ${SLIDE_WIDTH_CLASS}`}>
                <AnimeCard anime={anime} headingLevel={3} sizes={CAROUSEL_COVER_SIZES} note={note} />
              </div>
            ))}
          </div>
        )}
      </div>
    </CarouselFrame>
  );
}
