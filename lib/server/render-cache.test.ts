import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshProcess } from '@/test/support/process';

const shortLivedCalls = vi.hoisted(() => ({ count: 0, revalidate: [] as unknown[] }));
vi.mock('next/cache', () => ({
  unstable_cache: (fn: () => Promise<unknown>, _keys: string[], options: { revalidate?: number }) => {
    shortLivedCalls.revalidate.push(options.revalidate);
    return async () => {
      shortLivedCalls.count += 1;
      return fn();
    };
  },
}));

const { failedListing, KeepLastGoodPageError, rememberGoodListing } = await import('./render-cache');

beforeEach(() => {
  freshProcess('render-cache');
  shortLivedCalls.count = 0;
});

describe('render cache rules for failed listings', () => {
  it('caches a page whose listing never loaded for one second only', async () => {
    await expect(failedListing('carousel:season')).resolves.toBeUndefined();
    expect(shortLivedCalls.count).toBe(1);
    expect(shortLivedCalls.revalidate).toEqual([1]);
  });

  it('throws (Next keeps the last good page) when the listing has loaded before', async () => {
    rememberGoodListing('carousel:season');
    await expect(failedListing('carousel:season')).rejects.toBeInstanceOf(KeepLastGoodPageError);
    expect(shortLivedCalls.count).toBe(0);
    // Another listing is not affected.
    await expect(failedListing('carousel:top')).resolves.toBeUndefined();
  });
});
