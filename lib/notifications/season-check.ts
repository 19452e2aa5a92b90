import type { Anime } from '@/lib/jikan/types';
import { localDateKey, useNotificationsStore, type SeasonNoticeReason } from '@/lib/stores/notifications-store';

/** SPEC §9: checked every 30 minutes while the app is open, notified once per calendar day. */
export const SEASON_CHECK_INTERVAL_MS = 30 * 60 * 1000;
/** SPEC §9: a notice for at most the first 5 season anime. */
export const SEASON_NOTICE_LIMIT = 5;

export type SeasonCheckDeps = {
  fetchSeason: () => Promise<Anime[]>;
  /** The user's Watching list and favourites (rated 4 or more); asked only when those preferences are on. */
  personal?: () => Promise<{ watching: number[]; favorites: number[] }>;
  text: (reason: SeasonNoticeReason, anime: string) => { title: string; message: string };
  /** Called once with the anime that were announced (desktop notice). */
  announce: (announced: Anime[]) => void;
  now?: () => Date;
};

let running = false;

/**
 * One run of the daily season check. Preferences decide what it says: seasonReleases the first 5
 * season anime, newEpisodes the season anime on the user's Watching list (they are airing now),
 * favoritesUpdates the user's favourites found in the season. Nothing runs when all three are off
 * or when today's check already happened (in this tab or another); a failed fetch leaves the day
 * unchecked so the next run tries again. Answers how many notices it added.
 */
export async function runSeasonCheck({ fetchSeason, personal, text, announce, now = () => new Date() }: SeasonCheckDeps) {
  const store = useNotificationsStore;
  const today = localDateKey(now());
  const { preferences, lastSeasonCheck } = store.getState();
  const wanted = preferences.seasonReleases || preferences.newEpisodes || preferences.favoritesUpdates;
  if (!wanted || lastSeasonCheck === today || running) return 0;
  running = true;
  try {
    const season = (await fetchSeason()).filter((entry) => entry.title);
    const mine = personal && (preferences.newEpisodes || preferences.favoritesUpdates) ? await personal() : null;
    // Another tab (or the preferences) may have changed while the requests were in flight.
    const current = store.getState();
    if (current.lastSeasonCheck === today) return 0;
    const prefs = current.preferences;
    const notices: { anime: Anime; reason: SeasonNoticeReason }[] = [];
    const watching = new Set(mine?.watching ?? []);
    const favorites = new Set(mine?.favorites ?? []);
    for (const anime of season) {
      if (prefs.newEpisodes && watching.has(anime.id)) notices.push({ anime, reason: 'watching' });
      else if (prefs.favoritesUpdates && favorites.has(anime.id)) notices.push({ anime, reason: 'favorite' });
    }
    if (prefs.seasonReleases) {
      for (const anime of season.slice(0, SEASON_NOTICE_LIMIT)) notices.push({ anime, reason: 'season' });
    }
    current.setLastSeasonCheck(today);
    // Added last to first, so the list reads in this order, newest first.
    for (const { anime, reason } of [...notices].reverse()) {
      const title = anime.title ?? '';
      current.add({
        type: 'seasonRelease',
        ...text(reason, title),
        data: { animeId: anime.id, animeTitle: title, actionUrl: `/anime/${anime.id}`, reason },
      });
    }
    if (notices.length > 0) announce(notices.map((notice) => notice.anime));
    return notices.length;
  } finally {
    running = false;
  }
}
