'use client';

import { useCallback } from 'react';
import { setTheme, type ThemeChoice } from './theme-store';

const NO_TRANSITIONS = '*,*::before,*::after{transition:none!important}';

/**
 * setTheme with every CSS transition off while the new theme is applied, so the colours switch at
 * once instead of fading element by element. Only on a visitor's switch: nothing is re-applied
 * when a page starts (ThemeScript set the class before paint), so no page pays a restyle for it.
 */
export function useSetTheme(): (theme: ThemeChoice) => void {
  return useCallback((theme: ThemeChoice) => {
    const style = document.createElement('style');
    style.textContent = NO_TRANSITIONS;
    document.head.appendChild(style);
    setTheme(theme);
    // Two frames: the new theme has been styled and painted with no transition running.
    requestAnimationFrame(() => requestAnimationFrame(() => style.remove()));
  }, []);
}
