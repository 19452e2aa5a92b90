'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import type { CarouselIcons } from '@/components/ui/control-icons';
import { useAdultListing } from '@/components/auth/use-adult-listing';
import { buttonClass } from '@/components/ui/button';
import { useLoaded } from '@/components/ui/lazy-part';
import type { ApiParams } from '@/lib/api-client';
import { CarouselFrame } from './carousel-frame';
import type { CarouselItem } from './carousel-slides';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import type { startSwiper as StartSwiper } from './swiper-start';
import { countValues } from '@/lib/i18n/format-count';

/**
 * Swiper is fetched once, after hydration, by the first carousel that comes near the screen
 * (it stays out of the first-load JavaScript even on the home page).
 */
let swiperModule: Promise<typeof StartSwiper> | null = null;
function loadSwiper(): Promise<typeof StartSwiper> {
  swiperModule ??= import('./swiper-start').then((module) => module.startSwiper);
  return swiperModule;
}

/**
 * Carousels take over from their server HTML one at a time, each when the browser is idle: a
 * Swiper measures every slide as it starts (~100 ms on a throttled phone), and three at once made
 * one long task that held up the first tap.
 */
let takeOverTurn: Promise<unknown> = Promise.resolve();
function nextTakeOverTurn(): Promise<void> {
  const turn = takeOverTurn
    // A task of its own after the previous carousel's start (idle callbacks can share one task).
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 1500 });
          else setTimeout(resolve, 50);
        }),
    );
  takeOverTurn = turn;
  return turn;
}

/** How far off screen a carousel starts its Swiper: a screen ahead, so it is ready when seen. */
const NEAR_SCREEN_MARGIN = '100% 0px';
/**
 * Swiper's loop needs more slides than fit on screen plus one group; below this the carousel
 * rewinds to the start instead of wrapping (a handful of favourites, say).
 */
const MIN_SLIDES_FOR_LOOP = 8;

/** The cards' code, for a list that arrives in the browser (the server draws the others). */
const loadSlides = () => import('./carousel-slides').then((module) => module.carouselSlides);

/**
 * A loaded home carousel (SPEC §2): loops, autoplays every 2500 ms and keeps doing so after the
 * user swipes, drags or uses the arrows (disableOnInteraction: false). Departures for
 * accessibility: no autoplay for users who ask for reduced motion, a pause button (WCAG 2.2.2),
 * and a pause while keyboard focus is on a card, so the focused card never slides away.
 */
