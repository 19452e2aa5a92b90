import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, scheduleChecks } from './check-schedule';

const SETTLE = 4000;
const INTERVAL = 60_000;

describe('scheduleChecks', () => {
  let idleCallbacks: Map<number, () => void>;

  beforeEach(() => {
    vi.useFakeTimers();
    idleCallbacks = new Map();
    let next = 0;
    vi.stubGlobal('window', {
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      requestIdleCallback: vi.fn((callback: () => void, options: { timeout: number }) => {
        expect(options.timeout).toBe(IDLE_TIMEOUT_MS);
        idleCallbacks.set(++next, callback);
        return next;
      }),
      cancelIdleCallback: vi.fn((handle: number) => idleCallbacks.delete(handle)),
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const runIdle = () => {
    for (const callback of idleCallbacks.values()) callback();
    idleCallbacks.clear();
  };

  it('runs the first check after the page settles and an idle moment comes, then every interval', () => {
    const first = vi.fn();
    const check = vi.fn();
    scheduleChecks({ settleMs: SETTLE, intervalMs: INTERVAL, first, check });

    vi.advanceTimersByTime(SETTLE - 1);
    expect(window.requestIdleCallback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    runIdle();
    expect(first).toHaveBeenCalledTimes(1);
    expect(check).not.toHaveBeenCalled();

    vi.advanceTimersByTime(INTERVAL - SETTLE);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INTERVAL);
    expect(check).toHaveBeenCalledTimes(2);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('runs the first check straight after settling where the browser has no idle callbacks', () => {
    vi.stubGlobal('window', { setTimeout, clearTimeout, setInterval, clearInterval });
    const first = vi.fn();
    scheduleChecks({ settleMs: SETTLE, intervalMs: INTERVAL, first, check: vi.fn() });
    vi.advanceTimersByTime(SETTLE);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('stops both clocks, before settling or while waiting for an idle moment', () => {
    const first = vi.fn();
    const check = vi.fn();
    scheduleChecks({ settleMs: SETTLE, intervalMs: INTERVAL, first, check })();
    vi.advanceTimersByTime(INTERVAL * 2);
    expect(window.requestIdleCallback).not.toHaveBeenCalled();
    expect(check).not.toHaveBeenCalled();

    const stop = scheduleChecks({ settleMs: SETTLE, intervalMs: INTERVAL, first, check });
    vi.advanceTimersByTime(SETTLE);
    stop();
    expect(window.cancelIdleCallback).toHaveBeenCalledTimes(1);
    runIdle();
    vi.advanceTimersByTime(INTERVAL * 2);
    expect(first).not.toHaveBeenCalled();
    expect(check).not.toHaveBeenCalled();
  });
});
