import { describe, expect, it, vi } from 'vitest';
import { runAfterResponse } from './background';

// Next's own after() (no mock): outside a request scope it refuses, and the work runs at once.
describe('runAfterResponse with Next’s after()', () => {
  it('runs the work outside a request scope', async () => {
    const work = vi.fn(async () => undefined);
    runAfterResponse('test', work);
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
  });
});
