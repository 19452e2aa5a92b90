'use client';

import { Lazy } from '@/components/ui/lazy';

const load = () => import('./for-you-carousel').then((module) => module.ForYouCarousel);

/**
 * The home page's 'Para você' row comes from this browser's ratings and lists, and shows nothing
 * until there is something to suggest: its code (the stores, the scoring, the recommendation
 * loader) loads after hydration, out of the home page's first scripts.
 */
export function LazyForYouCarousel() {
  return <Lazy load={load} props={{}} fallback={null} />;
}
