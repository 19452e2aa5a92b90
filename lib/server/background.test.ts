import { afterEach, describe, expect, it, vi } from 'vitest';

const afterMock = vi.hoisted(() => ({ inScope: false, kept: [] as Promise<unknown>[] }));
vi.mock('next/server', () => ({
  after: (task: Promise<unknown>) => {
    if (!afterMock.inScope) throw new Error('`after` was called outside a request scope.');
    afterMock.kept.push(task);
  },
}));

const { runAfterResponse, withTimeout } = await import('./background');

afterEach(() => {
  afterMock.inScope = false;
  afterMock.kept = [];
  vi.restoreAllMocks();
});

describe('runAfterResponse', () => {
  it('inside a request scope, starts the work and hands it to after(), which waits for its end', async () => {
    afterMock.inScope = true;
    let finish!: () => void;
    const work = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    runAfterResponse('test', work);
    expect(work).toHaveBeenCalledOnce();
    expect(afterMock.kept).toHaveLength(1);
    let ended = false;
    void afterMock.kept[0]!.then(() => (ended = true));
    await Promise.resolve();
    expect(ended).toBe(false);
    finish();
    await afterMock.kept[0];
    expect(ended).toBe(true);
  });

  it('outside a request scope, runs the work all the same', async () => {
    const work = vi.fn(async () => undefined);
    runAfterResponse('test', work);
    expect(work).toHaveBeenCalledOnce();
    expect(afterMock.kept).toHaveLength(0);
  });

  it('logs a failure instead of throwing, in and out of a request scope', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    runAfterResponse('outside', async () => {
      throw new Error('boom');
    });
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('[background] outside failed', expect.any(Error)),
    );
    afterMock.inScope = true;
    runAfterResponse('inside', async () => {
      throw new Error('boom');
    });
    await expect(afterMock.kept[0]).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[background] inside failed', expect.any(Error));
  });
});

describe('withTimeout', () => {
  it('answers the promise when it settles in time', async () => {
    await expect(withTimeout(Promise.resolve(3), 1000, 'write')).resolves.toBe(3);
  });

  it('rejects once the time is up while the promise hangs', async () => {
    vi.useFakeTimers();
    try {
      const pending = withTimeout(new Promise(() => undefined), 500, 'record write');
      const check = expect(pending).rejects.toThrow('record write took longer than 500 ms');
      await vi.advanceTimersByTimeAsync(500);
      await check;
    } finally {
      vi.useRealTimers();
    }
  });
});
