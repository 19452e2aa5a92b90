'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { animeTitle } from '@/lib/anime-display';
import { showDesktopNotification } from '@/lib/desktop-notifications';
import { logger } from '@/lib/logger';
import { EPISODE_CHECK_INTERVAL_MS, runEpisodeCheck, type WatchedShow } from '@/lib/notifications/episode-check';
import { newEpisodeText } from './notification-text';

/** As the season check: the first look waits for the page to settle, then for an idle moment. */
const EPISODE_CHECK_SETTLE_MS = 4000;

/** The Watching list's anime with a known broadcast slot (kept in each entry's snapshot). */
async function watchedShows(locale: string): Promise<WatchedShow[]> {
  const { useListsStore } = await import('@/lib/stores/lists-store');
  const { lists, entries } = useListsStore.getState();
  return lists.WATCHING.flatMap((id) => {
    const snapshot = entries[id]?.snapshot;
    if (!snapshot?.broadcast) return [];
    return [{ id, title: animeTitle(snapshot, locale) ?? String(id), broadcast: snapshot.broadcast, episodes: snapshot.episodes }];
  });
}

/**
 * New-episode alerts: on load, every minute while the app is open, and when the
 * Watching list changes, a notice for each Watching episode that has aired (once per episode),
 * plus a desktop notification when allowed. Renders nothing.
 */
export function EpisodeAlertWatcher() {
  const t = useTranslations('Notifications');
  const locale = useLocale();
  const tRef = useRef({ t, locale });
  useEffect(() => {
    tRef.current = { t, locale };
  }, [t, locale]);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    const check = () => {
      const { t: tr, locale: lang } = tRef.current;
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
    const idle = 'requestIdleCallback' in window;
    let idleHandle: number | undefined;
    const settle = window.setTimeout(() => {
      if (idle) idleHandle = window.requestIdleCallback(() => void first(), { timeout: 3000 });
      else void first();
    }, EPISODE_CHECK_SETTLE_MS);
    const timer = window.setInterval(check, EPISODE_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(settle);
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      window.clearInterval(timer);
      unsubscribe?.();
    };
  }, []);

  return null;
}
