import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEVEL, captureServerLog } from '@/test/support/log';

const afterMock = vi.hoisted(() => ({ inScope: false, kept: [] as Promise<unknown>[] }));
vi.mock('next/server', () => ({
  after: (task: Promise<unknown>) => {
    if (!afterMock.inScope) throw new Error('`after` was called outside a request scope.');
    afterMock.kept.push(task);
  },
}));

const { runAfterResponse } = await import('./background');
const { runWithRequestId } = await import('./log');

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
    const log = captureServerLog('info');
    try {
      runAfterResponse('outside', async () => {
        throw new Error('boom');
      });
      await vi.waitFor(() => expect(log.matching(/after the answer failed/)).toHaveLength(1));
      afterMock.inScope = true;
      runAfterResponse('inside', async () => {
        throw new Error('boom');
      });
      await expect(afterMock.kept[0]).resolves.toBeUndefined();
      expect(log.matching(/after the answer failed/)).toEqual([
        expect.objectContaining({
          level: LEVEL.warn,
          work: 'outside',
          err: expect.objectContaining({ message: 'boom' }),
        }),
        expect.objectContaining({
          level: LEVEL.warn,
          work: 'inside',
          err: expect.objectContaining({ message: 'boom' }),
        }),
      ]);
    } finally {
      log.stop();
    }
  });

  it("keeps the request's id in what the work logs after the answer has gone", async () => {
    const log = captureServerLog('info');
    try {
      afterMock.inScope = true;
      let release!: () => void;
      const answered = runWithRequestId('req-after-0001', async () => {
        runAfterResponse('late write', async () => {
          await new Promise<void>((resolve) => (release = resolve));
          throw new Error('late failure');
        });
        return 'answer';
      });
      expect(await answered).toBe('answer');
      // The request's own work has ended; the work handed to after() goes on and logs.
      release();
      await afterMock.kept[0];
      expect(log.matching(/after the answer failed/)).toEqual([
        expect.objectContaining({ work: 'late write', requestId: 'req-after-0001' }),
      ]);
    } finally {
      log.stop();
    }
  });
});
