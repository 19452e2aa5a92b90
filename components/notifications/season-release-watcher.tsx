'use client';

import { useEffect } from 'react';
import { apiGet } from '@/lib/api-client';
import { showDesktopNotification } from '@/lib/desktop-notifications';
import { seasonNoticeText } from './notification-text';
import { useNotificationText } from './use-notification-text';
import type { AnimePage } from '@/lib/jikan/types';
import { countValues } from '@/lib/i18n/format-count';
import { logger } from '@/lib/logger';
import { scheduleChecks } from '@/lib/notifications/check-schedule';
import { runSeasonCheck, SEASON_CHECK_INTERVAL_MS } from '@/lib/notifications/season-check';

/** How long after load the first check waits before looking for an idle moment. */
const SEASON_CHECK_SETTLE_MS = 4000;

/** Same query as Explore's season tab, so both share one cached answer on the server. */
const SEASON_QUERY = { page: 1, limit: 20 };

/** The personal stores load only when a check needs them (once a day), not with every page. */
async function personalIds() {
  const [{ useListsStore }, { useRatingsStore }] = await Promise.all([
    import('@/lib/stores/lists-store'),
    import('@/lib/stores/ratings-store'),
  ]);
  const favorites = Object.entries(useRatingsStore.getState().ratings)
    .filter(([, entry]) => entry.rating >= 4)
    .map(([id]) => Number(id));
  return { watching: [...useListsStore.getState().lists.WATCHING], favorites };
}

/**
 * Season-release check (SPEC §9): on load and every 30 minutes while the app is open, at most once
 * per calendar day, a notice for each of the first 5 anime of the current season (and one desktop
 * notification when allowed). Renders nothing.
 * The season list comes from our own API (cached server-side, adult titles already filtered).
 */
export function SeasonReleaseWatcher() {
  const text = useNotificationText();

  useEffect(() => {
    const check = () => {
      const { t: tr, locale: lang } = text.current;
      runSeasonCheck({
        // Nobody waits for it: behind every page and listing a person opened.
        fetchSeason: async () =>
          (await apiGet<AnimePage>('/api/anime/season', SEASON_QUERY, { background: true })).data,
        personal: personalIds,
        text: (reason, anime) => seasonNoticeText(reason, anime, tr),
        // The bell's count says it in the page; no toast, so a first visit is not greeted by one.
        announce: (anime) => {
          const names = anime.map((entry) => entry.title).join(', ');
          showDesktopNotification(
            tr('seasonToast', countValues(anime.length, lang)),
            names,
            '/explore?tab=seasonal',
          );
        },
      }).catch((error: unknown) => {
        logger.warn('Season-release check failed', { error: String(error) }, 'notifications');
      });
    };
    // The first check waits until the page has settled (SEASON_CHECK_SETTLE_MS) and then for an
    // idle moment: it loads the personal stores and fills the bell, work that must not compete
    // with the page's own start or the visitor's first taps (measured: ~190 ms of main thread on
    // a throttled phone, in the middle of the home page's start).
    return scheduleChecks({
      settleMs: SEASON_CHECK_SETTLE_MS,
      intervalMs: SEASON_CHECK_INTERVAL_MS,
      first: check,
      check,
    });
  }, [text]);

  return null;
}
