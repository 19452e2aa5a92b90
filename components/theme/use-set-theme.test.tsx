// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSetTheme } from './use-set-theme';

const { setTheme } = vi.hoisted(() => ({ setTheme: vi.fn() }));
vi.mock('./theme-store', () => ({ setTheme }));

afterEach(() => {
  cleanup();
  setTheme.mockReset();
  vi.unstubAllGlobals();
});

describe('useSetTheme', () => {
  it('applies the theme with transitions off, and turns them back on two frames later', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const noTransitions = () =>
      [...document.head.querySelectorAll('style')].filter((style) =>
        style.textContent?.includes('transition:none'),
      );

    const { result } = renderHook(() => useSetTheme());
    setTheme.mockImplementation(() => expect(noTransitions()).toHaveLength(1));
    result.current('dark');
    expect(setTheme).toHaveBeenCalledWith('dark');
    expect(noTransitions()).toHaveLength(1);

    frames.shift()?.(0);
    expect(noTransitions()).toHaveLength(1);
    frames.shift()?.(16);
    expect(noTransitions()).toHaveLength(0);
  });
});
