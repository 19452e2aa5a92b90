import { beforeEach, describe, expect, it } from 'vitest';
import { useNotificationsStore } from '@/lib/stores/notifications-store';
import {
  dueEpisodes,
  EPISODE_ALERTS_KEY,
  readSeenAirings,
  runEpisodeCheck,
  type WatchedShow,
} from './episode-check';

const show: WatchedShow = {
  id: 90102,
  title: 'Tsukiyo no Pan-ya',
  episodes: 12,
  broadcast: { day: 1, time: '00:05', timezone: 'Asia/Tokyo', startDate: '2025-10-05' },
};
// Episode 2 airs 2025-10-12T15:05Z, episode 3 a week later.
const at = (iso: string) => Date.parse(iso);

describe('dueEpisodes', () => {
  it('starts the clock of an anime seen for the first time, announcing nothing', () => {
    const now = at('2025-10-12T15:10:00Z');
    expect(dueEpisodes([show], {}, now)).toEqual({ due: [], seen: { [show.id]: now } });
  });

  it('announces each episode that aired since, once', () => {
    const first = dueEpisodes([show], { [show.id]: at('2025-10-12T15:00:00Z') }, at('2025-10-12T15:06:00Z'));
    expect(first.due.map((entry) => [entry.at, entry.episode])).toEqual([[at('2025-10-12T15:05:00Z'), 2]]);
    const again = dueEpisodes([show], first.seen, at('2025-10-12T15:07:00Z'));
    expect(again.due).toEqual([]);
  });

  it('catches up with what aired while the app was closed, and forgets shows no longer watched', () => {
    const { due, seen } = dueEpisodes([show], { [show.id]: at('2025-10-12T00:00:00Z'), 21: 5 }, at('2025-10-27T00:00:00Z'));
    expect(due.map((entry) => entry.episode)).toEqual([2, 3, 4]);
    expect(Object.keys(seen)).toEqual([String(show.id)]);
  });
});

describe('runEpisodeCheck', () => {
  beforeEach(() => {
    const values = new Map<string, string>();
    Object.defineProperty(globalThis, 'window', {
      configurable: true,
      value: {
        localStorage: {
          getItem: (key: string) => values.get(key) ?? null,
          setItem: (key: string, value: string) => values.set(key, value),
          removeItem: (key: string) => values.delete(key),
        },
      },
    });
    useNotificationsStore.setState({ notifications: [] });
  });

  it('adds one notice per aired episode and records it, so a second run adds none', async () => {
    window.localStorage.setItem(EPISODE_ALERTS_KEY, JSON.stringify({ [show.id]: at('2025-10-12T15:00:00Z') }));
    const announced: number[] = [];
    const deps = {
      shows: async () => [show],
      text: (anime: string, episode: number | null) => ({ title: `Episódio novo de ${anime}`, message: `#${episode}` }),
      announce: (due: { episode: number | null }[]) => announced.push(due.length),
      now: () => at('2025-10-12T15:06:00Z'),
    };
    expect(await runEpisodeCheck(deps)).toBe(1);
    expect(await runEpisodeCheck(deps)).toBe(0);
    const notices = useNotificationsStore.getState().notifications;
    expect(notices.map((notice) => [notice.type, notice.title, notice.data.episode])).toEqual([
      ['newEpisode', 'Episódio novo de Tsukiyo no Pan-ya', 2],
    ]);
    expect(announced).toEqual([1]);
    expect(readSeenAirings()[show.id]).toBe(at('2025-10-12T15:06:00Z'));
  });
});
