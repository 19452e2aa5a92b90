import { create } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';

/**
 * In-app notifications and their preferences (SPEC §3 Notification, §4, §9): newest first, at most
 * 100, read one or all, remove one or clear all. Kept in localStorage under three plain keys
 * (`notifications`, `notificationPreferences`, `lastSeasonCheck`) rather than zustand's envelope,
 * so a backup or another tool can read them and a corrupted key loses only itself.
 */

export const NOTIFICATIONS_KEY = 'notifications';
export const PREFERENCES_KEY = 'notificationPreferences';
export const LAST_SEASON_CHECK_KEY = 'lastSeasonCheck';
export const MAX_NOTIFICATIONS = 100;

export const NOTIFICATION_TYPES = [
  'adultContentBlocked',
  'loginRequired',
  'seasonRelease',
  'newEpisode',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Why a seasonRelease notice was made (preferences seasonReleases, newEpisodes, favoritesUpdates). */
export const SEASON_NOTICE_REASONS = ['season', 'watching', 'favorite'] as const;
export type SeasonNoticeReason = (typeof SEASON_NOTICE_REASONS)[number];

export type NotificationData = {
  requiresLogin?: boolean;
  requiresAgeVerification?: boolean;
  actionUrl?: string;
  animeId?: number;
  animeTitle?: string;
  reason?: SeasonNoticeReason;
  /** A newEpisode notice: which episode aired, when the show's first airing is known. */
  episode?: number;
};

export type AppNotification = {
  /** A timestamp in ms, made unique within this browser (SPEC §3). */
  id: number;
  type: NotificationType;
  /** The text as it was when the notification was made; the panel re-renders known types in the current language. */
  title: string;
  message: string;
  data: NotificationData;
  /** ISO date-time. */
  timestamp: string;
  read: boolean;
};

export type NotificationInput = Pick<AppNotification, 'type' | 'title' | 'message'> & {
  data?: NotificationData;
};

export const PREFERENCE_KEYS = [
  'newEpisodes',
  'seasonReleases',
  'favoritesUpdates',
  'soundEnabled',
  'desktopNotifications',
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];
export type NotificationPreferences = Record<PreferenceKey, boolean>;

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  newEpisodes: true,
  seasonReleases: true,
  favoritesUpdates: true,
  soundEnabled: true,
  desktopNotifications: true,
};

type State = {
  notifications: AppNotification[];
  preferences: NotificationPreferences;
  /** Local calendar date (YYYY-MM-DD) of the last season-release check, or null. */
  lastSeasonCheck: string | null;
};
type Actions = {
  /** Adds a notification at the top and answers it (null when the type is unknown). */
  add: (input: NotificationInput) => AppNotification | null;
  markRead: (id: number) => void;
  markAllRead: () => void;
  remove: (id: number) => void;
  clearAll: () => void;
  setPreference: (key: PreferenceKey, value: boolean) => void;
  setLastSeasonCheck: (date: string) => void;
};
export type NotificationsStore = State & Actions;

/** The new list: `notification` first, capped at `max`. */
export function prependNotification(
  list: readonly AppNotification[],
  notification: AppNotification,
  max = MAX_NOTIFICATIONS,
): AppNotification[] {
  return [notification, ...list].slice(0, max);
}

/** A timestamp id greater than every id in `list`, so two notifications in one millisecond differ. */
export function nextNotificationId(list: readonly AppNotification[], now = Date.now()): number {
  const highest = list.reduce((max, entry) => Math.max(max, entry.id), 0);
  return now > highest ? now : highest + 1;
}

export function unreadCount(list: readonly AppNotification[]): number {
  return list.reduce((count, entry) => count + (entry.read ? 0 : 1), 0);
}

/** A local calendar date as YYYY-MM-DD (the season check runs once per local day, SPEC §9). */
export function localDateKey(date: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sanitizeData(value: unknown): NotificationData {
  if (!isRecord(value)) return {};
  const data: NotificationData = {};
  if (typeof value.requiresLogin === 'boolean') data.requiresLogin = value.requiresLogin;
  if (typeof value.requiresAgeVerification === 'boolean') {
    data.requiresAgeVerification = value.requiresAgeVerification;
  }
  // Only same-site paths: a stored link must never send anyone elsewhere.
  if (typeof value.actionUrl === 'string' && /^\/(?!\/)/.test(value.actionUrl))
    data.actionUrl = value.actionUrl;
  if (typeof value.animeId === 'number' && Number.isInteger(value.animeId) && value.animeId > 0) {
    data.animeId = value.animeId;
  }
  if (typeof value.animeTitle === 'string') data.animeTitle = value.animeTitle.slice(0, 300);
  if (
    typeof value.reason === 'string' &&
    (SEASON_NOTICE_REASONS as readonly string[]).includes(value.reason)
  ) {
    data.reason = value.reason as SeasonNoticeReason;
  }
  if (typeof value.episode === 'number' && Number.isInteger(value.episode) && value.episode > 0) {
    data.episode = value.episode;
  }
  return data;
}

/** Whatever is stored, as valid notifications: malformed entries dropped, newest first, capped. */
export function sanitizeNotifications(value: unknown): AppNotification[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const result: AppNotification[] = [];
  for (const entry of value) {
    if (!isRecord(entry)) continue;
    const { id, type, title, message, timestamp, read } = entry;
    if (typeof id !== 'number' || !Number.isFinite(id) || seen.has(id)) continue;
    if (typeof type !== 'string' || !(NOTIFICATION_TYPES as readonly string[]).includes(type)) continue;
    if (typeof title !== 'string' || typeof message !== 'string') continue;
    if (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp))) continue;
    seen.add(id);
    result.push({
      id,
      type: type as NotificationType,
      title,
      message,
      data: sanitizeData(entry.data),
      timestamp,
      read: read === true,
    });
  }
  return result.sort((a, b) => b.id - a.id).slice(0, MAX_NOTIFICATIONS);
}

