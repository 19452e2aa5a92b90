import { describe, expect, it, vi } from 'vitest';
import { freshProcess } from '@/test/support/process';

describe('processState', () => {
  it('gives every copy of a module the same state, as two bundles of one process would load it', async () => {
    const first = await import('./process-state');
    vi.resetModules();
    const second = await import('./process-state');
    expect(second).not.toBe(first);

    let made = 0;
    const init = () => {
      made += 1;
      return {} as { value?: number };
    };
    const a = first.processState('render-cache', init);
    a.value = 42;
    const b = second.processState('render-cache', init);
    expect(b).toBe(a);
    expect(b.value).toBe(42);
    expect(made).toBe(1);

    // A change to a field is seen by every copy.
    b.value = undefined;
    expect(a.value).toBeUndefined();
  });

  it('makes a fresh state in a fresh process (test/support/process.ts), for every copy at once', async () => {
    const { processState } = await import('./process-state');
    const init = () => ({ made: Symbol('state') });
    const before = processState('render-cache', init);
    freshProcess();
    const after = processState('render-cache', init);
    expect(after).not.toBe(before);
    expect(processState('render-cache', init)).toBe(after);
  });

  it('keeps the state of each key apart', async () => {
    const { processState } = await import('./process-state');
    const cache = processState<{ n?: number }>('cache', () => ({ n: 1 }));
    const limiter = processState<{ n?: number }>('rate-limiter', () => ({ n: 2 }));
    expect(cache).not.toBe(limiter);
    expect(cache.n).not.toBe(limiter.n);
  });
});
