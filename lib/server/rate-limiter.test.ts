import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors';
import {
  DEFAULT_RETRY_AFTER_SECONDS,
  InProcessRateLimiter,
  RECEIVER_MARGIN_MS,
  createRateLimiter,
  getRateLimiter,
  parseRetryAfter,
} from './rate-limiter';
import { freshProcess } from '@/test/support/process';

const T0 = new Date('2025-01-01T00:00:00Z').getTime();
/** The spacing the limiter keeps for a 1200 ms interval. */
const GAP = 1200 + RECEIVER_MARGIN_MS;

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('5')).toBe(5);
    expect(parseRetryAfter(' 120 ')).toBe(120);
    expect(parseRetryAfter('1.2')).toBe(2);
  });

  it('defaults to 60 s when absent or unreadable', () => {
    expect(DEFAULT_RETRY_AFTER_SECONDS).toBe(60);
    expect(parseRetryAfter(null)).toBe(60);
    expect(parseRetryAfter('')).toBe(60);
    expect(parseRetryAfter('soon')).toBe(60);
    expect(parseRetryAfter('-5')).toBe(60);
  });

  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter(new Date(T0 + 30_000).toUTCString(), T0)).toBe(30);
  });

  it('waits at least 1 s and at most an hour', () => {
    expect(parseRetryAfter('0')).toBe(1);
    expect(parseRetryAfter('999999')).toBe(3600);
  });
});

describe('InProcessRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Acquires and records when each caller got its turn. */
  function track(limiter: InProcessRateLimiter, label: string, log: [string, number][], maxWaitMs = 60_000) {
    return limiter.acquire({ maxWaitMs }).then(() => {
      log.push([label, Date.now() - T0]);
    });
  }

  it('spaces calls by the minimum interval, first come first served', async () => {
    const limiter = new InProcessRateLimiter(1200);
    const log: [string, number][] = [];
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((label) => track(limiter, label, log)));
    await vi.runAllTimersAsync();
    await all;
    const gap = GAP;
    expect(log).toEqual([
      ['a', 0],
      ['b', gap],
      ['c', 2 * gap],
      ['d', 3 * gap],
      ['e', 4 * gap],
    ]);
  });

  it('lets a call through at once when the last one was long enough ago', async () => {
    const limiter = new InProcessRateLimiter(1200);
    const log: [string, number][] = [];
    await track(limiter, 'a', log);
    vi.advanceTimersByTime(5000);
    await track(limiter, 'b', log);
    expect(log).toEqual([
      ['a', 0],
      ['b', 5000],
    ]);
  });

  it('fails fast with RATE_LIMITED when the turn would come after maxWaitMs, without taking a turn', async () => {
    const limiter = new InProcessRateLimiter(1200);
    const log: [string, number][] = [];
    const first = track(limiter, 'a', log, 2000);
    const second = track(limiter, 'b', log, 2000);
    const third = track(limiter, 'c', log, 2000);
    const rejection = third.catch((error: unknown) => error);
    // The third call's turn would be at 2 × (1200 + margin) ms > 2000 ms: it is refused before any waiting.
    const error = await rejection;
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    expect((error as AppError).retryAfterSeconds).toBe(3);

    await vi.runAllTimersAsync();
    await Promise.all([first, second]);
    // The refused call did not push later callers back.
    const fourth = track(limiter, 'd', log, 2000);
    await vi.runAllTimersAsync();
    await fourth;
    expect(log).toEqual([
      ['a', 0],
      ['b', GAP],
      ['d', 2 * GAP],
    ]);
  });

  it('keeps the full gap behind a caller whose timer fired late', async () => {
    const limiter = new InProcessRateLimiter(1200);
    const log: [string, number][] = [];
    await track(limiter, 'a', log);
    const b = track(limiter, 'b', log);
    const c = track(limiter, 'c', log);
    // Fake timers keep their own clock; setSystemTime moves only Date.now(). Moving it ahead
    // while b's timer (due at GAP) fires, then back, models b's callback running late, at 1500 ms
    // (a blocked event loop), while c's timer (due at 2 × GAP) stays on time.
    vi.setSystemTime(T0 + 1500 - GAP);
    await vi.advanceTimersByTimeAsync(GAP);
    vi.setSystemTime(T0 + GAP);
    await vi.runAllTimersAsync();
    await Promise.all([b, c]);
    expect(log).toEqual([
      ['a', 0],
      ['b', 1500],
      ['c', 1500 + GAP],
    ]);
  });

  it('refuses every call while a 429 back-off is in force, then resumes', async () => {
    const limiter = new InProcessRateLimiter(1200);
    await limiter.markLimited(5);
    expect(await limiter.limitedForMs()).toBe(5000);
    await expect(limiter.acquire({ maxWaitMs: 60_000 })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 5,
    });

    vi.advanceTimersByTime(4999);
    await expect(limiter.acquire({ maxWaitMs: 60_000 })).rejects.toMatchObject({ code: 'RATE_LIMITED' });

    vi.advanceTimersByTime(1);
    expect(await limiter.limitedForMs()).toBe(0);
    await expect(limiter.acquire({ maxWaitMs: 60_000 })).resolves.toBeUndefined();
  });

  it('turns away callers already queued when a 429 arrives', async () => {
    const limiter = new InProcessRateLimiter(1200);
    await limiter.acquire({ maxWaitMs: 60_000 });
    const queued = limiter.acquire({ maxWaitMs: 60_000 }).catch((error: unknown) => error);
    await limiter.markLimited(60);
    await vi.advanceTimersByTimeAsync(GAP);
    expect(await queued).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('tells before queueing how long a new caller would wait, without taking a turn', async () => {
    const limiter = new InProcessRateLimiter(1200);
    expect(await limiter.expectedWaitMs()).toBe(0);
    const log: [string, number][] = [];
    const queued = ['a', 'b', 'c'].map((label) => track(limiter, label, log));
    // a calls now, b and c are queued: a fourth caller would come after c.
    expect(await limiter.expectedWaitMs()).toBe(3 * GAP);
    expect(await limiter.expectedWaitMs()).toBe(3 * GAP);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await limiter.expectedWaitMs()).toBe(3 * GAP - 1000);
    await vi.runAllTimersAsync();
    await Promise.all(queued);
    // Asking did not push anyone back.
    expect(log).toEqual([
      ['a', 0],
      ['b', GAP],
      ['c', 2 * GAP],
    ]);
    // c has just called: the gap behind it, then nothing.
    expect(Date.now() - T0).toBe(2 * GAP);
    expect(await limiter.expectedWaitMs()).toBe(GAP);
    vi.advanceTimersByTime(GAP);
    expect(await limiter.expectedWaitMs()).toBe(0);
  });

  it('counts a 429 back-off as the wait', async () => {
    const limiter = new InProcessRateLimiter(1200);
    await limiter.markLimited(5);
    expect(await limiter.expectedWaitMs()).toBe(5000);
    vi.advanceTimersByTime(4000);
    expect(await limiter.expectedWaitMs()).toBe(1000);
  });

  it('never shortens a back-off already in force', async () => {
    const limiter = new InProcessRateLimiter(0);
    await limiter.markLimited(60);
    await limiter.markLimited(5);
    expect(await limiter.limitedForMs()).toBe(60_000);
  });
});

