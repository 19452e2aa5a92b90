'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { onToastRequested } from '@/lib/toast';

/**
 * The toast container, fetched when the visitor first interacts with the page (a press, a key, a
 * touch: toasts answer what they do), or at once when a toast is asked for before then
 * (sonner is ~9.5 kB gzipped and no page needs it for its first paint). showToast() queues until
 * it connects, so no toast is lost. Not on the first idle moment: sonner adds its
 * stylesheet when it loads, and its `html[dir]` rules restyled the whole document (~12 ms at
 * once, ×4 on Lighthouse's phone) while the page was still starting. Sonner positions its toasts
 * fixed, so nothing needs to be reserved in the layout.
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
    const firstInteraction = ['pointerdown', 'keydown', 'touchstart'] as const;
    const options = { capture: true, passive: true, once: true };
    for (const type of firstInteraction) window.addEventListener(type, load, options);
    return () => {
      live = false;
      stopWaiting();
      for (const type of firstInteraction) window.removeEventListener(type, load, options);
    };
  }, []);
  return Container ? <Container /> : null;
}
