'use client';

import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * Loads `load` after hydration, or once `when` turns true: code that no first paint and no first
 * tap needs stays out of the page's first scripts. A load that fails (offline, a new deploy) is
 * left undone, so the caller keeps its placeholder.
 */
function useAfterHydration<T>(load: () => Promise<T>, when: boolean, onLoad: (value: T) => void) {
  useEffect(() => {
    if (!when) return;
    let live = true;
    load().then(
      (value) => live && onLoad(value),
      (error: unknown) => console.warn('[lazy] a part of the page could not be loaded', error),
    );
    return () => {
      live = false;
    };
    // `load` and `onLoad` do not change between renders at any call site that matters: the first
    // load wins, and `when` only ever turns true.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [when]);
}

/** A module loaded after hydration (or once `when` turns true), or null until then. */
export function useLoaded<T>(load: () => Promise<T>, when = true): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useAfterHydration(load, when && !loaded, (value) => setLoaded({ value }));
  return loaded?.value ?? null;
}

/**
 * A component whose code loads after hydration (or once `when` turns true), drawn with `props`;
 * `fallback` (often drawn by the server: its look before the code is there) until then.
 */
export function Lazy<P extends object>({
  load,
  props,
  when = true,
  fallback = null,
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  when?: boolean;
  fallback?: ReactNode;
}) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  useAfterHydration(load, when && !Component, (loaded) => setComponent(() => loaded));
  return Component ? <Component {...props} /> : fallback;
}
