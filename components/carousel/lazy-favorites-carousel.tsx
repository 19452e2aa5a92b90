'use client';

import type { ReactNode } from 'react';
import { Lazy } from '@/components/ui/lazy';

const load = () => import('./favorites-carousel').then((module) => module.FavoritesCarousel);

/**
 * 'Meus Animes Favoritos' comes from this browser's storage, so the server draws its skeleton
 * (`fallback`) and its code (the ratings and lists stores, the snapshot loader) loads after
 * hydration, out of the home page's first scripts.
 */
export function LazyFavoritesCarousel({ fallback }: { fallback: ReactNode }) {
  return <Lazy load={load} props={{}} fallback={fallback} />;
}
