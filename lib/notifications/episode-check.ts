import type { BroadcastSlot } from '@/lib/jikan/types';
import { airingsBetween, episodeNumberAt } from '@/lib/schedule/airing';
import { useNotificationsStore } from '@/lib/stores/notifications-store';

/**
 * New-episode alerts: while the app is open, each minute, an episode of a Watching
 * anime that has aired since the last look becomes a notice, once. What was looked at is kept per
 * anime in localStorage (`episodeAlerts`: id → instant), so the next visit catches up with what
 * aired meanwhile, and a reload or a second tab announces nothing twice.
 */

export const EPISODE_CHECK_INTERVAL_MS = 60 * 1000;
export const EPISODE_ALERTS_KEY = 'episodeAlerts';
/** After a long absence, at most this many episodes of one anime are announced (the latest). */
export const MAX_CATCH_UP = 5;

export interface WatchedShow {
  id: number;
  title: string;
  broadcast: BroadcastSlot;
  episodes: number | null;
}

/** Per anime id, the instant up to which its airings have been announced. */
export type SeenAirings = Record<number, number>;

export interface DueEpisode {
  show: WatchedShow;
  at: number;
  episode: number | null;
}

/**
 * The episodes due for a notice at `now`, oldest first, and what has been seen after them. An anime
 * seen for the first time only starts its clock: what aired before it was on the list is not new.
 * Anime no longer watched are forgotten, so a return to Watching starts afresh.
 */
export function dueEpisodes(
  shows: readonly WatchedShow[],
  seen: SeenAirings,
  now: number,
): { due: DueEpisode[]; seen: SeenAirings } {
  const due: DueEpisode[] = [];
  const next: SeenAirings = {};
  for (const show of shows) {
    const since = seen[show.id];
    next[show.id] = Math.max(now, since ?? now);
    if (since === undefined || since >= now) continue;
    for (const at of airingsBetween(show.broadcast, show.episodes, since, now, MAX_CATCH_UP)) {
      due.push({ show, at, episode: episodeNumberAt(show.broadcast, at) });
    }
  }
  due.sort((a, b) => a.at - b.at);
  return { due, seen: next };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** What is stored, as valid entries only; anything unreadable counts as nothing seen yet. */
export function readSeenAirings(): SeenAirings {
  try {
    const raw = storage()?.getItem(EPISODE_ALERTS_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const seen: SeenAirings = {};
    for (const [key, at] of Object.entries(value as Record<string, unknown>)) {
      const id = Number(key);
      if (Number.isSafeInteger(id) && id > 0 && typeof at === 'number' && Number.isFinite(at)) seen[id] = at;
    }
    return seen;
  } catch {
    return {};
  }
}

function writeSeenAirings(seen: SeenAirings): void {
  try {
    storage()?.setItem(EPISODE_ALERTS_KEY, JSON.stringify(seen));
  } catch {
    // Blocked or full: this visit still alerts; the next may repeat what it could not record.
  }
}

export interface EpisodeCheckDeps {
  shows: () => Promise<WatchedShow[]>;
  text: (anime: string, episode: number | null) => { title: string; message: string };
  /** Called once with the episodes announced (the desktop notification). */
  announce: (due: DueEpisode[]) => void;
  now?: () => number;
}

/**
 * One look for aired episodes. The seen instants are stored before the notices are added, so a
 * tab reading them next cannot announce the same episode. With the newEpisodes preference off the
 * clocks still move on: turning it back on does not bring back a flood of old episodes.
 */
export async function runEpisodeCheck({ shows, text, announce, now = () => Date.now() }: EpisodeCheckDeps) {
  const watched = await shows();
  const { due, seen } = dueEpisodes(watched, readSeenAirings(), now());
  writeSeenAirings(seen);
  const store = useNotificationsStore.getState();
  if (!store.preferences.newEpisodes || due.length === 0) return 0;
  for (const { show, episode } of due) {
    store.add({
      type: 'newEpisode',
      ...text(show.title, episode),
      data: {
        animeId: show.id,
        animeTitle: show.title,
        actionUrl: `/anime/${show.id}`,
        ...(episode !== null ? { episode } : {}),
      },
    });
  }
  announce(due);
  return due.length;
}
