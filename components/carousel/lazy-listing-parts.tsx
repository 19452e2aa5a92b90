'use client';

import type { ComponentProps, ReactNode } from 'react';
import { Lazy } from '@/components/ui/lazy';
import type { WithheldNotice } from '@/components/anime/withheld-notice';
import type { CarouselRecovery } from './carousel-recovery';

const loadRecovery = () => import('./carousel-recovery').then((module) => module.CarouselRecovery);
const loadWithheld = () =>
  import('@/components/anime/withheld-notice').then((module) => module.WithheldNotice);

/**
 * The parts of a home listing drawn only when Jikan fails or the offline catalogue withholds
 * records: the server draws their look (`fallback`, the retry button disabled until it can act)
 * and their code loads on the pages that show them, not in every home page's first scripts.
 */
export function LazyCarouselRecovery({
  fallback,
  ...props
}: ComponentProps<typeof CarouselRecovery> & { fallback: ReactNode }) {
  return <Lazy load={loadRecovery} props={props} fallback={fallback} />;
}

export function LazyWithheldNotice({
  fallback,
  ...props
}: ComponentProps<typeof WithheldNotice> & { fallback: ReactNode }) {
  return <Lazy load={loadWithheld} props={props} fallback={fallback} />;
}
