import { useNotificationsStore } from '@/lib/stores/notifications-store';

/** SPEC §2/§9: toasts chime at volume 0.3, unless the user turned sounds off. */
export const TOAST_SOUND_URL = '/sounds/notification.wav';
export const TOAST_SOUND_VOLUME = 0.3;

let audio: HTMLAudioElement | null = null;

/** Plays the chime when sound is enabled; a browser that refuses autoplay just stays silent. */
export function playNotificationSound(): boolean {
  if (typeof window === 'undefined' || typeof Audio === 'undefined') return false;
  if (!useNotificationsStore.getState().preferences.soundEnabled) return false;
  try {
    audio ??= new Audio(TOAST_SOUND_URL);
    audio.volume = TOAST_SOUND_VOLUME;
    audio.currentTime = 0;
    const playing = audio.play() as Promise<void> | undefined;
    // Autoplay policies reject play() before the first user gesture: silence is the right answer.
    playing?.catch(() => {});
    return true;
  } catch {
    return false;
  }
}
