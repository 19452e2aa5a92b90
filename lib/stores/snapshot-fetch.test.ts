import { describe, expect, it } from 'vitest';
import { createLimiter } from './snapshot-fetch';

describe('createLimiter', () => {
  it('never runs more than the limit at once, and runs everything in order', async () => {
    const run = createLimiter(3);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      active++;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 1));
      active--;
      if (index === 4) throw new Error('lookup failed');
      return index;
    };
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, index) => run(task(index))));
    expect(peak).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(results[9]).toEqual({ status: 'fulfilled', value: 9 });
  });
});
