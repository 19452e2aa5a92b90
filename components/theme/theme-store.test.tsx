// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTheme, useTheme } from './theme-store';

let systemDark = false;
const mediaListeners = new Set<() => void>();

beforeEach(() => {
  systemDark = false;
  mediaListeners.clear();
  localStorage.clear();
  document.documentElement.className = '';
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && systemDark;
    },
    addEventListener: (_type: string, listener: () => void) => mediaListeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => mediaListeners.delete(listener),
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('theme store', () => {
  it('follows the system while nothing is stored, live, and stores nothing', () => {
    const { result } = renderHook(() => useTheme());
    expect(result.current).toMatchObject({ theme: 'system', resolvedTheme: 'light' });
    systemDark = true;
    act(() => mediaListeners.forEach((listener) => listener()));
    expect(result.current.resolvedTheme).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('stores a choice, applies it at once and keeps it over the system preference', () => {
    const { result } = renderHook(() => useTheme());
    act(() => setTheme('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(result.current).toMatchObject({ theme: 'dark', resolvedTheme: 'dark' });
    act(() => mediaListeners.forEach((listener) => listener()));
    act(() => setTheme('light'));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveClass('light');
  });

  it("follows another tab's choice", () => {
    const { result } = renderHook(() => useTheme());
    localStorage.setItem('theme', 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    });
    expect(result.current.resolvedTheme).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});
