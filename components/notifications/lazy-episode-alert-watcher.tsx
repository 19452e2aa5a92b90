'use client';

import { Lazy } from '@/components/ui/lazy';

const load = () => import('./episode-alert-watcher').then((module) => module.EpisodeAlertWatcher);

/** Like the season-release watcher: nothing to render, so its code loads after hydration. */
export function EpisodeAlertWatcher() {
  return <Lazy load={load} props={{}} />;
}
