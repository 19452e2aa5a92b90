'use client';

import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** The longest wait between two tries of a part that could not be loaded while online. */
const MAX_RETRY_DELAY_MS = 60_000;

/** Resolves at the next chance to load again: when the connection comes back, or after `delayMs`. */
function nextChance(delayMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (navigator.onLine === false) window.addEventListener('online', () => resolve(), { once: true });
    else window.setTimeout(resolve, delayMs);
  });
}

/**
 * `load()` (a dynamic import), tried again after a failure (offline, a server that did not
 * answer) until it succeeds: when the browser is back online, else after 1 s, 2 s, … up to a
 * minute. The promise never rejects, so a part keeps its placeholder until its code is here, and
 * a part given to next/dynamic (React.lazy keeps the first promise it gets) never shows an error.
 */
export function retryImport<T>(load: () => Promise<T>, delayMs = 1000): Promise<T> {
  return load().catch(() =>
    nextChance(delayMs).then(() => retryImport(load, Math.min(delayMs * 2, MAX_RETRY_DELAY_MS))),
  );
}

/**
 * A module loaded after hydration, or once `when` turns true, or null until then; tried again
 * after a failure (retryImport).
 */
export function useLoaded<T>(load: () => Promise<T>, when = true): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  const wanted = when && !loaded;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // In a task of its own, not in the hydration's passive effects: React runs those before the
    // render that enables the page's controls (useUntilHydrated), and each import adds scripts.
    const start = window.setTimeout(
      () => void retryImport(load).then((value) => live && setLoaded({ value })),
    );
    return () => {
      live = false;
      window.clearTimeout(start);
    };
    // `load` is a module-level function at every call site, and `when` only ever turns true.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  return loaded?.value ?? null;
}

/**
 * A component whose code loads after hydration (or once `when` turns true), drawn with `props`;
 * `fallback` (often drawn by the server: its look before the code is there) until then. The parts
 * of every page's first scripts use this rather than next/dynamic, whose runtime would add
 * ~1.2 kB gzipped to them (docs/decisions/lazy-parts.md).
 */
export function LazyPart<P extends object>({
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
  const Component = useLoaded(load, when);
  // The component is the loaded module's, the same one at every render once it is there.
  // eslint-disable-next-line react-hooks/static-components
  return Component ? <Component {...props} /> : fallback;
}
