'use client';

import { useSyncExternalStore } from 'react';
import { THEME_KEY } from './theme-key';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  /** The stored choice ('system' when nothing is stored); undefined on the server. */
  theme: ThemeChoice | undefined;
  /** The theme shown; undefined on the server and while hydrating. */
  resolvedTheme: ResolvedTheme | undefined;
}

function storedChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

const systemTheme = (): ResolvedTheme => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

/** The document's class and colour scheme for `theme` (what ThemeScript does before paint). */
function apply(theme: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

let snapshot: ThemeState = { theme: undefined, resolvedTheme: undefined };
const SERVER_SNAPSHOT: ThemeState = { theme: undefined, resolvedTheme: undefined };

function read(): ThemeState {
  const theme = storedChoice();
  const resolvedTheme = theme === 'system' ? systemTheme() : theme;
  if (snapshot.theme !== theme || snapshot.resolvedTheme !== resolvedTheme)
    snapshot = { theme, resolvedTheme };
  return snapshot;
}

const listeners = new Set<() => void>();

function changed() {
  const state = read();
  if (state.resolvedTheme) apply(state.resolvedTheme);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // Another tab chose a theme (or cleared storage): this one follows.
  if (event.key === THEME_KEY || event.key === null) changed();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    // ThemeScript set the class before paint; a page it did not run on (its markup streamed in
    // later) gets it now.
    const { resolvedTheme } = read();
    if (resolvedTheme) apply(resolvedTheme);
    window.matchMedia(DARK_QUERY).addEventListener('change', changed);
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.matchMedia(DARK_QUERY).removeEventListener('change', changed);
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** Stores the choice and applies it at once, in this tab and (through `storage`) the others. */
export function setTheme(theme: ThemeChoice) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage full or blocked: the theme still applies for this page.
    apply(theme === 'system' ? systemTheme() : theme);
  }
  changed();
}

/** The theme, live (system changes, other tabs); undefined until hydrated, as on the server. */
export function useTheme(): ThemeState & { setTheme: typeof setTheme } {
  const state = useSyncExternalStore(subscribe, read, () => SERVER_SNAPSHOT);
  return { ...state, setTheme };
}
