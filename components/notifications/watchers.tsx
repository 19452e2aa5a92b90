'use client';

import { EpisodeAlertWatcher } from './episode-alert-watcher';
import { SeasonReleaseWatcher } from './season-release-watcher';

/** The background checks that raise notifications: new seasons and new episodes. */
export default function Watchers() {
  return (
    <>
      <SeasonReleaseWatcher />
      <EpisodeAlertWatcher />
    </>
  );
}
