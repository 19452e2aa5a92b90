'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { onToastRequested } from '@/lib/toast';

/**
 * The toast container, fetched once the page has hydrated and the browser is idle (issue 15:
 * sonner is ~9.5 kB gzipped, and no page needs it for its first paint), or at once when a toast is
 * asked for before then. showToast() queues until it connects, so no toast is lost. Sonner
 * positions its toasts fixed, so nothing needs to be reserved in the layout.
 */
export function Toaster() {
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let started = false;
    const load = () => {
      if (started) return;
      started = true;
      import('./sonner-toaster').then(
        (module) => live && setContainer(() => module.default),
        (error: unknown) => console.warn('[toast] could not load the toast container', error),
      );
    };
    const stopWaiting = onToastRequested(load);
    const idle = 'requestIdleCallback' in window;
    const handle = idle ? window.requestIdleCallback(load, { timeout: 4000 }) : window.setTimeout(load, 2000);
    return () => {
      live = false;
      stopWaiting();
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return Container ? <Container /> : null;
}
