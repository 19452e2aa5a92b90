// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  LAST_SEASON_CHECK_KEY,
  localDateKey,
  MAX_NOTIFICATIONS,
  nextNotificationId,
  NOTIFICATIONS_KEY,
  PREFERENCES_KEY,
  sanitizeNotifications,
  sanitizePreferences,
  unreadCount,
  useNotificationsStore,
  type AppNotification,
} from './notifications-store';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
const store = () => useNotificationsStore.getState();
const season = (title: string) => ({ type: 'seasonRelease' as const, title, message: `${title} message` });

beforeEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  useNotificationsStore.setState({
    notifications: [],
    preferences: { ...DEFAULT_PREFERENCES },
    lastSeasonCheck: null,
  });
});

describe('useNotificationsStore', () => {
  it('adds unread notifications newest first, with unique timestamp ids and an ISO timestamp', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    store().add(season('A'));
    store().add(season('B'));
    const [first, second] = store().notifications;
    expect(first?.title).toBe('B');
    expect(second?.title).toBe('A');
    expect(first?.id).toBeGreaterThan(second?.id ?? Infinity);
    expect(first?.timestamp).toBe('2026-11-23T10:00:00.000Z');
    expect(first?.read).toBe(false);
    expect(unreadCount(store().notifications)).toBe(2);
  });

  it('keeps at most 100, dropping the oldest', () => {
    for (let index = 1; index <= MAX_NOTIFICATIONS + 5; index++) store().add(season(`N${index}`));
    const list = store().notifications;
    expect(list).toHaveLength(MAX_NOTIFICATIONS);
    expect(list[0]?.title).toBe('N105');
    expect(list.at(-1)?.title).toBe('N6');
    expect(stored(NOTIFICATIONS_KEY)).toHaveLength(MAX_NOTIFICATIONS);
  });

  it('marks one or all as read, removes one, clears all', () => {
    const a = store().add(season('A'));
    const b = store().add(season('B'));
    store().add(season('C'));
    store().markRead(a!.id);
    expect(store().notifications.find((n) => n.id === a!.id)?.read).toBe(true);
    expect(unreadCount(store().notifications)).toBe(2);
    store().markAllRead();
    expect(unreadCount(store().notifications)).toBe(0);
    store().remove(b!.id);
    expect(store().notifications.map((n) => n.title)).toEqual(['C', 'A']);
    store().clearAll();
    expect(store().notifications).toEqual([]);
    expect(stored(NOTIFICATIONS_KEY)).toEqual([]);
  });

  it('refuses an unknown type and keeps only same-site action links', () => {
    expect(store().add({ type: 'spam' as never, title: 'x', message: 'y' })).toBeNull();
    const n = store().add({ ...season('A'), data: { actionUrl: 'https://evil.example', animeId: 5 } });
    expect(n?.data).toEqual({ animeId: 5 });
    const m = store().add({ ...season('B'), data: { actionUrl: '/anime/5' } });
    expect(m?.data.actionUrl).toBe('/anime/5');
  });

  it('saves preferences (all true by default) and the last season check', () => {
    expect(store().preferences).toEqual({
      newEpisodes: true,
      seasonReleases: true,
      favoritesUpdates: true,
      soundEnabled: true,
      desktopNotifications: true,
    });
    store().setPreference('soundEnabled', false);
    expect(stored(PREFERENCES_KEY)).toMatchObject({ soundEnabled: false, seasonReleases: true });
    store().setLastSeasonCheck('2026-11-23');
    expect(localStorage.getItem(LAST_SEASON_CHECK_KEY)).toBe('2026-11-23');
  });

  it('reads back what it wrote and survives corrupted keys one by one', async () => {
    localStorage.setItem(NOTIFICATIONS_KEY, '[{"id": 1, "type": "seasonRelease"');
    localStorage.setItem(
      PREFERENCES_KEY,
      JSON.stringify({ soundEnabled: false, desktopNotifications: 'yes' }),
    );
    localStorage.setItem(LAST_SEASON_CHECK_KEY, '2026-11-22');
    await useNotificationsStore.persist.rehydrate();
    expect(store().notifications).toEqual([]);
    expect(store().preferences).toEqual({ ...DEFAULT_PREFERENCES, soundEnabled: false });
    expect(store().lastSeasonCheck).toBe('2026-11-22');
  });

  it('keeps working in memory when storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => store().add(season('A'))).not.toThrow();
    expect(store().notifications).toHaveLength(1);
  });
});

describe('sanitizeNotifications', () => {
  const valid: AppNotification = {
    id: 10,
    type: 'loginRequired',
    title: 'Login Necessário',
    message: 'm',
    data: { requiresLogin: true, animeTitle: 'X' },
    timestamp: '2026-11-23T10:00:00.000Z',
    read: true,
  };

  it('drops malformed entries and duplicates and sorts newest first', () => {
    const list = sanitizeNotifications([
      { ...valid, id: 5 },
      valid,
      { ...valid },
      { ...valid, id: 11, type: 'other' },
      { ...valid, id: 12, timestamp: 'yesterday' },
      { ...valid, id: 13, title: 3 },
      null,
      'x',
    ]);
    expect(list.map((n) => n.id)).toEqual([10, 5]);
  });

  it('answers an empty list for anything but an array', () => {
    for (const value of [null, undefined, 'x', { notifications: [] }])
      expect(sanitizeNotifications(value)).toEqual([]);
  });
});

describe('helpers', () => {
  it('sanitizePreferences fills defaults and ignores non-booleans', () => {
    expect(sanitizePreferences({ newEpisodes: false, soundEnabled: 0 })).toEqual({
      ...DEFAULT_PREFERENCES,
      newEpisodes: false,
    });
    expect(sanitizePreferences('x')).toEqual(DEFAULT_PREFERENCES);
  });

  it('nextNotificationId is the time unless an id already reached it', () => {
    expect(nextNotificationId([], 1000)).toBe(1000);
    expect(nextNotificationId([{ id: 1000 } as AppNotification], 1000)).toBe(1001);
  });

  it('localDateKey uses the local calendar date', () => {
    expect(localDateKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
