import { playNotificationSound } from '@/lib/notification-sound';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const DEFAULT_TOAST_MS = 5000;

/** Sonner wants Infinity for "stay open"; SPEC §4 says a duration of 0 or less means that. */
export function toastDuration(duration: number = DEFAULT_TOAST_MS): number {
  return duration <= 0 ? Number.POSITIVE_INFINITY : duration;
}

let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toast container once it listens: toasts asked for before then wait for it. */
export function toasterMounted(): void {
  markMounted();
}

/**
 * Shows a toast of the given type (SPEC §3 Toast: message, type, duration), with its chime (§9).
 * Sonner and its container load after hydration (issue 15), so the toast appears once both are
 * there: at once in practice, since the container loads right after the page.
 */
export function showToast(message: string, type: ToastType = 'info', duration?: number): void {
  playNotificationSound();
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => {
    toast[type](message, { duration: toastDuration(duration) });
  });
}
