'use client';

import type { ComponentProps, ReactNode } from 'react';
import { LazyPart } from '@/components/ui/lazy-part';
import type { WithheldNotice } from '@/components/anime/withheld-notice';
import type { CarouselRecovery } from './carousel-recovery';

const loadGates = () => import('./personal-gates');
const loadFavoritesGate = () => loadGates().then((module) => module.FavoritesGate);
const loadForYouGate = () => loadGates().then((module) => module.ForYouGate);
const loadFallbacks = () => import('./listing-fallbacks');
const loadRecovery = () => loadFallbacks().then((module) => module.CarouselRecovery);
const loadWithheld = () => loadFallbacks().then((module) => module.WithheldNotice);

/**
 * 'Meus Animes Favoritos' comes from this browser's storage, so the server draws its skeleton
 * (`fallback`) and its empty state (`empty`, 'Você ainda não avaliou…'). Its code (the ratings
 * and lists stores, the snapshot loader) loads after hydration, out of the home page's first
 * scripts, and only when the device holds a rating of 4 or 5 (personal-gates.tsx, loaded after
 * hydration): a visitor who has none sees the server's empty state and downloads none of it.
 */
export function LazyFavoritesCarousel({ fallback, empty }: { fallback: ReactNode; empty: ReactNode }) {
  return <LazyPart load={loadFavoritesGate} props={{ fallback, empty }} fallback={fallback} />;
}

/**
 * The home page's 'Para você' row comes from this browser's ratings and lists, and shows nothing
 * until there is something to suggest: its code (the stores, the scoring, the recommendation
 * loader) loads after hydration, and only when the device holds a seed (a rating of 4 or 5, a
 * Completed or Watching entry: personal-gates.tsx); a visitor with none downloads none of it.
 */
export function LazyForYouCarousel() {
  return <LazyPart load={loadForYouGate} props={{}} />;
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
