'use client';

import { useEffect } from 'react';
import { animeTitle } from '@/lib/anime-display';
import { showDesktopNotification } from '@/lib/desktop-notifications';
import { logger } from '@/lib/logger';
import { scheduleChecks } from '@/lib/notifications/check-schedule';
import {
  EPISODE_CHECK_INTERVAL_MS,
  runEpisodeCheck,
  type WatchedShow,
} from '@/lib/notifications/episode-check';
import { newEpisodeText } from './notification-text';
import { useNotificationText } from './use-notification-text';

/** As the season check: the first look waits for the page to settle, then for an idle moment. */
const EPISODE_CHECK_SETTLE_MS = 4000;

/** The Watching list's anime with a known broadcast slot (kept in each entry's snapshot). */
async function watchedShows(locale: string): Promise<WatchedShow[]> {
  const { useListsStore } = await import('@/lib/stores/lists-store');
  const { lists, entries } = useListsStore.getState();
  return lists.WATCHING.flatMap((id) => {
    const snapshot = entries[id]?.snapshot;
    if (!snapshot?.broadcast) return [];
    return [
      {
        id,
        title: animeTitle(snapshot, locale) ?? String(id),
        broadcast: snapshot.broadcast,
        episodes: snapshot.episodes,
      },
    ];
  });
}

/**
 * New-episode alerts: on load, every minute while the app is open, and when the
 * Watching list changes, a notice for each Watching episode that has aired (once per episode),
 * plus a desktop notification when allowed. Renders nothing.
 */
export function EpisodeAlertWatcher() {
  const text = useNotificationText();

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    const check = () => {
      const { t: tr, locale: lang } = text.current;
      runEpisodeCheck({
        shows: () => watchedShows(lang),
        text: (anime, episode) => newEpisodeText(anime, episode ?? undefined, tr),
        announce: (due) => {
          const latest = due[due.length - 1];
          if (!latest) return;
          const { title, message } = newEpisodeText(latest.show.title, latest.episode ?? undefined, tr);
          showDesktopNotification(title, message, `/anime/${latest.show.id}`);
        },
      }).catch((error: unknown) => {
        logger.warn('New-episode check failed', { error: String(error) }, 'notifications');
      });
    };
    const first = async () => {
      check();
      // A show just added to Watching starts its clock at once, not at the next minute.
      const { useListsStore } = await import('@/lib/stores/lists-store');
      if (stopped) return;
      unsubscribe = useListsStore.subscribe((state, previous) => {
        if (state.lists.WATCHING !== previous.lists.WATCHING) check();
      });
    };
    const stop = scheduleChecks({
      settleMs: EPISODE_CHECK_SETTLE_MS,
      intervalMs: EPISODE_CHECK_INTERVAL_MS,
      first: () => void first(),
      check,
    });
    return () => {
      stopped = true;
      stop();
      unsubscribe?.();
    };
  }, [text]);

  return null;
}
