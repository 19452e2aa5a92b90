import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates server HTML, true afterwards. Stores persisted in localStorage are
 * already loaded when the client first renders, so anything drawn from them must wait for this to
 * match the server's anonymous HTML (otherwise React reports a hydration mismatch).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