export function AnimeCarousel({
  title,
  subtitle,
  slides: drawnSlides,
  count: drawnCount,
  adultSource,
  icons,
}: {
  /** The controls' icons (components/ui/control-icons.tsx carouselIcons). */
  icons: CarouselIcons;
  title: string;
  subtitle: ReactNode;
  /** The slides (CarouselSlides), drawn where the list is known: on the server for listings. */
  slides: ReactNode;
  /** How many slides `slides` holds. */
  count: number;
  /**
   * The API listing this carousel shows: for a verified adult the full list (adult records
   * included) is fetched from it after sign-in and replaces the anonymous one (SPEC §6).
   */
  adultSource?: { path: string; params: ApiParams };
}) {
  const t = useTranslations('Carousel');
  const locale = useLocale();
  const fetched = useAdultListing(adultSource?.path ?? '', adultSource?.params ?? {}, !!adultSource);
  const slidesFor = useLoaded(loadSlides, fetched !== null);
  // The full list replaces the drawn one once the cards' code is here.
  const fullList = slidesFor ? fetched : null;
  if (fullList) subtitle = t('foundCount', countValues(fullList.length, locale));
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const autoplaying = !reducedMotion && !pausedByUser && !focusInside;

  const rowRef = useRef<HTMLDivElement>(null);
  /** An arrow pressed before Swiper took over: done as soon as it has. */
  const pendingMove = useRef<'prev' | 'next' | null>(null);
  const [wanted, setWanted] = useState(false);

  // Swiper is wanted once the carousel comes near the screen (or an arrow is pressed).
  useEffect(() => {
    const row = rowRef.current;
    if (wanted || !row) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setWanted(true);
        }
      },
      { rootMargin: NEAR_SCREEN_MARGIN },
    );
    observer.observe(row);
    return () => observer.disconnect();
  }, [wanted]);

  const autoplayingRef = useRef(autoplaying);
  useEffect(() => {
    autoplayingRef.current = autoplaying;
  }, [autoplaying]);

  const count = fullList ? fullList.length : drawnCount;
  const loop = count >= MIN_SLIDES_FOR_LOOP;
  // Another list (the full one for an adult, or back after sign-out) is a new row with a fresh
  // Swiper: Swiper owns the order of the slides it started with.
  const listKey = fullList ? 'full' : 'rendered';
  useEffect(() => {
    const track = rowRef.current?.querySelector<HTMLElement>('.swiper');
    if (!wanted || !track) return;
    let live = true;
    let instance: SwiperInstance | null = null;
    // The turn is taken once the module is here, so its evaluation and a Swiper's start are two
    // tasks, not one.
    loadSwiper()
      .then((startSwiper) => nextTakeOverTurn().then(() => startSwiper))
      .then(
        (startSwiper) => {
          if (!live || !track.isConnected) return;
          instance = startSwiper(track, { loop, autoplay: autoplayingRef.current });
          setSwiper(instance);
          const move = pendingMove.current;
          pendingMove.current = null;
          if (move === 'next') instance.slideNext();
          if (move === 'prev') instance.slidePrev();
        },
        // Offline or a failed chunk: the row stays as the server drew it, scrollable by hand.
        () => undefined,
      );
    return () => {
      live = false;
      // Puts the slides back in their order, without Swiper's classes and styles, before React
      // replaces the list (a new list gets a fresh Swiper: its loop is built for its slides).
      instance?.destroy(true, true);
      setSwiper(null);
    };
  }, [wanted, listKey, loop]);

  const move = (direction: 'prev' | 'next') => {
    if (swiper && !swiper.destroyed) {
      if (direction === 'next') swiper.slideNext();
      else swiper.slidePrev();
      return;
    }
    pendingMove.current = direction;
    setWanted(true);
  };

  useEffect(() => {
    if (!swiper || swiper.destroyed) return;
    if (autoplaying && !swiper.autoplay.running) swiper.autoplay.start();
    if (!autoplaying && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiper, autoplaying]);

  // The cards re-render with the list only, not with the carousel's own state: the reduced-motion
  // preference is known only after hydration (one more render of the carousel, at once), and
  // Swiper's start and the focus tracking re-render it too. Re-rendering 10 cards each time was
  // ~80 ms of one long task at 4× CPU on the home page.
  const slides = useMemo(
    () =>
      fullList && slidesFor ? slidesFor(fullList.map((anime): CarouselItem => ({ anime }))) : drawnSlides,
    [fullList, slidesFor, drawnSlides],
  );

  const controls = (
    <>
      <button
        type="button"
        className={buttonClass('ghost', 'icon')}
        aria-label={t('previous')}
        onClick={() => move('prev')}
      >
        {icons.previous}
      </button>
      {/* In the server HTML too, hidden by CSS for visitors who ask for reduced motion (no
          autoplay, nothing to pause): added at hydration it widened the controls, and on a phone
          the heading beside them wrapped and pushed the carousel down (CLS 0.025). */}
      <button
        type="button"
        className={buttonClass('ghost', 'icon', 'motion-reduce:hidden')}
        aria-label={pausedByUser ? t('play') : t('pause')}
        onClick={() => setPausedByUser((paused) => !paused)}
      >
        {pausedByUser ? icons.play : icons.pause}
      </button>
      <button
        type="button"
        className={buttonClass('ghost', 'icon')}
        aria-label={t('next')}
        onClick={() => move('next')}
      >
        {icons.next}
      </button>
    </>
  );

  return (
    <CarouselFrame title={title} subtitle={subtitle} controls={controls}>
      <div
        // The Swiper's padding (room for the hover lift and focus ring) is pulled back out, so the
        // cards line up with the heading.
        className="-mx-1"
        ref={rowRef}
        onFocus={() => setFocusInside(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocusInside(false);
        }}
      >
        {/* Server HTML and first paint: the markup Swiper takes over, laid out as it will lay it
            out (same widths, 20 px gap, same padding), so nothing moves when it starts. */}
        <div
          key={listKey}
          className="swiper anime-carousel overflow-hidden px-1 py-2"
          data-testid="anime-carousel"
        >
          <div className="swiper-wrapper flex gap-5">{slides}</div>
        </div>
      </div>
    </CarouselFrame>
  );
}
