'use client';

import dynamic from 'next/dynamic';

/**
 * The season-release check renders nothing and has nothing to do before the page is interactive,
 * so its code (API client, notices, desktop notifications) loads after hydration.
 */
export const SeasonReleaseWatcher = dynamic(
  () => import('./season-release-watcher').then((module) => module.SeasonReleaseWatcher),
  { ssr: false },
);
