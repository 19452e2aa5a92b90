'use client';

import { Lazy } from '@/components/ui/lazy';

const load = () => import('./season-release-watcher').then((module) => module.SeasonReleaseWatcher);

/**
 * The season-release check renders nothing and has nothing to do before the page is interactive,
 * so its code (API client, notices, desktop notifications) loads after hydration.
 */
export function SeasonReleaseWatcher() {
  return <Lazy load={load} props={{}} />;
}
