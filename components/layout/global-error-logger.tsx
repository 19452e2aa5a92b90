'use client';

import { useEffect } from 'react';
import { EARLY_ERRORS_KEY } from './early-errors';

interface EarlyErrors {
  events: Event[];
  stop: () => void;
}

/**
 * Unhandled rejections and global errors are logged, not shown (SPEC §8). Renders nothing. The
 * logger loads when the browser is first idle after the page is interactive (this runs in
 * components/layout/background.tsx); what happened before was held by EarlyErrors' inline script
 * and is handed to it then.
 */
export function GlobalErrorLogger() {
  useEffect(() => {
    let live = true;
    let stop = () => {};
    const early = (window as unknown as Record<string, EarlyErrors | undefined>)[EARLY_ERRORS_KEY];
    const load = () =>
      import('@/lib/logger').then(({ logger }) => {
        if (!live) return;
        early?.stop();
        // The held events go through the logger's own handlers, then it listens to the window.
        const relay = new EventTarget();
        const stopRelay = logger.installGlobalHandlers(relay as unknown as Window);
        for (const event of early?.events.splice(0) ?? []) relay.dispatchEvent(event);
        stopRelay();
        stop = logger.installGlobalHandlers(window);
      });
    const idle = 'requestIdleCallback' in window;
    const handle = idle
      ? window.requestIdleCallback(() => void load(), { timeout: 5_000 })
      : window.setTimeout(() => void load(), 1_000);
    return () => {
      live = false;
      stop();
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return null;
}
