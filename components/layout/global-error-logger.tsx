'use client';

import { useEffect } from 'react';

const GLOBAL_ERRORS = ['error', 'unhandledrejection'] as const;

/**
 * Unhandled rejections and global errors are logged, not shown (SPEC §8). Renders nothing. The
 * logger loads when the browser is first idle, out of the page's first scripts; what happens
 * before is held and handed to it then.
 */
export function GlobalErrorLogger() {
  useEffect(() => {
    let live = true;
    let stop = () => {};
    const early: Event[] = [];
    const hold = (event: Event) => early.push(event);
    for (const type of GLOBAL_ERRORS) window.addEventListener(type, hold);
    const release = () => {
      for (const type of GLOBAL_ERRORS) window.removeEventListener(type, hold);
    };
    const load = () =>
      import('@/lib/logger').then(({ logger }) => {
        if (!live) return;
        release();
        // The held events go through the logger's own handlers, then it listens to the window.
        const relay = new EventTarget();
        const stopRelay = logger.installGlobalHandlers(relay as unknown as Window);
        for (const event of early.splice(0)) relay.dispatchEvent(event);
        stopRelay();
        stop = logger.installGlobalHandlers(window);
      });
    const idle = 'requestIdleCallback' in window;
    const handle = idle
      ? window.requestIdleCallback(() => void load(), { timeout: 5_000 })
      : window.setTimeout(() => void load(), 1_000);
    return () => {
      live = false;
      release();
      stop();
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return null;
}
