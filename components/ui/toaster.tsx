'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { onToastRequested } from '@/lib/toast';

/**
 * The toast container, fetched at the first idle moment after the visitor first interacts with
 * the page (a press, a key, a touch: toasts answer what they do), or at once when a toast is asked
 * for before then
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
    // After what the interaction itself starts (a tap on a card renders the next page): sonner's
    // script and stylesheet would otherwise take the main thread in the same moment.
    let cancelIdle: (() => void) | undefined;
    const loadWhenIdle = () => {
      if (started || cancelIdle) return;
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(load, { timeout: 2000 });
        cancelIdle = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(load, 200);
        cancelIdle = () => window.clearTimeout(id);
      }
    };
    const firstInteraction = ['pointerdown', 'keydown', 'touchstart'] as const;
    const options = { capture: true, passive: true, once: true };
    for (const type of firstInteraction) window.addEventListener(type, loadWhenIdle, options);
    return () => {
      live = false;
      stopWaiting();
      cancelIdle?.();
      for (const type of firstInteraction) window.removeEventListener(type, loadWhenIdle, options);
    };
  }, []);
  return Container ? <Container /> : null;
}
