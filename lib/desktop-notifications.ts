import { useNotificationsStore } from '@/lib/stores/notifications-store';

/**
 * Desktop notifications through the browser's Notification API (SPEC §3 preference
 * desktopNotifications). Nothing is shown until the user grants permission from a button.
 */
export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** Asks the browser; call it only from a user's click. */
export async function requestDesktopPermission(): Promise<DesktopPermission> {
  if (desktopPermission() === 'unsupported') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return desktopPermission();
  }
}

/** Shows one desktop notification when the preference is on and permission was granted. */
export function showDesktopNotification(title: string, body: string, url?: string): boolean {
  if (!useNotificationsStore.getState().preferences.desktopNotifications) return false;
  if (desktopPermission() !== 'granted') return false;
  try {
    const notification = new Notification(title, { body, tag: 'anime-master' });
    if (url) {
      notification.onclick = () => {
        window.focus();
        window.location.assign(url);
      };
    }
    return true;
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
    return false;
  }
}
