'use client';

import { useEffect, useState, type ComponentType } from 'react';

/**
 * The toast container, fetched right after the page has hydrated (issue 15: sonner is ~9.5 kB
 * gzipped, and no page needs it for its first paint). showToast() queues until it connects, so no
 * toast is lost. Sonner positions its toasts fixed, so nothing needs to be reserved in the layout.
 */
export function Toaster() {
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    import('./sonner-toaster').then(
      (module) => live && setContainer(() => module.default),
      (error: unknown) => console.warn('[toast] could not load the toast container', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return Container ? <Container /> : null;
}
