'use client';

import { Lazy } from '@/components/ui/lazy';

const load = () => import('./background').then((module) => module.default);

/**
 * The service worker's client, the notification checks and the toast container (Background):
 * nothing a first paint or a first tap needs, so their code loads after hydration, as one module.
 * Drawn where the worker's notices belong, under the header.
 */
export function LazyBackground() {
  return <Lazy load={load} props={{}} />;
}
