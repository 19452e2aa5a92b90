'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import { LazyPart } from '@/components/ui/lazy-part';
import { hasStoredSession, useAuthStore } from '@/lib/stores/auth-store';
import { browserStorage } from '@/lib/stores/browser-storage';
import { readDeviceHolds } from '@/lib/stores/device-holds';

const loadFavorites = () => import('./favorites-carousel').then((module) => module.FavoritesCarousel);
const loadForYou = () =>
  import('@/components/for-you/for-you-carousel').then((module) => module.ForYouCarousel);

/** Bits of what the device holds (one number: a stable snapshot). */
const FAVORITES = 1;
const SEEDS = 2;

/** What the device holds: its storage, or everything for a stored session (its library may arrive). */
function holdsSnapshot(): number {
  const storage = browserStorage();
  if (hasStoredSession(storage ?? undefined)) return FAVORITES | SEEDS;
  const held = readDeviceHolds(storage);
  return (held.favorites ? FAVORITES : 0) | (held.seeds ? SEEDS : 0);
}

/** Read again when another tab changes storage. */
function subscribeStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * Which personal sections the device's stores will show, read from storage without the stores'
 * code (lib/stores/device-holds.ts). A signed-in fan holds both: the library sync may fill the
 * stores at any moment. This module loads after hydration (lazy-home-parts.tsx), so it reads
 * storage at its first render; the server snapshot is never drawn.
 */
function useDeviceHolds(): number {
  const held = useSyncExternalStore(subscribeStorage, holdsSnapshot, () => 0);
  const signedIn = useAuthStore((state) => state.user !== null);
  return signedIn ? FAVORITES | SEEDS : held;
}

/**
 * 'Meus Animes Favoritos': the carousel's code (the ratings and lists stores, the snapshot loader)
 * loads only when the device holds a rating of 4 or 5; else the server's empty state (`empty`).
 */
export function FavoritesGate({ fallback, empty }: { fallback: ReactNode; empty: ReactNode }) {
  if (!(useDeviceHolds() & FAVORITES)) return empty;
  return <LazyPart load={loadFavorites} props={{}} fallback={fallback} />;
}

/**
 * 'Para você': its code (the stores, the scoring, the recommendation loader) loads only when the
 * device holds a seed (a rating of 4 or 5, a Completed or Watching entry); nothing is drawn else.
 */
export function ForYouGate() {
  return <LazyPart load={loadForYou} props={{}} when={(useDeviceHolds() & SEEDS) !== 0} />;
}
