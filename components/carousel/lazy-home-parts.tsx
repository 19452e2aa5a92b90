'use client';

import type { ComponentProps, ReactNode } from 'react';
import { LazyPart } from '@/components/ui/lazy-part';
import type { WithheldNotice } from '@/components/anime/withheld-notice';
import type { CarouselRecovery } from './carousel-recovery';

const loadFavorites = () => import('./favorites-carousel').then((module) => module.FavoritesCarousel);
const loadForYou = () =>
  import('@/components/for-you/for-you-carousel').then((module) => module.ForYouCarousel);
const loadFallbacks = () => import('./listing-fallbacks');
const loadRecovery = () => loadFallbacks().then((module) => module.CarouselRecovery);
const loadWithheld = () => loadFallbacks().then((module) => module.WithheldNotice);

/**
 * 'Meus Animes Favoritos' comes from this browser's storage, so the server draws its skeleton
 * (`fallback`) and its code (the ratings and lists stores, the snapshot loader) loads after
 * hydration, out of the home page's first scripts.
 */
export function LazyFavoritesCarousel({ fallback }: { fallback: ReactNode }) {
  return <LazyPart load={loadFavorites} props={{}} fallback={fallback} />;
}

/**
 * The home page's 'Para você' row comes from this browser's ratings and lists, and shows nothing
 * until there is something to suggest: its code (the stores, the scoring, the recommendation
 * loader) loads after hydration, out of the home page's first scripts.
 */
export function LazyForYouCarousel() {
  return <LazyPart load={loadForYou} props={{}} fallback={null} />;
}

/**
 * The parts of a home listing drawn only when Jikan fails or the offline catalogue withholds
 * records: the server draws their look (`fallback`, the retry button disabled until it can act)
 * and their code loads on the pages that show them, not in every home page's first scripts.
 */
export function LazyCarouselRecovery({
  fallback,
  ...props
}: ComponentProps<typeof CarouselRecovery> & { fallback: ReactNode }) {
  return <LazyPart load={loadRecovery} props={props} fallback={fallback} />;
}

export function LazyWithheldNotice({
  fallback,
  ...props
}: ComponentProps<typeof WithheldNotice> & { fallback: ReactNode }) {
  return <LazyPart load={loadWithheld} props={props} fallback={fallback} />;
}
