'use client';

import dynamic from 'next/dynamic';

/** Like the season-release watcher: nothing to render, so its code loads after hydration. */
export const EpisodeAlertWatcher = dynamic(
  () => import('./episode-alert-watcher').then((module) => module.EpisodeAlertWatcher),
  { ssr: false },
);
