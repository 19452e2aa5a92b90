'use client';

import { useDeferredValue, useSyncExternalStore } from 'react';
import { useHydrated } from '@/lib/stores/use-hydrated';
import { MINUTE_MS } from './airing';

/**
 * The time, to the minute, for countdowns: null while the server's HTML hydrates (a cached page
 * cannot know the visitor's now). One timer for every reader; it ticks more often than once a
 * minute so a countdown never lags a whole minute behind.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const notify of [...listeners]) notify();
  }, 15_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function minuteNow(): number {
  return Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
}

/**
 * Null on a reader's first render, then the time in a render of its own (deferred, in the
 * background): a page reached by a tap draws its heading without waiting for a countdown's
 * arithmetic, whose first zone lookup builds the platform's time-zone data (~50 ms at 4× CPU on
 * a detail page, inside the tap's render).
 */
export function useMinuteClock(): number | null {
  const hydrated = useHydrated();
  const now = useSyncExternalStore(subscribe, minuteNow, () => null);
  return useDeferredValue(hydrated ? now : null, null);
}
