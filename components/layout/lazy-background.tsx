'use client';

import { LazyPart } from '@/components/ui/lazy-part';

const load = () => import('./background').then((module) => module.default);

/**
 * The service worker's client, the notification checks and the toast container (Background):
 * nothing a first paint or a first tap needs, so their code loads after hydration, as one module.
 * Drawn where the worker's notices belong, under the header.
 */
export function LazyBackground() {
  return <LazyPart load={load} props={{}} />;
}
