import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, within } from './within';

afterEach(() => {
  vi.useRealTimers();
});

describe('within', () => {
  it('answers the promise when it settles in time, and its rejection as it is', async () => {
    await expect(within(Promise.resolve(3), 1000, 'write')).resolves.toBe(3);
    const failure = new Error('refused');
    await expect(within(Promise.reject(failure), 1000)).rejects.toBe(failure);
  });

  it('rejects with a TimeoutError naming the work once the time is up while the promise hangs', async () => {
    vi.useFakeTimers();
    const pending = within(new Promise(() => undefined), 500, 'record write');
    const check = expect(pending).rejects.toThrow(new TimeoutError('record write took longer than 500 ms'));
    await vi.advanceTimersByTimeAsync(499);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    const unnamed = within(new Promise(() => undefined), 10).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10);
    const error = await unnamed;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('no answer within 10 ms');
  });

  it('leaves no timer behind once the promise has settled', async () => {
    vi.useFakeTimers();
    await within(Promise.resolve('done'), 60_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
