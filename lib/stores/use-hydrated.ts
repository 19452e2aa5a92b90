import { useDeferredValue, useSyncExternalStore } from 'react';

let hydrated = false;
let scheduled = false;
const listeners = new Set<() => void>();

/**
 * Subscribed to by the first component to hydrate (React subscribes in its passive effects, after
 * the hydration commit); the flag turns true in the task after that, for every component at once.
 */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!hydrated && !scheduled) {
    scheduled = true;
    setTimeout(() => {
      hydrated = true;
      for (const notify of [...listeners]) notify();
    }, 0);
  }
  return () => listeners.delete(listener);
}

/** The client snapshot (true once the page has hydrated), for other hooks' snapshots. */
export function isHydrated(): boolean {
  return hydrated;
}

/** Subscribes to the flag turning true (for hooks that combine it with their own store). */
export const subscribeHydrated = subscribe;

/**
 * False while React hydrates server HTML, true afterwards. Stores persisted in localStorage are
 * already loaded when the client first renders, so anything drawn from them must wait for this to
 * match the server's anonymous HTML (otherwise React reports a hydration mismatch).
 *
 * One flag for the whole page, turned true in a task of its own, and deferred: a store's change
 * re-renders its readers synchronously, in one task, so the content that replaces the skeletons
 * is rendered as a deferred value instead (in slices, between which the browser can answer). A
 * snapshot that differs from the server's during hydration (`() => true` here, as it was) made
 * React re-render each such component synchronously inside the hydration's effects: one ~85 ms
 * task at 4× CPU on the detail page (total blocking time). Pages reached by a client
 * navigation get true at once.
 */
export function useHydrated(): boolean {
  return useDeferredValue(useSyncExternalStore(subscribe, isHydrated, () => false));
}

/**
 * Props for a control whose action needs the app's JavaScript: disabled and busy in the server
 * HTML and until the page has hydrated, so a tap that could do nothing yet is never taken (the
 * person sees the control is not ready, and a test's click waits for it to be enabled).
 *
 * Not deferred: the flag's change re-renders the control alone, in the urgent render of the task
 * that turns it true, so the control works before the deferred render of the stores' content
 * (hundreds of milliseconds at phone speed on a detail page) has run.
 */
export function useUntilHydrated(): { disabled: boolean; 'aria-busy': true | undefined } {
  const hydrated = useSyncExternalStore(subscribe, isHydrated, () => false);
  return { disabled: !hydrated, 'aria-busy': hydrated ? undefined : true };
}
