'use client';

// The home listings' failure and offline parts, one module for LazyCarouselRecovery and
// LazyWithheldNotice to load.
export { CarouselRecovery } from './carousel-recovery';
export { WithheldNotice } from '@/components/anime/withheld-notice';
