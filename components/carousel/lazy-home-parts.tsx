'use client';

import { useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import { LazyPart } from '@/components/ui/lazy-part';
import { hasStoredSession, useAuthStore } from '@/lib/stores/auth-store';
import { readDeviceHolds } from '@/lib/stores/device-holds';
import { browserStorage } from '@/lib/stores/local-storage';
import { isHydrated, subscribeHydrated } from '@/lib/stores/use-hydrated';
import type { WithheldNotice } from '@/components/anime/withheld-notice';
import type { CarouselRecovery } from './carousel-recovery';

const loadFavorites = () => import('./favorites-carousel').then((module) => module.FavoritesCarousel);
const loadForYou = () =>
  import('@/components/for-you/for-you-carousel').then((module) => module.ForYouCarousel);
const loadFallbacks = () => import('./listing-fallbacks');
const loadRecovery = () => loadFallbacks().then((module) => module.CarouselRecovery);
const loadWithheld = () => loadFallbacks().then((module) => module.WithheldNotice);

/** Bits of `holdsSnapshot`: nothing is known before hydration (the server's view). */
const NOT_READ = -1;
const FAVORITES = 1;
const SEEDS = 2;

/** What the device holds, as one number (a stable snapshot): its stores, or a session whose library may arrive. */
function holdsSnapshot(): number {
  if (!isHydrated()) return NOT_READ;
  const storage = browserStorage();
  if (hasStoredSession(storage ?? undefined)) return FAVORITES | SEEDS;
  const held = readDeviceHolds(storage);
  return (held.favorites ? FAVORITES : 0) | (held.seeds ? SEEDS : 0);
}

/** Read again once the page has hydrated and when another tab changes storage. */
function subscribeHolds(onChange: () => void): () => void {
  const unsubscribe = subscribeHydrated(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Which personal sections the device's stores will show, read from storage without the stores'
 * code: NOT_READ until hydration, then FAVORITES and SEEDS bits. A signed-in fan counts as holding
 * both, since the library sync may fill the stores at any moment.
 */
function useDeviceHolds(): number {
  const held = useSyncExternalStore(subscribeHolds, holdsSnapshot, () => NOT_READ);
  const signedIn = useAuthStore((state) => state.user !== null);
  return held !== NOT_READ && signedIn ? FAVORITES | SEEDS : held;
}

/**
 * 'Meus Animes Favoritos' comes from this browser's storage, so the server draws its skeleton
 * (`fallback`) and its empty state (`empty`, 'Você ainda não avaliou…'). Its code (the ratings
 * and lists stores, the snapshot loader) loads after hydration, out of the home page's first
 * scripts, and only when the device holds a rating of 4 or 5: a visitor who has none sees the
 * server's empty state and downloads none of it.
 */
export function LazyFavoritesCarousel({ fallback, empty }: { fallback: ReactNode; empty: ReactNode }) {
  const held = useDeviceHolds();
  if (held === NOT_READ) return fallback;
  if (!(held & FAVORITES)) return empty;
  return <LazyPart load={loadFavorites} props={{}} fallback={fallback} />;
}

/**
 * The home page's 'Para você' row comes from this browser's ratings and lists, and shows nothing
 * until there is something to suggest: its code (the stores, the scoring, the recommendation
 * loader) loads after hydration, and only when the device holds a seed (a rating of 4 or 5, a
 * Completed or Watching entry); a visitor with none downloads none of it.
 */
export function LazyForYouCarousel() {
  const held = useDeviceHolds();
  return <LazyPart load={loadForYou} props={{}} when={held !== NOT_READ && (held & SEEDS) !== 0} />;
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
