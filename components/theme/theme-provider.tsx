'use client';

import { ThemeProvider as NextThemesProvider } from 'next-themes';

/**
 * next-themes writes `theme` ('light' | 'dark') to localStorage (SPEC §3) and injects a blocking
 * script so the first paint already has the right class: no flash of the wrong theme. With nothing
 * stored it follows the system preference live (SPEC §4). Transitions are turned off for a switch
 * by useSetTheme, not here (see there).
 */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  return (
    <NextThemesProvider
      attribute="class"
      storageKey="theme"
      defaultTheme="system"
      enableSystem
    >
      {children}
    </NextThemesProvider>
  );
}
