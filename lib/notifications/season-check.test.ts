// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testAnime } from '@/lib/jikan/test-anime';
import { DEFAULT_PREFERENCES, useNotificationsStore } from '@/lib/stores/notifications-store';
import { runSeasonCheck } from './season-check';

const season = Array.from({ length: 8 }, (_, index) => testAnime({ id: index + 1, title: `S${index + 1}` }));
const text = (reason: string, anime: string) => ({ title: reason, message: `${anime} is out` });

beforeEach(() => {
  localStorage.clear();
  useNotificationsStore.setState({ notifications: [], preferences: { ...DEFAULT_PREFERENCES }, lastSeasonCheck: null });
});

describe('runSeasonCheck', () => {
  it('adds one notice for each of the first 5 season anime, first on top, once per calendar day', async () => {
    const fetchSeason = vi.fn(async () => season);
    const announce = vi.fn();
    const morning = () => new Date(2026, 10, 23, 8, 0);
    expect(await runSeasonCheck({ fetchSeason, text, announce, now: morning })).toBe(5);
    const list = useNotificationsStore.getState().notifications;
    expect(list.map((n) => n.data.animeTitle)).toEqual(['S1', 'S2', 'S3', 'S4', 'S5']);
    expect(list[0]).toMatchObject({ type: 'seasonRelease', message: 'S1 is out', data: { animeId: 1, actionUrl: '/anime/1', reason: 'season' } });
    expect(announce).toHaveBeenCalledTimes(1);

    expect(await runSeasonCheck({ fetchSeason, text, announce, now: () => new Date(2026, 10, 23, 23, 59) })).toBe(0);
    expect(fetchSeason).toHaveBeenCalledTimes(1);

    expect(await runSeasonCheck({ fetchSeason, text, announce, now: () => new Date(2026, 10, 24, 0, 1) })).toBe(5);
    expect(useNotificationsStore.getState().notifications).toHaveLength(10);
    expect(useNotificationsStore.getState().lastSeasonCheck).toBe('2026-11-24');
  });

  it('tells about the Watching list and favourites found in the season, per preference', async () => {
    const personal = vi.fn(async () => ({ watching: [7], favorites: [8, 7, 99] }));
    expect(await runSeasonCheck({ fetchSeason: async () => season, personal, text, announce: vi.fn() })).toBe(7);
    const list = useNotificationsStore.getState().notifications;
    expect(list.slice(0, 2).map((n) => [n.data.animeId, n.data.reason, n.title])).toEqual([
      [7, 'watching', 'watching'],
      [8, 'favorite', 'favorite'],
    ]);
    expect(list.slice(2).every((n) => n.data.reason === 'season')).toBe(true);

    useNotificationsStore.setState({ notifications: [], lastSeasonCheck: null });
    useNotificationsStore.getState().setPreference('seasonReleases', false);
    useNotificationsStore.getState().setPreference('newEpisodes', false);
    expect(await runSeasonCheck({ fetchSeason: async () => season, personal, text, announce: vi.fn() })).toBe(2);
    expect(useNotificationsStore.getState().notifications.map((n) => n.data.reason)).toEqual(['favorite', 'favorite']);
  });

  it('does nothing when all three season preferences are off', async () => {
    useNotificationsStore.getState().setPreference('seasonReleases', false);
    useNotificationsStore.getState().setPreference('newEpisodes', false);
    useNotificationsStore.getState().setPreference('favoritesUpdates', false);
    const fetchSeason = vi.fn(async () => season);
    expect(await runSeasonCheck({ fetchSeason, text, announce: vi.fn() })).toBe(0);
    expect(fetchSeason).not.toHaveBeenCalled();
  });

  it('leaves the day unchecked when the fetch fails, so the next run retries', async () => {
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(runSeasonCheck({ fetchSeason: failing, text, announce: vi.fn() })).rejects.toThrow('down');
    expect(useNotificationsStore.getState().lastSeasonCheck).toBeNull();
    expect(await runSeasonCheck({ fetchSeason: async () => season, text, announce: vi.fn() })).toBe(5);
  });
});
