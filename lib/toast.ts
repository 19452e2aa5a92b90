export type ToastType = 'success' | 'error' | 'warning' | 'info';

export const DEFAULT_TOAST_MS = 5000;

/** Sonner wants Infinity for "stay open"; SPEC §4 says a duration of 0 or less means that. */
export function toastDuration(duration: number = DEFAULT_TOAST_MS): number {
  return duration <= 0 ? Number.POSITIVE_INFINITY : duration;
}

/** A button in the toast that does something (e.g. 'Atualizar'); the toast closes when it is pressed. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface PendingToast {
  message: string;
  type: ToastType;
  duration: number;
  action?: ToastAction;
}

type Deliver = (toast: PendingToast) => void;
let deliver: Deliver | null = null;
const queue: PendingToast[] = [];
const requestListeners = new Set<() => void>();

/**
 * The toast container (components/ui/toaster.tsx) loads on the visitor's first interaction; a
 * toast asked for before then calls `listener` so it loads at once. Returns the unsubscribe.
 */
export function onToastRequested(listener: () => void): () => void {
  if (queue.length) listener();
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

/**
 * Called by the toast container (components/ui/sonner-toaster.tsx) once it listens: it shows the
 * toasts asked for before then and every later one, with the sonner it renders itself.
 */
export function connectToaster(show: Deliver): () => void {
  deliver = show;
  for (const toast of queue.splice(0)) show(toast);
  return () => {
    if (deliver === show) deliver = null;
  };
}

/**
 * Shows a toast of the given type (SPEC §3 Toast: message, type, duration), with its chime (§9).
 * Sonner and its container load after hydration; a toast asked for earlier waits for
 * them in a queue.
 */
export function showToast(
  message: string,
  type: ToastType = 'info',
  duration?: number,
  action?: ToastAction,
): void {
  // The chime reads the sound preference from the notifications store: both load with the first
  // toast, not with every page, and only where a sound can play.
  if (typeof window !== 'undefined' && typeof Audio !== 'undefined') {
    void import('@/lib/notification-sound').then(({ playNotificationSound }) => playNotificationSound());
  }
  const toast: PendingToast = {
    message,
    type,
    duration: toastDuration(duration),
    ...(action ? { action } : {}),
  };
  if (deliver) {
    deliver(toast);
    return;
  }
  queue.push(toast);
  for (const listener of requestListeners) listener();
}
