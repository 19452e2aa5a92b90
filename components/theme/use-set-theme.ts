'use client';

import { useTheme } from 'next-themes';
import { useCallback } from 'react';

const NO_TRANSITIONS = '*,*::before,*::after{transition:none!important}';

/**
 * next-themes' setTheme with every CSS transition off while the new theme is applied, so the
 * colours switch at once instead of fading element by element. Done here, on a visitor's switch,
 * and not with next-themes' `disableTransitionOnChange`: next-themes also re-applies the theme
 * when it mounts, so that option added and removed a stylesheet at every page's start, two
 * whole-document restyles (~30 ms, ×4 on Lighthouse's phone).
 */
export function useSetTheme(): (theme: string) => void {
  const { setTheme } = useTheme();
  return useCallback(
    (theme: string) => {
      const style = document.createElement('style');
      style.textContent = NO_TRANSITIONS;
      document.head.appendChild(style);
      setTheme(theme);
      // Two frames: the new theme has been styled and painted with no transition running.
      requestAnimationFrame(() => requestAnimationFrame(() => style.remove()));
    },
    [setTheme],
  );
}
