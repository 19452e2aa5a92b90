// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHydrated } from '@/lib/stores/use-hydrated';
import { useMinuteClock } from './use-minute-clock';

const NOW = Date.UTC(2026, 10, 29, 6, 41, 30);

afterEach(() => {
  vi.useRealTimers();
});

describe('useMinuteClock', () => {
  it('is null while the page hydrates', () => {
    const { result } = renderHook(() => useMinuteClock());
    expect(result.current).toBeNull();
  });

  it('on a page reached after hydration, draws first without the time, then the minute in a render of its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // The page has hydrated (the flag turns true in the task after the first reader subscribes).
    renderHook(() => useHydrated());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    const seen: (number | null)[] = [];
    const { result } = renderHook(() => {
      const now = useMinuteClock();
      seen.push(now);
      return now;
    });
    expect(seen[0]).toBeNull();
    expect(result.current).toBe(Date.UTC(2026, 10, 29, 6, 41));
  });
});