describe('getRateLimiter', () => {
  afterEach(() => {
    delete process.env.JIKAN_MIN_INTERVAL_MS;
    freshProcess('env', 'rate-limiter');
  });

  it('is one per process, built from JIKAN_MIN_INTERVAL_MS', async () => {
    process.env.JIKAN_MIN_INTERVAL_MS = '0';
    freshProcess('env', 'rate-limiter');
    const limiter = getRateLimiter();
    expect(getRateLimiter()).toBe(limiter);
    // With no gap, back-to-back calls pass without waiting on a timer.
    await limiter.acquire({ maxWaitMs: 0 });
    await limiter.acquire({ maxWaitMs: 0 });
  });
});

describe('createRateLimiter', () => {
  it('builds limiters that each hold their own state: a back-off in one leaves the other free', async () => {
    const first = createRateLimiter(1200);
    const second = createRateLimiter(1200);
    await first.markLimited(30);
    expect(await first.limitedForMs()).toBeGreaterThan(0);
    expect(await second.limitedForMs()).toBe(0);
    await expect(first.acquire({ maxWaitMs: 60_000 })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(second.acquire({ maxWaitMs: 0 })).resolves.toBeUndefined();
    // The turn taken from the second does not move the first's queue, nor the other way round.
    expect(await second.expectedWaitMs()).toBeGreaterThan(0);
    expect(await createRateLimiter(1200).expectedWaitMs()).toBe(0);
  });

  it("is what a fresh process's limiter is made with, apart from the previous process's", async () => {
    process.env.JIKAN_MIN_INTERVAL_MS = '1200';
    freshProcess('env', 'rate-limiter');
    const before = getRateLimiter();
    await before.markLimited(30);
    freshProcess('rate-limiter');
    const after = getRateLimiter();
    expect(after).not.toBe(before);
    expect(await after.limitedForMs()).toBe(0);
    delete process.env.JIKAN_MIN_INTERVAL_MS;
    freshProcess('env', 'rate-limiter');
  });
});
