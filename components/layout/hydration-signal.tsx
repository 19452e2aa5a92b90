'use client';

import { useEffect } from 'react';

/**
 * Tells the front server's first-paint loader (scripts/first-paint.mjs, HYDRATED_EVENT) that the
 * layout has hydrated: the loader holds the window's load event until then, so "loaded" still
 * means the buttons answer. Rendered last in the layout, so its effect runs after the others'.
 */
export function HydrationSignal() {
  useEffect(() => {
    window.dispatchEvent(new Event('anime-master:hydrated'));
  }, []);
  return null;
}
