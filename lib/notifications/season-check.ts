import type { Anime } from '@/lib/jikan/types';
import { localDateKey, useNotificationsStore } from '@/lib/stores/notifications-store';

/** SPEC §9: checked every 30 minutes while the app is open, notified once per calendar day. */
export const SEASON_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/** SPEC §9: a notice for at most the first 5 season anime. */
export const SEASON_NOTICE_LIMIT = 5;

export type SeasonCheckDeps = {
  fetchSeason: () => Promise<Anime[]>;
  text: (anime: string) => { title: string; message: string };
  /** Called once with the anime that were announced (toast, sound, desktop notice). */
  announce: (announced: Anime[]) => void;
  now?: () => Date;
};

let running = false;

/**
 * One run of the season-release check. Does nothing when the user turned season releases off or
 * when today's check already happened (in this tab or another); a failed fetch leaves the day
 * unchecked so the next run tries again. Answers how many notices it added.
 */
export async function runSeasonCheck({ fetchSeason, text, announce, now = () => new Date() }: SeasonCheckDeps) {
  const store = useNotificationsStore;
  const today = localDateKey(now());
  const { preferences, lastSeasonCheck } = store.getState();
  if (!preferences.seasonReleases || lastSeasonCheck === today || running) return 0;
  running = true;
  try {
    const anime = (await fetchSeason()).filter((entry) => entry.title).slice(0, SEASON_NOTICE_LIMIT);
    // Another tab (or the preference) may have changed while the request was in flight.
    const current = store.getState();
    if (current.lastSeasonCheck === today || !current.preferences.seasonReleases) return 0;
    current.setLastSeasonCheck(today);
    // Added oldest first so the first season anime ends up on top (newest first).
    for (const entry of [...anime].reverse()) {
      const title = entry.title ?? '';
      current.add({
        type: 'seasonRelease',
        ...text(title),
        data: { animeId: entry.id, animeTitle: title, actionUrl: `/anime/${entry.id}` },
      });
    }
    if (anime.length > 0) announce(anime);
    return anime.length;
  } finally {
    running = false;
  }
}
