import { useDeferredValue, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';

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

/** A subscription that never reports a change: a snapshot read when a component renders. */
const NO_CHANGES = () => () => {};
const ALWAYS_READY = () => true;

/**
 * As useHydrated, for the one component that is a page's main content drawn from this browser
 * (a list page's entries, the ratings page's first screen): true from the render that follows the
 * component's own hydration. The hydration's passive effects set it, and React renders it whole
 * (default priority) in the render that follows them, the one that also enables the controls
 * (useUntilHydrated), instead of after the page-wide flag's task and a deferred render in slices,
 * which wait behind the page's other work (lazy parts, link prefetches): at 4× CPU the first entry
 * came ~250 ms after the first control that way. That render is one task, so what it draws must
 * be small (a first screen). Mounted after the page hydrated (a client navigation): true at once;
 * while hydrating, false, as the server's HTML. It stays true once true.
 *
 * `ready` (module-level, as `subscribe`) adds a condition, such as stores having read this
 * browser's storage; `subscribe` says when it may have turned true (createStoresHydratedHere).
 */
export function useHydratedHere(
  ready: () => boolean = ALWAYS_READY,
  subscribe: (onChange: () => void) => () => void = NO_CHANGES,
): boolean {
  const [here, setHere] = useState(false);
  const already = useSyncExternalStore(
    NO_CHANGES,
    () => isHydrated() && ready(),
    () => false,
  );
  useEffect(() => {
    if (already) return;
    const show = () => {
      if (ready()) setHere(true);
    };
    const unsubscribe = subscribe(show);
    show();
    return unsubscribe;
  }, [already, ready, subscribe]);
  return already || here;
}

/**
 * Props for a control whose action needs the app's JavaScript: disabled and busy in the server
 * HTML and until the control has hydrated, so a tap that could do nothing yet is never taken (the
 * person sees the control is not ready, and a test's click waits for it to be enabled).
 *
 * Enabled by a layout effect of the commit that hydrates it: React renders the control again in
 * that task, right after the hydration's passive effects (which it runs before any later render),
 * before the page-wide flag's task and the stores' deferred render, and dispatches a tap to its
 * handler from then on (React drops a click on a button whose props say disabled, whatever the
 * element says). The handler must
 * therefore read what it acts on when called (the theme shown, the page's address), not a value
 * the page-wide flag gates. A control mounted later (a client navigation) is enabled before its
 * first paint.
 */
export function useUntilHydrated(): { disabled: boolean; 'aria-busy': true | undefined } {
  const [hydrated, setHydrated] = useState(false);
  // The render this starts is the point: the control's props say enabled in the commit's task.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- enabled right after hydrating
  useLayoutEffect(() => setHydrated(true), []);
  return { disabled: !hydrated, 'aria-busy': hydrated ? undefined : true };
}
