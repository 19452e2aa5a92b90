import { toast as sonner } from 'sonner';
import { playNotificationSound } from '@/lib/notification-sound';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const DEFAULT_TOAST_MS = 5000;

/** Sonner wants Infinity for "stay open"; SPEC §4 says a duration of 0 or less means that. */
export function toastDuration(duration: number = DEFAULT_TOAST_MS): number {
  return duration <= 0 ? Number.POSITIVE_INFINITY : duration;
}

/** Shows a toast of the given type (SPEC §3 Toast: message, type, duration), with its chime (§9). */
export function showToast(message: string, type: ToastType = 'info', duration?: number): string | number {
  playNotificationSound();
  return sonner[type](message, { duration: toastDuration(duration) });
}