export function sanitizePreferences(value: unknown): NotificationPreferences {
  const preferences = { ...DEFAULT_PREFERENCES };
  if (!isRecord(value)) return preferences;
  for (const key of PREFERENCE_KEYS) {
    if (typeof value[key] === 'boolean') preferences[key] = value[key];
  }
  return preferences;
}

function sanitizeDateKey(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

type Persisted = Pick<State, 'notifications' | 'preferences' | 'lastSeasonCheck'>;

/** Three plain keys; every storage failure (blocked, full, corrupted) is absorbed. */
export const notificationsStorage: PersistStorage<Persisted> = {
  getItem(): StorageValue<Persisted> | null {
    const storage = browserStorage();
    if (!storage) return null;
    let lastSeasonCheck: string | null = null;
    try {
      // Stored bare (not as JSON) by the original app; accept both.
      const raw = storage.getItem(LAST_SEASON_CHECK_KEY);
      lastSeasonCheck =
        sanitizeDateKey(raw) ??
        sanitizeDateKey(raw === null ? null : readJson(storage, LAST_SEASON_CHECK_KEY));
    } catch {
      lastSeasonCheck = null;
    }
    return {
      state: {
        notifications: sanitizeNotifications(readJson(storage, NOTIFICATIONS_KEY)),
        preferences: sanitizePreferences(readJson(storage, PREFERENCES_KEY)),
        lastSeasonCheck,
      },
      version: 0,
    };
  },
  setItem(_name, value) {
    const storage = browserStorage();
    if (!storage) return;
    const { notifications, preferences, lastSeasonCheck } = value.state;
    try {
      storage.setItem(NOTIFICATIONS_KEY, JSON.stringify(notifications));
      storage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
      if (lastSeasonCheck) storage.setItem(LAST_SEASON_CHECK_KEY, lastSeasonCheck);
      else storage.removeItem(LAST_SEASON_CHECK_KEY);
    } catch {
      // Quota exceeded or blocked: notifications still work for this visit, in memory.
    }
  },
  removeItem() {
    try {
      const storage = browserStorage();
      storage?.removeItem(NOTIFICATIONS_KEY);
      storage?.removeItem(PREFERENCES_KEY);
      storage?.removeItem(LAST_SEASON_CHECK_KEY);
    } catch {
      // Same as above.
    }
  },
};

export const useNotificationsStore = create<NotificationsStore>()(
  persist(
    (set, get) => ({
      notifications: [],
      preferences: { ...DEFAULT_PREFERENCES },
      lastSeasonCheck: null,
      add: (input) => {
        if (!(NOTIFICATION_TYPES as readonly string[]).includes(input.type)) return null;
        const list = get().notifications;
        const notification: AppNotification = {
          id: nextNotificationId(list),
          type: input.type,
          title: input.title,
          message: input.message,
          data: sanitizeData(input.data),
          timestamp: new Date().toISOString(),
          read: false,
        };
        set({ notifications: prependNotification(list, notification) });
        return notification;
      },
      markRead: (id) =>
        set((state) => ({
          notifications: state.notifications.map((entry) =>
            entry.id === id && !entry.read ? { ...entry, read: true } : entry,
          ),
        })),
      markAllRead: () =>
        set((state) => ({
          notifications: state.notifications.map((entry) => (entry.read ? entry : { ...entry, read: true })),
        })),
      remove: (id) =>
        set((state) => ({ notifications: state.notifications.filter((entry) => entry.id !== id) })),
      clearAll: () => set({ notifications: [] }),
      setPreference: (key, value) =>
        set((state) => ({ preferences: { ...state.preferences, [key]: value } })),
      setLastSeasonCheck: (date) => set({ lastSeasonCheck: sanitizeDateKey(date) }),
    }),
    {
      name: NOTIFICATIONS_KEY,
      storage: notificationsStorage,
      partialize: ({ notifications, preferences, lastSeasonCheck }) => ({
        notifications,
        preferences,
        lastSeasonCheck,
      }),
    },
  ),
);

/** Another tab changed them: pick up its state (the `storage` event fires only in other tabs). */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === NOTIFICATIONS_KEY ||
      event.key === PREFERENCES_KEY ||
      event.key === LAST_SEASON_CHECK_KEY
    ) {
      void useNotificationsStore.persist.rehydrate();
    }
  });
}
